import fs from 'node:fs';
import path from 'node:path';
import { healthEndpoints } from '@eduqa/contract';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, MIGRATIONS_FOLDER, migrationLevel } from './db/client.ts';
import { registerAttachments } from './modules/attachments/attachments.routes.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { registerDiagnosisRoutes } from './modules/diagnosis/diagnosis.routes.ts';
import { createDiagnosisService } from './modules/diagnosis/diagnosis.service.ts';
import { createFilesRepo } from './modules/files/files.repo.ts';
import { registerFilesRoutes } from './modules/files/files.routes.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { createGoalAnalysis, registerGoalAnalysisRoutes } from './modules/goals/analysis.routes.ts';
import { registerAnnualTargets } from './modules/goals/annual.routes.ts';
import { createGoalsRepo } from './modules/goals/goals.repo.ts';
import { registerGoalsRoutes } from './modules/goals/goals.routes.ts';
import { createGoalsService } from './modules/goals/goals.service.ts';
import { registerReports } from './modules/goals/reports.routes.ts';
import { createOrgRepo } from './modules/org/org.repo.ts';
import { registerOrgRoutes } from './modules/org/org.routes.ts';
import { createOrgService } from './modules/org/org.service.ts';
import { createOrgAdminRepo } from './modules/org/org-admin.repo.ts';
import { registerOrgAdminRoutes } from './modules/org/org-admin.routes.ts';
import { createOrgAdminService } from './modules/org/org-admin.service.ts';
import { createStandardsRepo } from './modules/standards/standards.repo.ts';
import { registerStandardsRoutes } from './modules/standards/standards.routes.ts';
import { createStandardsService } from './modules/standards/standards.service.ts';
import { createStandardsTransfer } from './modules/standards/standards.transfer.ts';
import type { Access } from './platform/access.ts';
import { failure } from './platform/envelope.ts';
import { installErrorHandler } from './platform/error-handler.ts';
import type { FileStorage } from './platform/file-storage.ts';
import { createRouter } from './platform/route.ts';
import { zodValidatorCompiler } from './platform/validation.ts';

export interface AppOptions {
  config: Pick<Config, 'sessionIdleMs' | 'sessionMaxMs' | 'webDist'>;
  database: Database;
  storage: FileStorage;
  logger?: FastifyServerOptions['logger'];
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

/** Routes of plugins that serve documentation, not data; everything else under /api declares access. */
export const DOCS_PREFIX = '/api/docs';

/** The composition root: plugins, the error handler, and every module wired here. */
export async function buildApp(options: AppOptions) {
  const { config, database, storage } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, access: route.config?.access });
    }
  });

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'eduqa 教学质量监测分析平台 API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'eduqa_sid' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
  installErrorHandler(app);

  const authRepo = createAuthRepo(database.db);
  const orgRepo = createOrgRepo(database.db);
  const files = createFilesService({ filesRepo: createFilesRepo(database.db), storage });
  const auth = createAuthService({
    authRepo,
    orgRepo,
    policy: { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
  });
  const org = createOrgService({ orgRepo, files, revokeUserSessions: auth.revokeUserSessions });
  const orgAdmin = createOrgAdminService({
    orgAdminRepo: createOrgAdminRepo(database.db),
    orgRepo,
    files,
    revokeUserSessions: auth.revokeUserSessions,
  });

  const standardsRepo = createStandardsRepo(database.db);
  const standards = createStandardsService({ standardsRepo });
  const standardsTransfer = createStandardsTransfer({ standardsRepo });

  const router = createRouter(app, { resolveSession: auth.resolveSession });
  const availableMigrations = countMigrations();
  router.publicRoute(healthEndpoints.health, async () => ({
    status: 'ok' as const,
    driver: database.driver,
    migrations: { ...(await migrationLevel(database.db)), available: availableMigrations },
  }));
  router.publicRoute(healthEndpoints.ping, () => 'pong' as const);
  registerAuthRoutes(router, { auth, org, maxAgeMs: config.sessionMaxMs });
  registerOrgRoutes(router, org);
  registerOrgAdminRoutes(router, orgAdmin);
  registerFilesRoutes(router, files);
  registerStandardsRoutes(router, { standards, transfer: standardsTransfer });
  registerDiagnosisRoutes(router, createDiagnosisService({ db: database.db }));
  registerGoalsRoutes(router, createGoalsService({ repo: createGoalsRepo(database.db), files, storage }));
  registerGoalAnalysisRoutes(router, createGoalAnalysis({ db: database.db }));
  registerReports(app, router, { db: database.db, files });
  registerAnnualTargets(router, { db: database.db, files, storage });
  registerAttachments(app, router, { db: database.db, storage, files });

  await serveWeb(app, config.webDist);
  return { app, routes };
}

function countMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** The built web app at `/`; an unknown `/api` path still answers with the envelope. */
async function serveWeb(app: FastifyInstance, webDist: string) {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // wildcard: a rebuilt web app is served without a restart; unknown files fall through to index.html.
    await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: true, index: ['index.html'] });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname.startsWith('/api') || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send(failure('NOT_FOUND', `接口不存在：${request.method} ${pathname}`));
    }
    return reply.sendFile('index.html');
  });
}
