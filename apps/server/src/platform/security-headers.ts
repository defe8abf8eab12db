import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer. Scripts come only from the app's own files (Vite builds no
 * inline script); styles may be inline because antd's CSS-in-JS inserts `<style>` tags at run time and
 * components set `style` attributes; images may be `data:`/`blob:` (antd icons, previews of a picked file,
 * ECharts' "save as image"). `upgrade-insecure-requests`, which helmet adds by default, is left out on
 * purpose: a school serving the app over plain http on its intranet would have every request upgraded to an
 * https port nobody listens on.
 */
export const CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
});

/**
 * The directives with the sites whose pages 首页's iframe cards may show (`FRAME_SOURCES`): without them a
 * card may frame only this site's own pages.
 */
export function cspDirectives(frameSources: readonly string[] = []): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(CSP_DIRECTIVES).map(([name, values]) => [
      name,
      name === 'frame-src' ? [...values, ...frameSources] : [...values],
    ]),
  );
}

/** The header value, as browsers receive it. */
export function contentSecurityPolicy(frameSources: readonly string[] = []): string {
  return Object.entries(cspDirectives(frameSources))
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/** The policy of an install that frames no other site (the default). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** A year, without includeSubDomains: other hosts of the school's domain may still be plain http. */
const HSTS = 'max-age=31536000';

/**
 * Security headers on every answer (the web app, `/api`, the OpenAPI page, 404s):
 * - helmet with the CSP above, `X-Content-Type-Options: nosniff`, `X-Frame-Options: SAMEORIGIN`,
 *   `Referrer-Policy: same-origin` (no address of ours leaves for another site; our own Origin/Referer
 *   check still gets the Referer of same-origin requests), and helmet's other defaults;
 * - `Strict-Transport-Security` only on answers to https requests (as the request's protocol says,
 *   X-Forwarded-Proto from a trusted proxy included): over plain http browsers ignore it, and a school
 *   running on `http://` must not be told otherwise;
 * - `Cache-Control: no-store` on every `/api` answer whose route did not choose its own caching (file
 *   downloads do): signed-in data is not kept on a shared computer's disk after sign-out.
 */
export async function installSecurityHeaders(app: FastifyInstance, frameSources: readonly string[] = []) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(frameSources) },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
