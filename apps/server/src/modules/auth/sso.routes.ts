import { AUDIT_SUCCESS, ERRORS, ssoEndpoints } from '@eduqa/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { access } from '../../platform/access.ts';
import type { AuditTrail } from '../../platform/audit-trail.ts';
import { AppError } from '../../platform/errors.ts';
import { type Router, SESSION_COOKIE } from '../../platform/route.ts';
import { SSO_LOGIN_TTL_MS, type SsoService } from './sso.service.ts';

/** Holds the key of a pending OpenID sign-in, sent only to the callback. */
export const SSO_LOGIN_COOKIE = 'eduqa_sso';
const SSO_COOKIE_PATH = '/api/sso';
/** Where the browser lands: relative, so it is always this site, never an address from a request. */
const AFTER_SIGN_IN = '/#/';
export const loginPageWithError = (message: string) => `/#/login?ssoError=${encodeURIComponent(message)}`;

export function registerSsoRoutes(router: Router, deps: { sso: SsoService; audit: AuditTrail }) {
  const { sso, audit } = deps;
  const manageSettings = access.action('org.setting.manage');
  const secure = (request: FastifyRequest) => request.protocol === 'https';

  /**
   * Runs a browser step of central sign-in; a refusal sends the browser to the login page with its message.
   * A refused callback (`isCallback`) goes to the login log: the provider answered and we said no.
   */
  async function browserStep(
    request: FastifyRequest,
    reply: FastifyReply,
    step: () => Promise<string>,
    isCallback = true,
  ) {
    try {
      return reply.redirect(await step(), 302);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      request.log.info({ err: error }, 'central sign-in refused');
      if (isCallback) {
        audit.login({
          event: 'centralSignInFailed',
          request,
          result: String(ERRORS[error.kind].code),
          detail: error.message,
        });
      }
      return reply.redirect(loginPageWithError(error.message), 302);
    }
  }

  const signedIn = (
    request: FastifyRequest,
    reply: FastifyReply,
    session: { token: string; maxAgeMs: number; userId: string },
  ) => {
    audit.login({ event: 'centralSignIn', request, userId: session.userId, result: AUDIT_SUCCESS });
    reply.setCookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: secure(request),
      path: '/',
      maxAge: Math.floor(session.maxAgeMs / 1000),
    });
    return AFTER_SIGN_IN;
  };

  router.publicRoute(ssoEndpoints.status, () => sso.status());
  router.route(ssoEndpoints.settings, manageSettings, () => sso.adminSettings());
  router.route(ssoEndpoints.updateSettings, manageSettings, async ({ body }) => {
    await sso.updateSettings(body);
    return sso.adminSettings();
  });

  router.publicRoute(ssoEndpoints.login, ({ request, reply }) =>
    browserStep(
      request,
      reply,
      async () => {
        const started = await sso.begin();
        if (started.loginKey) {
          reply.setCookie(SSO_LOGIN_COOKIE, started.loginKey, {
            httpOnly: true,
            // Lax: the provider sends the browser back with a top-level GET, which carries a Lax cookie.
            sameSite: 'lax',
            secure: secure(request),
            path: SSO_COOKIE_PATH,
            maxAge: Math.floor(SSO_LOGIN_TTL_MS / 1000),
          });
        }
        return started.redirectUrl;
      },
      false,
    ),
  );

  router.publicRoute(ssoEndpoints.casCallback, ({ query, request, reply }) =>
    browserStep(request, reply, async () =>
      signedIn(request, reply, await sso.casCallback({ ticket: query.ticket, ip: request.ip })),
    ),
  );

  // CAS posts single logout to the service URL from its own server: no browser, no session, no CSRF token.
  router.publicRoute(ssoEndpoints.casLogout, async ({ body }) => {
    await sso.casLogout(body.logoutRequest);
    return null;
  });

  router.publicRoute(ssoEndpoints.oidcCallback, ({ request, reply }) =>
    browserStep(request, reply, async () => {
      const loginKey = request.cookies[SSO_LOGIN_COOKIE];
      reply.clearCookie(SSO_LOGIN_COOKIE, { path: SSO_COOKIE_PATH });
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return signedIn(request, reply, await sso.oidcCallback({ search, loginKey, ip: request.ip }));
    }),
  );
}
