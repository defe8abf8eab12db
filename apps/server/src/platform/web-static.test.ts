import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { IMMUTABLE, REVALIDATE } from './web-static.ts';

const INDEX = '<!doctype html><html><body><div id="root">加载中</div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

/** A dist directory as the web build writes it: hashed assets with their .br and .gz siblings. */
function writeDist(dir: string) {
  const assets = path.join(dir, 'assets');
  fs.mkdirSync(assets, { recursive: true });
  const write = (file: string, body: string) => {
    fs.writeFileSync(file, body);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
  };
  write(path.join(dir, 'index.html'), INDEX);
  write(path.join(assets, 'index-abc123.js'), SCRIPT);
  // An asset the build left uncompressed (too small to gain): sent as it is.
  fs.writeFileSync(path.join(assets, 'tiny-def456.css'), 'a{}');
}

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-web-'));
    writeDist(dist);
    t = await createTestApp({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the brotli sibling of a hashed asset when the browser accepts it, cached for a year', async () => {
    // Chromium's header: gzip is listed first, brotli must still win.
    const answer = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.brotliDecompressSync(answer.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that accepts neither', async () => {
    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('falls back to the plain file when an asset has no compressed sibling', async () => {
    const answer = await get('/assets/tiny-def456.css', 'br, gzip');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-type']).toMatch(/^text\/css/);
    expect(answer.body).toBe('a{}');
  });

  it('serves index.html compressed and revalidated every time, at / and for any app path', async () => {
    for (const url of ['/', '/index.html', '/some/deep/path']) {
      const answer = await get(url, 'gzip, deflate, br');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(answer.headers['cache-control'], url).toBe(REVALIDATE);
      expect(zlib.brotliDecompressSync(answer.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('answers 404 in the envelope for a missing asset instead of index.html', async () => {
    const answer = await get('/assets/index-gone999.js', 'gzip, br');
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toMatchObject({ meta: { success: false, statusCode: 404 }, data: null });
  });

  it('still answers an unknown API path with the envelope', async () => {
    const answer = await get('/api/no-such-route');
    expect(answer.statusCode).toBe(404);
    expect(answer.json().meta.message).toContain('接口不存在');
  });
});
