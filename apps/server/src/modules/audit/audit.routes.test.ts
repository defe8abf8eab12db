import { type AuditEntryWire, auditEndpoints, ERRORS, orgEndpoints, ROLE_IDS } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  refused,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp({ loginLimits: { perPair: 2 } });
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());

const operations = async (query: Record<string, string> = {}) =>
  (await admin.call(auditEndpoints.operationLog, { query: { pageSize: 100, ...query } })).records;
const logins = async (query: Record<string, string> = {}) =>
  (await admin.call(auditEndpoints.loginLog, { query: { pageSize: 100, ...query } })).records;

const attempt = (account: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: account, password },
    headers: { 'user-agent': 'Mozilla/5.0 审计测试' },
  });

describe('operation log', () => {
  it('records a state-changing request: operation, actor, address, object id and success', async () => {
    const user = await createUser(t, { name: '被修改的人' });
    await admin.call(orgEndpoints.adminUpdateUser, {
      params: { id: user.id },
      body: { userName: '改过名的人', roleIds: [ROLE_IDS.diagnosisObject] },
    } as never);
    const entry = (await operations()).find((e) => e.objectIds.includes(user.id));
    expect(entry).toMatchObject({
      kind: 'operation',
      module: '系统管理',
      operation: orgEndpoints.adminUpdateUser.summary,
      actorId: admin.userId,
      actorAccount: 'admin',
      address: '127.0.0.1',
      method: 'POST',
      path: `/api/user/admin/users/${user.id}/update`,
      result: 'success',
    });
    expect(entry?.actorName).toBeTruthy();
    expect(entry?.at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('records a refused request with its error code, and no GET', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user.account, user.password);
    await refused(
      session.call(orgEndpoints.adminDisableUser, {
        params: { id: admin.userId },
        body: { disabled: true },
      } as never),
      403,
    );
    await session.post(
      `/api/user/admin/users/${admin.userId}/disable`,
      { disabled: true },
      { csrf: 'missing' },
    );
    await session.call(orgEndpoints.roles, { query: { pageSize: 10 } } as never);
    const mine = (await operations()).filter((e) => e.actorId === user.id);
    expect(mine.map((e) => e.result).sort()).toEqual(
      [String(ERRORS.FORBIDDEN.code), String(ERRORS.CSRF.code)].sort(),
    );
    expect(mine.every((e) => e.objectIds.includes(admin.userId))).toBe(true);
    expect(mine.every((e) => e.method === 'POST')).toBe(true);
  });

  it('records a request refused for a NUL in an id, and every request after it', async () => {
    await admin.post('/api/user/admin/departments/a%00b/update', {
      departmentName: '空字符',
      parentId: 'p\u0000q',
    });
    const created = await admin.call(orgEndpoints.adminCreateDepartment, {
      body: { departmentName: '空字符之后' },
    } as never);
    const recent = await operations({ pageSize: '2' });
    expect(recent[1]).toMatchObject({
      result: String(ERRORS.VALIDATION.code),
      objectIds: expect.arrayContaining(['a\uFFFDb', 'p\uFFFDq']),
    });
    expect(recent[0]).toMatchObject({
      result: 'success',
      operation: orgEndpoints.adminCreateDepartment.summary,
    });
    expect(created).toBeTruthy();
  });

  it('filters by result, person and module, and pages', async () => {
    const failures = await operations({ result: 'failure' });
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.every((e) => e.result !== 'success')).toBe(true);
    const byAdmin = await operations({ person: 'admin' });
    expect(byAdmin.length).toBeGreaterThan(0);
    expect(byAdmin.every((e) => e.actorAccount === 'admin')).toBe(true);
    expect(await operations({ module: '目标标准' })).toEqual([]);
    const page = await admin.call(auditEndpoints.operationLog, { query: { pageSize: 1, pageNum: 2 } });
    expect(page).toMatchObject({ size: 1, current: 2 });
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(await operations({ from: '2000-01-01', to: '2000-01-02' })).toEqual([]);
  });

  it('is readable only with audit.read', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user.account, user.password);
    await refused(session.call(auditEndpoints.operationLog, {}), 403);
    await refused(session.call(auditEndpoints.loginLog, {}), 403);
    await refused(admin.call(auditEndpoints.loginLog, { query: { result: 'maybe' } } as never), 400, /结果/);
  });
});

describe('login log', () => {
  const latest = (entries: AuditEntryWire[], match: (e: AuditEntryWire) => boolean) => entries.find(match);

  it('records sign-in, failures with their reason and the account tried, and lock-out', async () => {
    const user = await createUser(t, { name: '登录的人' });
    expect((await attempt(user.account, 'wrong-password')).statusCode).toBe(401);
    expect((await attempt('nobody-here', 'whatever1')).statusCode).toBe(401);
    expect((await attempt(user.account, user.password)).statusCode).toBe(200);
    const locked = await createUser(t);
    for (let i = 0; i < 3; i++) await attempt(locked.account, 'wrong-password');

    const entries = await logins();
    const failed = String(ERRORS.LOGIN_FAILED.code);
    expect(latest(entries, (e) => e.actorId === user.id && e.event === 'signInFailed')).toMatchObject({
      operation: '登录失败',
      actorName: '登录的人',
      result: failed,
      detail: '密码错误',
      userAgent: 'Mozilla/5.0 审计测试',
      address: '127.0.0.1',
    });
    expect(latest(entries, (e) => e.actorAccount === 'nobody-here')).toMatchObject({
      actorId: null,
      event: 'signInFailed',
      detail: '账号不存在',
    });
    expect(latest(entries, (e) => e.actorId === user.id && e.event === 'signIn')).toMatchObject({
      result: 'success',
      operation: '登录成功',
    });
    expect(entries.filter((e) => e.actorId === locked.id).map((e) => e.event)).toEqual([
      'lockedOut',
      'signInFailed',
      'signInFailed',
    ]);
    const onlyLocked = await logins({ event: 'lockedOut' });
    expect(onlyLocked.map((e) => e.actorId)).toEqual([locked.id]);
  });

  it('records sign-out, and the expiry of a session used after it once', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user.account, user.password);
    await session.post('/api/user/logout');
    await session.get('/api/user/tryLoginUserInfo');
    await session.get('/api/user/tryLoginUserInfo');
    const mine = (await logins()).filter((e) => e.actorId === user.id);
    expect(mine.map((e) => e.event)).toEqual(['sessionExpired', 'signOut', 'signIn']);
    expect(mine[0]).toMatchObject({
      result: String(ERRORS.SESSION_EXPIRED.code),
      detail: expect.stringContaining('注销'),
    });
    expect((await operations()).some((e) => e.actorId === user.id)).toBe(false);
  });
});
