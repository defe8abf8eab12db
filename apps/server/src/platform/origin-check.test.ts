import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, csrfQuery, signIn, type TestApp } from '../../test/app.ts';
import { FOREIGN_ORIGIN_MESSAGE, originOf } from './origin-check.ts';

const refused = {
  meta: { success: false, message: FOREIGN_ORIGIN_MESSAGE, statusCode: 403 },
  code: 40301,
  data: null,
};

/** A sign-in form post, as a browser sends it from a page with the given headers. */
function formSignIn(t: TestApp, headers: Record<string, string>, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: `username=admin&password=${ADMIN_PASSWORD}`,
  });
}

describe('originOf', () => {
  it('drops default ports and paths, and names no origin for null or other schemes', () => {
    expect(originOf('http://localhost:80/a?b')).toBe('http://localhost');
    expect(originOf('https://x.example:8443/')).toBe('https://x.example:8443');
    expect(originOf('null')).toBeUndefined();
    expect(originOf('file:///tmp/a.html')).toBeUndefined();
  });
});

describe('the Origin/Referer check, site origin from Host', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: ['10.8.0.1'] } });
  });
  afterAll(() => t.close());

  it('refuses a cross-site form post to sign-in with 403 in the envelope, and sets no cookie', async () => {
    const answer = await formSignIn(t, { origin: 'https://evil.example' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual(refused);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a foreign Referer when Origin is missing, and Origin: null', async () => {
    const byReferer = await formSignIn(t, { referer: 'http://evil.example/phish.html' });
    expect(byReferer.statusCode).toBe(403);
    expect(byReferer.json()).toEqual(refused);
    expect((await formSignIn(t, { origin: 'null' })).statusCode).toBe(403);
    // Same host, other port or scheme: another origin.
    expect((await formSignIn(t, { origin: 'http://localhost:8080' })).statusCode).toBe(403);
    expect((await formSignIn(t, { origin: 'https://localhost' })).statusCode).toBe(403);
  });

  it('lets a same-origin sign-in through, by Origin or by Referer, and one with neither', async () => {
    // app.inject sends `Host: localhost:80`; a browser on http://localhost sends this Origin.
    expect((await formSignIn(t, { origin: 'http://localhost' })).statusCode).toBe(200);
    expect((await formSignIn(t, { referer: 'http://localhost/#/login' })).statusCode).toBe(200);
    const otherHost = await formSignIn(t, {
      host: 'quality.school.edu.cn:8080',
      origin: 'http://quality.school.edu.cn:8080',
    });
    expect(otherHost.statusCode).toBe(200);
    expect((await formSignIn(t, {})).statusCode).toBe(200);
  });

  it('refuses a signed-in state change from another site even with a valid CSRF token', async () => {
    const session = await signIn(t, 'admin', ADMIN_PASSWORD);
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        query: csrfQuery(session.csrfSecret),
        headers: { cookie: session.cookie, ...headers },
      });
    const foreign = await send({ origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual(refused);
    expect((await session.get('/api/user/tryLoginUserInfo')).statusCode).toBe(200);
    expect((await send({ origin: 'http://localhost' })).statusCode).toBe(200);
  });

  it('leaves reads alone whatever their Origin', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
  });

  it('takes the site origin from X-Forwarded-Host/-Proto only when a listed proxy sent them', async () => {
    const forwarded = {
      host: 'eduqa:3000',
      'x-forwarded-host': 'quality.school.edu.cn',
      'x-forwarded-proto': 'https',
      origin: 'https://quality.school.edu.cn',
    };
    expect((await formSignIn(t, forwarded, '10.8.0.1')).statusCode).toBe(200);
    expect((await formSignIn(t, forwarded, '10.8.0.2')).statusCode).toBe(403);
  });
});

describe('the Origin/Referer check with PUBLIC_ORIGIN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicOrigin: 'https://quality.school.edu.cn' } });
  });
  afterAll(() => t.close());

  it('accepts only the configured origin, whatever the Host', async () => {
    expect((await formSignIn(t, { origin: 'https://quality.school.edu.cn' })).statusCode).toBe(200);
    const byHost = await formSignIn(t, { host: 'rebound.example', origin: 'http://rebound.example' });
    expect(byHost.statusCode).toBe(403);
    expect(byHost.json()).toEqual(refused);
  });
});
