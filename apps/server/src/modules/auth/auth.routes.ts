import { authEndpoints, sessionUserToWire } from '@eduqa/contract';
import type { FastifyReply } from 'fastify';
import { type Router, SESSION_COOKIE } from '../../platform/route.ts';
import type { OrgService } from '../org/org.service.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(
  router: Router,
  deps: { auth: AuthService; org: OrgService; maxAgeMs: number },
) {
  const { auth, org } = deps;

  const setCookie = (reply: FastifyReply, token: string, secure: boolean) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: Math.floor(deps.maxAgeMs / 1000),
    });

  router.publicRoute(authEndpoints.login, async ({ body, request, reply }) => {
    const session = await auth.login({ ...body, ip: request.ip });
    setCookie(reply, session.token, request.protocol === 'https');
    const user = await org.sessionUser(session.userId);
    return { ...sessionUserToWire(user), csrfSecret: session.csrfSecret };
  });

  router.route(authEndpoints.logout, { kind: 'signedIn' }, async ({ actor, reply }) => {
    await auth.logout(actor);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  });

  router.route(authEndpoints.tryLoginUserInfo, { kind: 'signedIn' }, async ({ actor }) => {
    const user = await org.sessionUser(actor.userId);
    return { ...sessionUserToWire(user), csrfSecret: actor.csrfSecret };
  });
}
