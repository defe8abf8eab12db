import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failure } from './envelope.ts';

/** Vite names every file under `assets/` after its content: a changed file is a new URL. */
const HASHED_ASSETS = '/assets/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** `index.html` names the current hashed files, so the browser asks every time (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';

function setCachingHeaders(res: SetHeadersResponse, filePath: string) {
  const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
  res.setHeader('Cache-Control', isHashed ? IMMUTABLE : REVALIDATE);
  // The body depends on Accept-Encoding (a .br or .gz sibling may be sent): caches must key on it.
  res.setHeader('Vary', 'Accept-Encoding');
}

/**
 * The built web app at `/`. The build writes `.br` and `.gz` siblings of every text asset
 * (apps/web/vite.config.ts); the one the browser accepts is sent, brotli first, with its
 * Content-Encoding and the original file's Content-Type. An unknown path that is not an asset
 * falls back to `index.html` (hash routes live in the fragment, but a bookmarked deep path must
 * still open the app); an unknown `/api` path or asset answers 404 in the envelope.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    // wildcard: a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: setCachingHeaders,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApp = hasWeb && (request.method === 'GET' || request.method === 'HEAD');
    // A missing hashed file is an old or wrong URL: index.html in its place would run as a script and fail obscurely.
    if (isApp && pathname.startsWith(HASHED_ASSETS)) {
      return reply.status(404).send(failure('NOT_FOUND', `文件不存在：${pathname}`));
    }
    if (!isApp || pathname.startsWith('/api')) {
      return reply.status(404).send(failure('NOT_FOUND', `接口不存在：${request.method} ${pathname}`));
    }
    return reply.sendFile('index.html');
  });
}
