import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, createUser, signIn, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/user/login', () => {
  it('signs in, sets an httpOnly SameSite=Lax cookie and returns the session payload', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const cookie = String([response.headers['set-cookie']].flat()[0]);
    expect(cookie).toMatch(/^eduqa_sid=[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Max-Age=2592000');
    const body = response.json();
    expect(body.meta).toEqual({ success: true, message: '操作成功', statusCode: 200 });
    expect(body.data.userName).toBe('系统管理员');
    expect(body.data.roleIdList).toEqual(['zyadmin']);
    expect(Object.keys(body.data.menus)).toContain('system');
    expect(body.data.csrfSecret).toHaveLength(43);
  });

  it('accepts a form-encoded body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=admin&password=${ADMIN_PASSWORD}`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('gives a new session id at every sign-in', async () => {
    const a = await signIn(t, 'admin', ADMIN_PASSWORD);
    const b = await signIn(t, 'admin', ADMIN_PASSWORD);
    expect(a.cookie).not.toBe(b.cookie);
  });

  it('names the missing field in Chinese', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 'admin' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().meta.message).toBe('请输入密码');
    const typed = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: 5, password: 'x' },
    });
    expect(typed.json().meta.message).toContain('用户名');
  });

  it('answers unknown user, wrong password and disabled account alike', async () => {
    const disabled = await createUser(t, { disabled: true });
    const answers = await Promise.all(
      [
        { username: 'nobody-here', password: 'Whatever1' },
        { username: 'admin', password: 'Wrong1234' },
        { username: disabled.account, password: disabled.password },
      ].map((payload) => t.app.inject({ method: 'POST', url: '/api/user/login', payload })),
    );
    const bodies = answers.map((r) => [r.statusCode, r.body]);
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(401);
  });

  it('locks one address out of an account under 20 parallel attempts, the right password included', async () => {
    const user = await createUser(t);
    const attempts = Array.from({ length: 20 }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: '10.0.0.1',
        payload: { username: user.account, password: i === 19 ? user.password : `Wrong${i}abc` },
      }),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '10.0.0.1',
      payload: { username: user.account, password: user.password },
    });
    expect(later.statusCode).toBe(401);
    expect(later.json().meta.message).toBe(results[0]!.json().meta.message);
  });

  it('throttles by address across accounts', async () => {
    const user = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 55 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          remoteAddress: '10.9.9.9',
          payload: { username: `ghost${i}`, password: 'Wrong1234' },
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 401)).toBe(true);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: '10.9.9.9',
      payload: { username: user.account, password: user.password },
    });
    expect(right.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('answers 401 with statusCode 302 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/tryLoginUserInfo' });
    expect(response.statusCode).toBe(401);
    expect(response.json().meta).toEqual({
      success: false,
      message: '未登录或会话已过期，请重新登录',
      statusCode: 302,
    });
  });

  it('restores the session payload with tryLoginUserInfo', async () => {
    const session = await signIn(t, 'admin', ADMIN_PASSWORD);
    const response = await session.get('/api/user/tryLoginUserInfo');
    expect(response.json().data.userId).toBe(session.userId);
    expect(response.json().data.csrfSecret).toBe(session.csrfSecret);
  });

  it('ends the session at logout, after which it answers code 53000010', async () => {
    const session = await signIn(t, 'admin', ADMIN_PASSWORD);
    expect((await session.post('/api/user/logout')).statusCode).toBe(200);
    const after = await session.get('/api/user/tryLoginUserInfo');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(53000010);
  });

  it('never takes identity from headers', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user.account, user.password);
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/user/tryLoginUserInfo',
      headers: { cookie: session.cookie, userId: admin.userId, userName: 'admin', orgId: 'x' },
    });
    expect(forged.json().data.userId).toBe(user.id);
    const noCookie = await t.app.inject({
      method: 'GET',
      url: '/api/user/tryLoginUserInfo',
      headers: { userId: admin.userId },
    });
    expect(noCookie.statusCode).toBe(401);
  });

  it('refuses a state-changing request with a missing, forged or stale CSRF token', async () => {
    const session = await signIn(t, 'admin', ADMIN_PASSWORD);
    for (const csrf of ['missing', 'forged', 'stale'] as const) {
      const response = await session.post('/api/user/users/personalInfo/update', { qq: '12345' }, { csrf });
      expect(response.statusCode).toBe(403);
      expect(response.json().meta.message).toBe('请求校验失败，请刷新页面后重试');
    }
    const other = await signIn(t, 'admin', ADMIN_PASSWORD);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/personalInfo/update',
      headers: { cookie: session.cookie },
      query: { csrfTimestamp: String(Date.now()), csrfToken: 'x' },
      payload: { qq: '12345', other: other.csrfSecret },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('session expiry', () => {
  it('answers 53000010 once the idle timeout has passed', async () => {
    const short = await createTestApp({ idleMs: 1000 });
    try {
      const session = await signIn(short, 'admin', ADMIN_PASSWORD);
      expect((await session.get('/api/user/tryLoginUserInfo')).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const expired = await session.get('/api/user/tryLoginUserInfo');
      expect(expired.statusCode).toBe(401);
      expect(expired.json().code).toBe(53000010);
    } finally {
      await short.close();
    }
  });

  it('ends a session at its absolute lifetime even when active', async () => {
    const short = await createTestApp({ maxMs: 1000 });
    try {
      const session = await signIn(short, 'admin', ADMIN_PASSWORD);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await session.get('/api/user/tryLoginUserInfo')).json().code).toBe(53000010);
    } finally {
      await short.close();
    }
  });
});
