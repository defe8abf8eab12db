import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PREFIX } from '../src/app.ts';
import { createTestApp, type TestApp } from './app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('registered routes', () => {
  it('every /api route declares what it needs', () => {
    const apiRoutes = t.routes.filter((r) => r.url.startsWith('/api') && !r.url.startsWith(DOCS_PREFIX));
    expect(apiRoutes.length).toBeGreaterThan(10);
    const undeclared = apiRoutes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('only the sign-in, central sign-in, settings, health, document and public form routes are public', () => {
    const publicRoutes = t.routes
      .filter((r) => r.access?.kind === 'public' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicRoutes).toEqual([
      'GET /api/health',
      'GET /api/herm-sjcj/public/:linkId',
      'GET /api/herm-sjgl/document/download',
      'GET /api/ping',
      'GET /api/sso/cas/callback',
      'GET /api/sso/login',
      'GET /api/sso/oidc/callback',
      'GET /api/user/sso/status',
      'GET /api/user/systemSetting/:appId',
      'POST /api/herm-sjcj/public/:linkId',
      'POST /api/sso/cas/callback',
      'POST /api/user/login',
    ]);
  });

  it('answers an unknown /api path with the envelope 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      meta: { success: false, statusCode: 404 },
      code: 40400,
      data: null,
    });
  });

  it('serves the OpenAPI description generated from the contract', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/json` });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.paths['/api/user/login'].post.summary).toBe('登录');
    expect(JSON.stringify(doc.paths['/api/user/users/personalInfo/update'])).toContain('邮箱');
  });

  it('reports the driver and the migration level', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const data = response.json().data;
    expect(data.driver).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(data.migrations.applied).toBe(data.migrations.available);
  });
});
