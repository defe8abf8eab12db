import { AUDIT_SUCCESS, authEndpoints, ERRORS, toSessionUserWire } from '@eduqa/contract';
import type { FastifyReply } from 'fastify';
import type { AuditTrail } from '../../platform/audit-trail.ts';
import { type Router, SESSION_COOKIE } from '../../platform/route.ts';
import type { OrgService } from '../org/org.service.ts';
import { type AuthService, LOGIN_REFUSAL_LABELS, LoginRefused } from './auth.service.ts';

export function registerAuthRoutes(
  router: Router,
  deps: { auth: AuthService; org: OrgService; audit: AuditTrail },
) {
  const { auth, org, audit } = deps;

  /** The cookie lives as long as the session may (its absolute lifetime). */
  const setCookie = (reply: FastifyReply, session: { token: string; maxAgeMs: number }, secure: boolean) =>
    reply.setCookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: Math.floor(session.maxAgeMs / 1000),
    });

  router.publicRoute(authEndpoints.login, async ({ body, request, reply }) => {
    const session = await auth.login({ ...body, ip: request.ip }).catch((error: unknown) => {
      if (error instanceof LoginRefused) {
        audit.login({
          event: error.reason === 'locked' ? 'lockedOut' : 'signInFailed',
          request,
          account: body.username,
          result: String(ERRORS.LOGIN_FAILED.code),
          detail: LOGIN_REFUSAL_LABELS[error.reason],
        });
      }
      throw error;
    });
    audit.login({ event: 'signIn', request, userId: session.userId, result: AUDIT_SUCCESS });
    setCookie(reply, session, request.protocol === 'https');
    const user = await org.sessionUser(session.userId);
    return { ...toSessionUserWire(user), csrfSecret: session.csrfSecret };
  });

  router.route(authEndpoints.logout, { kind: 'signedIn' }, async ({ actor, request, reply }) => {
    await auth.logout(actor);
    audit.login({ event: 'signOut', request, userId: actor.userId, result: AUDIT_SUCCESS });
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  });

  router.route(authEndpoints.tryLoginUserInfo, { kind: 'signedIn' }, async ({ actor }) => {
    const user = await org.sessionUser(actor.userId);
    return { ...toSessionUserWire(user), csrfSecret: actor.csrfSecret };
  });
}
