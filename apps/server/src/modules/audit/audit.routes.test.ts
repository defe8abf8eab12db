import {
  type AuditEntryWire,
  auditEndpoints,
  auditResultText,
  type Endpoint,
  ERRORS,
  LOGIN_EVENT_LABELS,
  orgEndpoints,
  type QueryOf,
  ROLE_IDS,
} from '@eduqa/contract';
import ExcelJS from 'exceljs';
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
import { COLUMN_WIDTH, textWidth } from '../../platform/excel/column-width.ts';
import { cutNote } from './audit.export.ts';
import { createAuditRepo } from './audit.repo.ts';
import { createAuditService } from './audit.service.ts';

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

  it('keeps the fields before and after for users, names not ids, never a password', async () => {
    const user = await createUser(t, { name: '改前姓名' });
    await admin.call(orgEndpoints.adminUpdateUser, {
      params: { id: user.id },
      body: { userName: '改后姓名', roleIds: [ROLE_IDS.diagnosisAuditor] },
    } as never);
    await admin.call(orgEndpoints.adminResetPassword, {
      params: { id: user.id },
      body: { password: 'Reset-Pass-2026' },
    } as never);
    await refused(
      admin.call(orgEndpoints.adminUpdateUser, {
        params: { id: user.id },
        body: { userName: '不会保存', roleIds: ['no-such-role'] },
      } as never),
      400,
    );
    const mine = (await operations()).filter((e) => e.objectIds.includes(user.id));
    const [failed, reset, update] = mine;
    expect(update?.changes).toEqual([
      {
        object: '用户',
        id: user.id,
        name: '改后姓名',
        before: { 姓名: '改前姓名', 角色: ['诊断对象'] },
        after: { 姓名: '改后姓名', 角色: ['诊断审核者'] },
      },
    ]);
    expect(reset?.changes).toEqual([
      expect.objectContaining({ before: { 密码: '（原密码）' }, after: { 密码: '（已由管理员重置）' } }),
    ]);
    expect(JSON.stringify(reset)).not.toContain('Reset-Pass-2026');
    expect(failed).toMatchObject({ result: String(ERRORS.VALIDATION.code), changes: null });

    // The export names the changed user and lists what changed, as the drawer does; not ids or JSON.
    const { header, data } = await exported(admin, auditEndpoints.operationLogExport, {
      objectId: user.id,
      result: 'success',
      operation: orgEndpoints.adminUpdateUser.summary,
    });
    const cell = (name: string) => data[0]?.[header.indexOf(name)];
    expect(data).toHaveLength(1);
    expect(cell('涉及对象')).toBe('用户「改后姓名」');
    expect(cell('修改前后')).toBe('用户「改后姓名」\n姓名：改前姓名 → 改后姓名\n角色：诊断对象 → 诊断审核者');
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

  it("finds an object's entries by its id, and no other object's (最近修改)", async () => {
    const [first, second] = [await createUser(t, { name: '甲' }), await createUser(t, { name: '乙' })];
    for (const [user, name] of [
      [first, '甲一'],
      [second, '乙一'],
      [first, '甲二'],
    ] as const) {
      await admin.call(orgEndpoints.adminUpdateUser, {
        params: { id: user.id },
        body: { userName: name, roleIds: [ROLE_IDS.diagnosisObject] },
      } as never);
    }
    const ofFirst = await operations({ objectId: first.id });
    expect(ofFirst.map((e) => e.objectIds.includes(first.id))).toEqual([true, true]);
    expect(ofFirst.some((e) => e.objectIds.includes(second.id))).toBe(false);
    expect(await operations({ objectId: 'no-such-object' })).toEqual([]);
    // An id is matched whole, never as a pattern.
    expect(await operations({ objectId: '%' })).toEqual([]);
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

/** The first sheet of an exported workbook: its frozen rows, column widths and every row's values. */
async function sheetOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: ExcelJS.CellValue[][] = [];
  const formulas: string[] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values: ExcelJS.CellValue[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => {
      if (cell.type === ExcelJS.ValueType.Formula) formulas.push(cell.address);
      values.push(cell.value);
    });
    rows.push(values);
  });
  return { sheet, header: rows[0] ?? [], data: rows.slice(1), formulas };
}

async function exported<E extends Endpoint>(session: Session, endpoint: E, query: QueryOf<E>) {
  const response = await session.send(endpoint, { query });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('spreadsheetml');
  return sheetOf(response.rawPayload);
}

describe('export', () => {
  /** An account a spreadsheet would run as a formula: signs in, then is refused an administrator's change. */
  let hostile: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    hostile = await createUser(t, { account: '=cmd', name: '+公式姓名' });
    const session = await signIn(t, hostile.account, hostile.password);
    await refused(
      session.call(orgEndpoints.adminDisableUser, {
        params: { id: admin.userId },
        body: { disabled: true },
      } as never),
      403,
    );
  });

  it('writes the filtered operations, formula-looking text as text, under a frozen header', async () => {
    const { sheet, header, data, formulas } = await exported(admin, auditEndpoints.operationLogExport, {
      person: '=cmd',
    });
    expect(header).toEqual([
      ...['时间', '账号', '姓名', '部门', '模块', '操作', '请求方法', '请求路径', '涉及对象'],
      ...['来源地址', '浏览器', '结果', '说明', '修改前后'],
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // 请求路径 as wide as the path it holds, up to the cap (platform/excel sizes columns from content).
    const path = String(data[0]?.[7]);
    expect(sheet.getColumn(8).width).toBe(Math.min(COLUMN_WIDTH.max, textWidth(path) + 2));
    expect(formulas).toEqual([]);
    expect(data).toHaveLength(1);
    expect(data[0]?.slice(1, 3)).toEqual(["'=cmd", "'+公式姓名"]);
    expect(data[0]?.[8]).toBe(admin.userId);
    expect(data[0]?.[11]).toBe(auditResultText(String(ERRORS.FORBIDDEN.code)));

    const succeeded = await exported(admin, auditEndpoints.operationLogExport, {
      person: '=cmd',
      result: 'success',
    });
    expect(succeeded.data).toEqual([]);
    const byModule = await exported(admin, auditEndpoints.operationLogExport, {
      person: '=cmd',
      module: '系统',
    });
    expect(byModule.data).toHaveLength(1);
    const longAgo = await exported(admin, auditEndpoints.operationLogExport, { to: '2000-01-01' });
    expect(longAgo.data).toEqual([]);
  });

  it('writes the filtered logins with the event in Chinese', async () => {
    const { header, data, formulas } = await exported(admin, auditEndpoints.loginLogExport, {
      person: '=cmd',
      event: 'signIn',
    });
    expect(header).toEqual(['时间', '账号', '姓名', '部门', '事件', '来源地址', '浏览器', '结果', '说明']);
    expect(formulas).toEqual([]);
    expect(data).toHaveLength(1);
    expect(data[0]?.slice(1, 3)).toEqual(["'=cmd", "'+公式姓名"]);
    expect(data[0]?.[4]).toBe(LOGIN_EVENT_LABELS.signIn);
    expect(data[0]?.[7]).toBe('成功');
    const failed = await exported(admin, auditEndpoints.loginLogExport, {
      person: '=cmd',
      result: 'failure',
    });
    expect(failed.data).toEqual([]);
  });

  it('keeps the newest entries up to the limit and says so in Chinese when there are more', async () => {
    const audit = createAuditService({
      repo: createAuditRepo(t.db),
      recorder: { flush: async () => {} },
      exportMaxRows: 2,
    });
    const newest = (await operations()).slice(0, 2).map((e) => e.at);
    const { data } = await sheetOf((await audit.exportOperations({})).bytes);
    expect(data.slice(0, 2).map((row) => row[0])).toEqual(newest);
    expect(data.slice(2)).toEqual([[], [cutNote(2)]]);
    expect(cutNote(2)).toMatch(/仅导出了最新的 2 条/);
    const exact = createAuditService({
      repo: createAuditRepo(t.db),
      recorder: { flush: async () => {} },
      exportMaxRows: 1,
    });
    const one = await sheetOf((await exact.exportOperations({ person: '=cmd' })).bytes);
    expect(one.data).toHaveLength(1);
  });

  it('is refused without audit.read', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user.account, user.password);
    // The spec answers a refusal as an envelope (statusCode 403), not as a file.
    await refused(session.call(auditEndpoints.operationLogExport, {}), 403);
    await refused(session.call(auditEndpoints.loginLogExport, {}), 403);
  });
});
