import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, signIn, type TestApp } from '../../test/app.ts';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from './security-headers.ts';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-web-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>',
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { webDist, trustProxy: ['10.7.0.1'] } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('spells the policy the app runs under: own scripts only, inline styles for antd, no framing elsewhere', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
        "font-src 'self' data:;connect-src 'self';frame-src 'self';object-src 'none';base-uri 'self';" +
        "frame-ancestors 'self';" +
        "form-action 'self'",
    );
    expect(CONTENT_SECURITY_POLICY).not.toContain('upgrade-insecure-requests');
  });

  it('lets the iframe cards frame the configured sites, and no other', () => {
    expect(contentSecurityPolicy(['https://bi.school.edu.cn'])).toContain(
      "frame-src 'self' https://bi.school.edu.cn;",
    );
    expect(CONTENT_SECURITY_POLICY).toContain("frame-src 'self';");
  });

  it('sends them with the web app at / and on a deep link', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expectSecurityHeaders(root.headers);
    const deep = await t.app.inject({ method: 'GET', url: '/some/page' });
    expect(deep.statusCode).toBe(200);
    expectSecurityHeaders(deep.headers);
  });

  it('sends them with no-store on /api answers, signed in, public and failed alike', async () => {
    const session = await signIn(t, 'admin', ADMIN_PASSWORD);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await session.get('/api/user/tryLoginUserInfo'),
      await t.app.inject({ method: 'GET', url: '/api/user/tryLoginUserInfo' }),
      await t.app.inject({ method: 'GET', url: '/api/no/such/route' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404]);
    for (const answer of answers) {
      expectSecurityHeaders(answer.headers);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('leaves the web app cacheable: no-store is for /api only', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.headers['cache-control']).not.toBe('no-store');
  });

  it('sends Strict-Transport-Security only to a request that came over https', async () => {
    const viaProxy = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.7.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: '10.7.0.2',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves the OpenAPI page under the same policy, with scripts from files only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    const scripts = page.body.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc="/);
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    // No validator badge: it would be an image from validator.swagger.io, which img-src refuses.
    expect(initializer.body).toContain('validatorUrl: null');
  });
});
