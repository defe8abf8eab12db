import type { FastifyInstance } from 'fastify';
import { createAuthRepo } from '../modules/auth/auth.repo.ts';
import { registerAuthRoutes } from '../modules/auth/auth.routes.ts';
import { createAuthService } from '../modules/auth/auth.service.ts';
import { createOidcConfigs } from '../modules/auth/sso.oidc.ts';
import { createSsoRepo } from '../modules/auth/sso.repo.ts';
import { registerSsoRoutes } from '../modules/auth/sso.routes.ts';
import { createSsoService } from '../modules/auth/sso.service.ts';
import { createFileTypesRepo } from '../modules/files/file-types.repo.ts';
import { registerFileTypesRoutes } from '../modules/files/file-types.routes.ts';
import { createFileTypesService } from '../modules/files/file-types.service.ts';
import { createFilesRepo } from '../modules/files/files.repo.ts';
import { registerFilesRoutes } from '../modules/files/files.routes.ts';
import { createFilesService } from '../modules/files/files.service.ts';
import { createUploadsRepo } from '../modules/files/uploads.repo.ts';
import { createUploadsService } from '../modules/files/uploads.service.ts';
import { createOrgRepo } from '../modules/org/org.repo.ts';
import { registerOrgRoutes } from '../modules/org/org.routes.ts';
import { createOrgService } from '../modules/org/org.service.ts';
import { createOrgAdminRepo } from '../modules/org/org-admin.repo.ts';
import { registerOrgAdminRoutes } from '../modules/org/org-admin.routes.ts';
import { createOrgAdminService } from '../modules/org/org-admin.service.ts';
import type { AppOptions, WiringContext } from './context.ts';

/**
 * Sign-in, people and stored files: built before the router, which resolves sessions through auth, and
 * before every domain that keeps files.
 */
export function createAccounts(options: AppOptions) {
  const { config, database, storage } = options;
  const authRepo = createAuthRepo(database.db);
  const orgRepo = createOrgRepo(database.db);
  const files = createFilesService({ filesRepo: createFilesRepo(database.db), storage });
  const auth = createAuthService({
    authRepo,
    orgRepo,
    policy: { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
    limits: options.loginLimits,
  });
  const org = createOrgService({ orgRepo, files, revokeUserSessions: auth.revokeUserSessions });
  const orgAdmin = createOrgAdminService({
    orgAdminRepo: createOrgAdminRepo(database.db),
    orgRepo,
    files,
    revokeUserSessions: auth.revokeUserSessions,
  });
  return { orgRepo, files, auth, org, orgAdmin };
}

export type Accounts = ReturnType<typeof createAccounts>;

/** Chunked uploads: swept while the app runs, stopped when it closes. */
export function createUploads(app: FastifyInstance, options: AppOptions) {
  const uploads = createUploadsService({
    repo: createUploadsRepo(options.database.db),
    storage: options.storage,
    options: { log: (error, message) => app.log.error({ err: error }, message) },
  });
  app.addHook('onReady', async () => uploads.start());
  app.addHook('onClose', () => uploads.close());
  return uploads;
}

export function wireAccounts({ router, database, audit }: WiringContext, accounts: Accounts) {
  const { auth, org, orgAdmin, orgRepo, files } = accounts;
  registerAuthRoutes(router, { auth, org, audit });
  const sso = createSsoService({
    ssoRepo: createSsoRepo(database.db),
    orgRepo,
    auth,
    oidcConfigs: createOidcConfigs(),
  });
  registerSsoRoutes(router, { sso, audit });
  registerOrgRoutes(router, { org });
  registerOrgAdminRoutes(router, { orgAdmin });
  registerFilesRoutes(router, { files });
}

export function wireFileTypes({ router, database }: WiringContext) {
  registerFileTypesRoutes(router, {
    fileTypes: createFileTypesService({ repo: createFileTypesRepo(database.db) }),
  });
}
