import { authEndpoints, toSessionUserWire } from '@eduqa/contract';
import type { FastifyReply } from 'fastify';
import { type Router, SESSION_COOKIE } from '../../platform/route.ts';
import type { OrgService } from '../org/org.service.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(router: Router, deps: { auth: AuthService; org: OrgService }) {
  const { auth, org } = deps;

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
    const session = await auth.login({ ...body, ip: request.ip });
    setCookie(reply, session, request.protocol === 'https');
    const user = await org.sessionUser(session.userId);
    return { ...toSessionUserWire(user), csrfSecret: session.csrfSecret };
  });

  router.route(authEndpoints.logout, { kind: 'signedIn' }, async ({ actor, reply }) => {
    await auth.logout(actor);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  });

  router.route(authEndpoints.tryLoginUserInfo, { kind: 'signedIn' }, async ({ actor }) => {
    const user = await org.sessionUser(actor.userId);
    return { ...toSessionUserWire(user), csrfSecret: actor.csrfSecret };
  });
}
