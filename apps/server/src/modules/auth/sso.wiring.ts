import type { Db } from '../../db/client.ts';
import type { Router } from '../../platform/route.ts';
import type { OrgRepo } from '../org/org.repo.ts';
import type { AuthService } from './auth.service.ts';
import { createOidcConfigs } from './sso.oidc.ts';
import { createSsoRepo } from './sso.repo.ts';
import { registerSsoRoutes } from './sso.routes.ts';
import { createSsoService } from './sso.service.ts';

/** Central sign-in, wired in one call so that app.ts gains one line. */
export function createSsoWiring(deps: { db: Db; orgRepo: OrgRepo; auth: AuthService; router: Router }) {
  const sso = createSsoService({
    ssoRepo: createSsoRepo(deps.db),
    orgRepo: deps.orgRepo,
    auth: deps.auth,
    oidcConfigs: createOidcConfigs(),
  });
  registerSsoRoutes(deps.router, { sso });
  return sso;
}
