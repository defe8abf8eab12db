import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

export const FOREIGN_ORIGIN_MESSAGE = '请求来源不是本站，已拒绝；请在本站页面中操作';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `scheme://host[:port]` of a URL, default ports dropped; undefined for anything else (`null` included). */
export function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The site's own origin: PUBLIC_ORIGIN when configured, else the request's protocol and Host — which
 * follow X-Forwarded-Proto/-Host only from a proxy listed in TRUST_PROXY. A browser always sends the Host
 * of the site it is talking to, so a page elsewhere cannot make its Origin match.
 */
export function ownOrigin(request: FastifyRequest, publicOrigin: string | undefined): string | undefined {
  return publicOrigin ?? originOf(`${request.protocol}://${request.host}`);
}

/**
 * Refuses sign-in and every state-changing request whose `Origin` (or, lacking it, `Referer`) is not the
 * site's own, before any session lookup or body parsing: a cross-site form post cannot sign anyone in or
 * change anything, whatever the cookie's SameSite. A request with neither header passes — API clients and
 * scripts send none — and still meets the CSRF token check of signed-in routes (`route.ts`).
 */
export function installOriginCheck(
  app: FastifyInstance,
  options: { publicOrigin?: string | undefined } = {},
) {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    const referer = request.headers.referer;
    // `Origin: null` (sandboxed frames, file: pages, some redirects) names no site, so it is foreign.
    const claimed = origin !== undefined ? origin : referer;
    if (claimed === undefined) return;
    const expected = ownOrigin(request, options.publicOrigin);
    if (expected === undefined || originOf(claimed) !== expected) {
      request.log.info({ origin, referer, expected }, 'foreign origin refused');
      throw new AppError('CSRF', FOREIGN_ORIGIN_MESSAGE);
    }
  });
}
