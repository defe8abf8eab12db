import { ACTIONS, MESSAGES, NO_PERMISSION_MESSAGE, ROLE_IDS, SESSION_EXPIRED_CODE } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  multipart,
  TINY_PNG as PNG,
  postMultipart,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());

const USERS = '/api/user/admin/users';
const ROLES = '/api/user/admin/roles';
const DEPARTMENTS = '/api/user/admin/departments';
const USER_TYPES = '/api/user/admin/userTypes';
const SETTING = '/api/user/systemSetting/001';

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}${Date.now().toString(36)}`;

function expectOk(response: LightMyRequestResponse) {
  expect(response.json().meta, response.body).toMatchObject({ success: true, statusCode: 200 });
  return response.json().data;
}

function expectFailure(response: LightMyRequestResponse, http: number, message: string) {
  expect(response.statusCode, response.body).toBe(http);
  expect(response.json().meta.success).toBe(false);
  expect(response.json().meta.message).toBe(message);
}

function upload(session: Session, url: string, file: { name: string; bytes: Buffer; type?: string }) {
  return postMultipart(t, session, url, multipart(file));
}

async function createAdminUser(
  body: Record<string, unknown> = {},
): Promise<{ userId: string; account: string; password: string }> {
  const account = (body.account as string | undefined) ?? unique('u');
  const password = (body.password as string | undefined) ?? 'Initial123';
  const data = expectOk(
    await admin.post(USERS, {
      userName: '新用户',
      roleIds: [ROLE_IDS.diagnosisObject],
      ...body,
      account,
      password,
    }),
  );
  return { userId: data.userId, account, password };
}

async function createRole(body: Record<string, unknown> = {}) {
  return expectOk(await admin.post(ROLES, { roleName: unique('角色'), ...body }));
}

async function createDepartment(body: Record<string, unknown> = {}) {
  return expectOk(await admin.post(DEPARTMENTS, { departmentName: unique('部门'), ...body }));
}

describe('permission', () => {
  it('refuses every administration endpoint to a user without the action, with HTTP 200 and 403', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user.account, user.password);
    const calls = [
      session.get(USERS),
      session.post(USERS, { account: 'x1', password: 'Passw0rd1', userName: 'x' }),
      session.post(`${USERS}/${user.id}/update`, { userName: 'x' }),
      session.post(`${USERS}/${user.id}/disable`, { disabled: true }),
      session.post(`${USERS}/${user.id}/resetPassword`, { password: 'Passw0rd2' }),
      session.get(ROLES),
      session.post(ROLES, { roleName: 'x' }),
      session.post(`${ROLES}/${ROLE_IDS.admin}/update`, { roleName: 'x' }),
      session.post(`${ROLES}/${ROLE_IDS.admin}/delete`),
      session.post(DEPARTMENTS, { departmentName: 'x' }),
      session.post(`${DEPARTMENTS}/x/update`, { departmentName: 'x' }),
      session.post(`${DEPARTMENTS}/x/delete`),
      session.post(USER_TYPES, { userTypeName: 'x' }),
      session.post(`${USER_TYPES}/x/update`, { userTypeName: 'x' }),
      session.post(`${USER_TYPES}/x/delete`),
      session.post(`${SETTING}/update`, { systemName: 'x' }),
      upload(session, `${SETTING}/logo`, { name: 'logo.png', bytes: PNG }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().meta).toEqual({
        success: false,
        message: NO_PERMISSION_MESSAGE,
        statusCode: 403,
      });
    }
  });

  it('grants exactly the actions a role carries', async () => {
    const role = await createRole({ actions: ['org.department.manage'] });
    const user = await createUser(t, { roles: [role.roleId] });
    const session = await signIn(t, user.account, user.password);
    expectOk(await session.post(USER_TYPES, { userTypeName: unique('类型') }));
    expect((await session.get(USERS)).json().meta.statusCode).toBe(403);
  });

  it('asks for a session first', async () => {
    const response = await t.app.inject({ method: 'GET', url: USERS });
    expect(response.statusCode).toBe(401);
    expect(response.json().meta.statusCode).toBe(302);
  });
});

describe('users', () => {
  it('creates a user with roles, department and type, who can then sign in', async () => {
    const department = await createDepartment();
    const created = await createAdminUser({
      userName: '  李老师 ',
      departmentId: department.departmentId,
      userTypeId: '',
      roleIds: [ROLE_IDS.diagnosisObject, ROLE_IDS.inSchoolExpert, ROLE_IDS.inSchoolExpert],
      email: 'li@example.edu.cn',
      phone: '13812345678',
      sex: '2',
    });
    const user = expectOk(await admin.get(`/api/user/users/${created.userId}`));
    expect(user).toMatchObject({
      account: created.account,
      userName: '李老师',
      departmentId: department.departmentId,
      departmentName: department.departmentName,
      userTypeId: null,
      email: 'li@example.edu.cn',
      phone: '13812345678',
      sex: '2',
      disabled: false,
    });
    expect(user.roles.map((r: { roleId: string }) => r.roleId).sort()).toEqual(
      [ROLE_IDS.inSchoolExpert, ROLE_IDS.diagnosisObject].sort(),
    );
    const session = await signIn(t, created.account, created.password);
    const info = expectOk(await session.get('/api/user/tryLoginUserInfo'));
    expect(Object.keys(info.menus)).toContain('analysis');
  });

  it('accepts a form-encoded body with comma-joined role ids', async () => {
    const account = unique('form');
    const data = expectOk(
      await admin.post(
        USERS,
        {
          account,
          password: 'Initial123',
          userName: '表单用户',
          roleIds: `${ROLE_IDS.outsideExpert},${ROLE_IDS.diagnosisObject}`,
        },
        { form: true },
      ),
    );
    expect(data.roles).toHaveLength(2);
  });

  it('lists users by keyword, department, role and state, paged', async () => {
    const department = await createDepartment();
    const role = await createRole();
    const a = await createAdminUser({
      userName: '筛选甲',
      departmentId: department.departmentId,
      roleIds: [role.roleId],
    });
    const b = await createAdminUser({ userName: '筛选乙', departmentId: department.departmentId });
    expectOk(await admin.post(`${USERS}/${b.userId}/disable`, { disabled: true }));

    const byDepartment = expectOk(await admin.get(USERS, { departmentId: department.departmentId }));
    expect(byDepartment.total).toBe(2);
    const byRole = expectOk(await admin.get(USERS, { roleId: role.roleId }));
    expect(byRole.records.map((r: { userId: string }) => r.userId)).toEqual([a.userId]);
    const disabled = expectOk(
      await admin.get(USERS, { departmentId: department.departmentId, disabled: 'true' }),
    );
    expect(disabled.records.map((r: { userId: string }) => r.userId)).toEqual([b.userId]);
    const byKeyword = expectOk(await admin.get(USERS, { keyword: '筛选' }));
    expect(byKeyword.total).toBe(2);
    const paged = expectOk(await admin.get(USERS, { pageNum: 2, pageSize: 1, keyword: '筛选' }));
    expect(paged).toMatchObject({ total: 2, current: 2, pages: 2, size: 1 });
    expect(paged.records).toHaveLength(1);
  });

  it('names the faulty field in Chinese', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: 'Initial123', userName: '甲' }, '请输入登录账号'],
      [{ account: 'ok_account', password: 'Initial123' }, '请输入姓名'],
      [{ account: 'ok_account', password: 'Initial123', userName: '甲', departmentId: 5 }, '部门必须是文本'],
      [{ account: 'ok_account', password: 'Initial123', userName: '甲', roleIds: 5 }, '角色格式不正确'],
      [
        { account: 'ok_account', password: 'Initial123', userName: '名'.repeat(61) },
        '姓名最多只能输入60个字符',
      ],
      [{ account: 'a b', password: 'Initial123', userName: '甲' }, '登录账号只能包含字母、数字和 _ . @ -'],
      [{ account: 'ok_account', userName: '甲' }, '请输入初始密码'],
      [{ account: 'ok_account', password: 'abc', userName: '甲' }, MESSAGES.weakPassword],
      [{ account: 'ok_account', password: '12345678', userName: '甲' }, MESSAGES.weakPassword],
      [{ account: 'ok_account', password: 'Initial123', userName: '甲', email: 'li@' }, MESSAGES.email],
      [{ account: 'ok_account', password: 'Initial123', userName: '甲', phone: '12345' }, MESSAGES.phone],
      [{ account: 'ok_account', password: 'Initial123', userName: '甲', sex: '3' }, '性别只能是男或女'],
      [{ account: 'ok_account', password: 'Initial123', userName: '甲', roleIds: ['nope'] }, '角色不存在'],
      [{ account: 'ok_account', password: 'Initial123', userName: '甲', departmentId: 'nope' }, '部门不存在'],
      [
        { account: 'ok_account', password: 'Initial123', userName: '甲', userTypeId: 'nope' },
        '用户类型不存在',
      ],
    ];
    for (const [body, message] of cases) {
      expectFailure(await admin.post(USERS, body), 400, message);
    }
    expect(expectOk(await admin.get(USERS, { keyword: 'ok_account' })).total).toBe(0);
  });

  it('refuses an account that exists, whatever its case', async () => {
    expectFailure(
      await admin.post(USERS, { account: 'ADMIN', password: 'Initial123', userName: '重复' }),
      409,
      '登录账号已存在',
    );
  });

  it('answers parallel creations of one account with one user and conflicts', async () => {
    const account = unique('race');
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        admin.post(USERS, { account, password: 'Initial123', userName: '并发' }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) {
      expectFailure(response, 409, '登录账号已存在');
    }
  });

  it('updates fields, replaces roles and leaves absent fields alone', async () => {
    const created = await createAdminUser({ email: 'keep@example.com', phone: '13800000000' });
    const data = expectOk(
      await admin.post(`${USERS}/${created.userId}/update`, {
        userName: '改名',
        roleIds: [ROLE_IDS.outsideExpert],
        phone: '',
      }),
    );
    expect(data).toMatchObject({
      userName: '改名',
      email: 'keep@example.com',
      phone: null,
      account: created.account,
    });
    expect(data.roles).toEqual([{ roleId: ROLE_IDS.outsideExpert, roleName: '校外专家' }]);
    const kept = expectOk(await admin.post(`${USERS}/${created.userId}/update`, { userName: '再改' }));
    expect(kept.roles).toEqual(data.roles);
    expectFailure(await admin.post(`${USERS}/nobody/update`, { userName: '甲' }), 404, '用户不存在');
  });

  it('disables a user: their session ends with 53000010 and they cannot sign in until enabled', async () => {
    const created = await createAdminUser();
    const session = await signIn(t, created.account, created.password);
    expect((await session.get('/api/user/tryLoginUserInfo')).statusCode).toBe(200);

    const disabled = expectOk(await admin.post(`${USERS}/${created.userId}/disable`, { disabled: true }));
    expect(disabled.disabled).toBe(true);
    const after = await session.get('/api/user/tryLoginUserInfo');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(SESSION_EXPIRED_CODE);
    await expect(signIn(t, created.account, created.password)).rejects.toThrow('sign-in failed');

    expectOk(await admin.post(`${USERS}/${created.userId}/disable`, { disabled: 'false' }, { form: true }));
    const again = await signIn(t, created.account, created.password);
    expect((await again.get('/api/user/tryLoginUserInfo')).statusCode).toBe(200);
    // The session that was open when the user was disabled stays ended.
    expect((await session.get('/api/user/tryLoginUserInfo')).json().code).toBe(SESSION_EXPIRED_CODE);
  });

  it('resets a password: the new one works, the old one and the open sessions do not', async () => {
    const created = await createAdminUser();
    const session = await signIn(t, created.account, created.password);
    expectFailure(
      await admin.post(`${USERS}/${created.userId}/resetPassword`, { password: 'short1' }),
      400,
      MESSAGES.weakPassword,
    );
    expectFailure(await admin.post(`${USERS}/${created.userId}/resetPassword`, {}), 400, '请输入新密码');
    expectOk(await admin.post(`${USERS}/${created.userId}/resetPassword`, { password: 'Changed456' }));
    expect((await session.get('/api/user/tryLoginUserInfo')).json().code).toBe(SESSION_EXPIRED_CODE);
    await expect(signIn(t, created.account, created.password)).rejects.toThrow('sign-in failed');
    await signIn(t, created.account, 'Changed456');
    expectFailure(
      await admin.post(`${USERS}/nobody/resetPassword`, { password: 'Changed456' }),
      404,
      '用户不存在',
    );
  });
});

describe('keeping an administrator', () => {
  it('refuses to let administrators disable themselves or drop their own administrator role', async () => {
    expectFailure(
      await admin.post(`${USERS}/${admin.userId}/disable`, { disabled: true }),
      422,
      '不能停用自己的账号',
    );
    expectFailure(
      await admin.post(`${USERS}/${admin.userId}/update`, {
        userName: '系统管理员',
        roleIds: [ROLE_IDS.diagnosisObject],
      }),
      422,
      '不能移除自己的系统管理员角色',
    );
    const self = expectOk(
      await admin.post(`${USERS}/${admin.userId}/update`, {
        userName: '系统管理员',
        roleIds: [ROLE_IDS.admin, ROLE_IDS.schoolLeader],
      }),
    );
    expect(self.roles).toHaveLength(2);
    expectOk(
      await admin.post(`${USERS}/${admin.userId}/update`, {
        userName: '系统管理员',
        roleIds: [ROLE_IDS.admin],
      }),
    );
  });

  it('keeps the last enabled administrator', async () => {
    // A user manager who is not an administrator tries to remove the only one.
    const managers = await createRole({ actions: ['org.user.manage'] });
    const manager = await createUser(t, { roles: [managers.roleId] });
    const session = await signIn(t, manager.account, manager.password);
    expectFailure(
      await session.post(`${USERS}/${admin.userId}/disable`, { disabled: true }),
      422,
      '至少保留一名启用的系统管理员',
    );
    expectFailure(
      await session.post(`${USERS}/${admin.userId}/update`, { userName: '系统管理员', roleIds: [] }),
      422,
      '至少保留一名启用的系统管理员',
    );
    // A disabled second administrator does not count.
    const second = await createAdminUser({ roleIds: [ROLE_IDS.admin] });
    expectOk(await admin.post(`${USERS}/${second.userId}/disable`, { disabled: true }));
    expectFailure(
      await session.post(`${USERS}/${admin.userId}/disable`, { disabled: true }),
      422,
      '至少保留一名启用的系统管理员',
    );
    // Once another administrator is enabled, the first may go.
    expectOk(await admin.post(`${USERS}/${second.userId}/disable`, { disabled: false }));
    expectOk(await session.post(`${USERS}/${second.userId}/update`, { userName: '第二管理员', roleIds: [] }));
    expectOk(
      await session.post(`${USERS}/${second.userId}/update`, {
        userName: '第二管理员',
        roleIds: [ROLE_IDS.admin],
      }),
    );
    expectOk(await session.post(`${USERS}/${admin.userId}/disable`, { disabled: true }));
    expectFailure(
      await session.post(`${USERS}/${second.userId}/disable`, { disabled: true }),
      422,
      '至少保留一名启用的系统管理员',
    );
    expectOk(await session.post(`${USERS}/${admin.userId}/disable`, { disabled: false }));
    admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  });
});

describe('roles', () => {
  it('creates a role whose grants reach its users at once', async () => {
    const role = await createRole({ menuKeys: ['report', 'index', 'report'], actions: 'org.setting.manage' });
    expect(role).toMatchObject({
      appId: '001',
      builtin: false,
      menuKeys: ['index', 'report'],
      actions: ['org.setting.manage'],
    });
    const user = await createUser(t, { roles: [role.roleId] });
    const session = await signIn(t, user.account, user.password);
    expect(Object.keys(expectOk(await session.get('/api/user/tryLoginUserInfo')).menus)).toEqual([
      'index',
      'report',
    ]);

    expectOk(
      await admin.post(`${ROLES}/${role.roleId}/update`, {
        roleName: role.roleName,
        menuKeys: ['dataManage'],
      }),
    );
    const info = expectOk(await session.get('/api/user/tryLoginUserInfo'));
    expect(Object.keys(info.menus)).toEqual(['dataManage']);
    expect(info.actions).toEqual(['org.setting.manage']);
  });

  it('lists roles by keyword with their grants', async () => {
    const page = expectOk(await admin.get(ROLES, { keyword: '系统管理', pageSize: 100 }));
    expect(page.records).toEqual([
      expect.objectContaining({ roleId: ROLE_IDS.admin, roleName: '系统管理员', builtin: true }),
    ]);
    expect(page.records[0].actions).toHaveLength(ACTIONS.length);
  });

  it('names faulty grants and refuses a taken name', async () => {
    expectFailure(await admin.post(ROLES, { roleName: '甲', menuKeys: ['nope'] }), 400, '菜单权限不正确');
    expectFailure(await admin.post(ROLES, { roleName: '甲', actions: ['org.all'] }), 400, '操作权限不正确');
    expectFailure(await admin.post(ROLES, { menuKeys: [] }), 400, '请输入角色名称');
    expectFailure(
      await admin.post(ROLES, { roleName: '角'.repeat(61) }),
      400,
      '角色名称最多只能输入60个字符',
    );
    expectFailure(await admin.post(ROLES, { roleName: '校外专家' }), 409, '角色名称已存在');
    const role = await createRole();
    expectFailure(
      await admin.post(`${ROLES}/${role.roleId}/update`, { roleName: '校外专家' }),
      409,
      '角色名称已存在',
    );
    expectFailure(await admin.post(`${ROLES}/nope/update`, { roleName: '乙' }), 404, '角色不存在');
  });

  it('lets built-in roles change their grants but not their names', async () => {
    const updated = expectOk(
      await admin.post(`${ROLES}/${ROLE_IDS.outsideExpert}/update`, {
        roleName: '校外专家',
        menuKeys: ['index', 'report', 'analysis'],
      }),
    );
    expect(updated.menuKeys).toEqual(['index', 'report', 'analysis']);
    expectFailure(
      await admin.post(`${ROLES}/${ROLE_IDS.outsideExpert}/update`, { roleName: '外部专家' }),
      422,
      '内置角色不能修改名称',
    );
    expectFailure(
      await admin.post(`${ROLES}/${ROLE_IDS.admin}/update`, { roleName: '系统管理员', menuKeys: ['index'] }),
      422,
      '系统管理员角色必须保留系统管理菜单和全部操作权限',
    );
    expectFailure(
      await admin.post(`${ROLES}/${ROLE_IDS.admin}/update`, {
        roleName: '系统管理员',
        actions: ['org.user.manage'],
      }),
      422,
      '系统管理员角色必须保留系统管理菜单和全部操作权限',
    );
  });

  it('deletes an unused role, never a built-in one nor one still held', async () => {
    expectFailure(await admin.post(`${ROLES}/${ROLE_IDS.outsideExpert}/delete`), 422, '内置角色不能删除');
    const held = await createRole();
    await createUser(t, { roles: [held.roleId] });
    expectFailure(await admin.post(`${ROLES}/${held.roleId}/delete`), 422, '该角色下仍有用户，不能删除');
    const unused = await createRole();
    expectOk(await admin.post(`${ROLES}/${unused.roleId}/delete`));
    expectFailure(await admin.post(`${ROLES}/${unused.roleId}/delete`), 404, '角色不存在');
  });
});

describe('departments', () => {
  it('creates a department whose head becomes a department head at once', async () => {
    const head = await createUser(t);
    const parent = await createDepartment();
    const created = await createDepartment({
      parentId: parent.departmentId,
      chargeUserId: head.id,
      shortNameChinese: '简称',
      shortNameEnglish: 'ABBR',
      sort: '7',
    });
    expect(created).toMatchObject({ parentId: parent.departmentId, chargeUserId: head.id, sort: 7 });
    expect(created.chargeUserName).toMatch(/^测试用户/);
    const session = await signIn(t, head.account, head.password);
    const info = expectOk(await session.get('/api/user/tryLoginUserInfo'));
    expect(info.roleIdList).toContain('targetTaskDepart');
    expect(info.newChargeDeparmentIdList).toContain(created.departmentId);
    const names = expectOk(await admin.get('/api/user/departments/shortNames', { keyword: 'ABBR' }));
    expect(names.records).toEqual([
      expect.objectContaining({ departId: created.departmentId, shortNameChinese: '简称' }),
    ]);
  });

  it('updates a department, clearing what is sent empty', async () => {
    const head = await createUser(t);
    const department = await createDepartment({ chargeUserId: head.id, shortNameChinese: '旧' });
    const updated = expectOk(
      await admin.post(`${DEPARTMENTS}/${department.departmentId}/update`, {
        departmentName: `${department.departmentName}改`,
        chargeUserId: '',
      }),
    );
    expect(updated).toMatchObject({
      chargeUserId: null,
      chargeUserName: null,
      departmentName: `${department.departmentName}改`,
    });
    const names = expectOk(
      await admin.get('/api/user/departments/shortNames', { keyword: updated.departmentName }),
    );
    expect(names.records[0].shortNameChinese).toBe('旧');
    expectFailure(
      await admin.post(`${DEPARTMENTS}/nope/update`, { departmentName: '甲' }),
      404,
      '部门不存在',
    );
  });

  it('refuses a taken name, a missing parent, a disabled head and overlong short names', async () => {
    const taken = await createDepartment();
    expectFailure(
      await admin.post(DEPARTMENTS, { departmentName: taken.departmentName }),
      409,
      '部门名称已存在',
    );
    expectFailure(
      await admin.post(DEPARTMENTS, { departmentName: unique('部'), parentId: 'nope' }),
      400,
      '上级部门不存在',
    );
    const disabled = await createUser(t, { disabled: true });
    expectFailure(
      await admin.post(DEPARTMENTS, { departmentName: unique('部'), chargeUserId: disabled.id }),
      400,
      '负责人不存在或已停用',
    );
    expectFailure(
      await admin.post(DEPARTMENTS, { departmentName: unique('部'), shortNameChinese: '简'.repeat(21) }),
      400,
      '中文简称最多只能输入20个字符',
    );
    expectFailure(
      await admin.post(DEPARTMENTS, { departmentName: unique('部'), sort: 'x' }),
      400,
      '排序必须是数字',
    );
    expectFailure(
      await admin.post(DEPARTMENTS, { departmentName: unique('部'), sort: -1 }),
      400,
      '排序不能小于0',
    );
    expectFailure(await admin.post(DEPARTMENTS, {}), 400, '请输入部门名称');
  });

  it('refuses a parent that is the department itself or below it', async () => {
    const top = await createDepartment();
    const middle = await createDepartment({ parentId: top.departmentId });
    const bottom = await createDepartment({ parentId: middle.departmentId });
    const cycle = '上级部门不能是自身或其下级部门';
    for (const parentId of [top.departmentId, middle.departmentId, bottom.departmentId]) {
      expectFailure(
        await admin.post(`${DEPARTMENTS}/${top.departmentId}/update`, {
          departmentName: top.departmentName,
          parentId,
        }),
        422,
        cycle,
      );
    }
    const moved = expectOk(
      await admin.post(`${DEPARTMENTS}/${bottom.departmentId}/update`, {
        departmentName: bottom.departmentName,
        parentId: top.departmentId,
      }),
    );
    expect(moved.parentId).toBe(top.departmentId);
    const root = expectOk(
      await admin.post(`${DEPARTMENTS}/${middle.departmentId}/update`, {
        departmentName: middle.departmentName,
        parentId: '',
      }),
    );
    expect(root.parentId).toBeNull();
  });

  it('refuses to delete a department another module still points at', async () => {
    const department = await createDepartment();
    await t.db.execute(
      sql.raw('create table admin_test_ref (department_id text references departments(id))'),
    );
    await t.db.execute(sql`insert into admin_test_ref values (${department.departmentId})`);
    expectFailure(
      await admin.post(`${DEPARTMENTS}/${department.departmentId}/delete`),
      422,
      '该部门已被其他数据引用，不能删除',
    );
    await t.db.execute(sql.raw('drop table admin_test_ref'));
    expectOk(await admin.post(`${DEPARTMENTS}/${department.departmentId}/delete`));
  });

  it('deletes an empty department only', async () => {
    const parent = await createDepartment();
    const child = await createDepartment({ parentId: parent.departmentId });
    const message = '该部门下仍有下级部门或用户，不能删除';
    expectFailure(await admin.post(`${DEPARTMENTS}/${parent.departmentId}/delete`), 422, message);
    await createAdminUser({ departmentId: child.departmentId });
    expectFailure(await admin.post(`${DEPARTMENTS}/${child.departmentId}/delete`), 422, message);
    const empty = await createDepartment({ parentId: parent.departmentId });
    expectOk(await admin.post(`${DEPARTMENTS}/${empty.departmentId}/delete`));
    expectFailure(await admin.post(`${DEPARTMENTS}/${empty.departmentId}/delete`), 404, '部门不存在');
  });
});

describe('user types', () => {
  it('creates, renames and deletes a user type', async () => {
    const name = unique('类型');
    const created = expectOk(await admin.post(USER_TYPES, { userTypeName: name }));
    expect(created.userTypeName).toBe(name);
    const renamed = expectOk(
      await admin.post(`${USER_TYPES}/${created.userTypeId}/update`, { userTypeName: `${name}改` }),
    );
    expect(renamed).toEqual({ userTypeId: created.userTypeId, userTypeName: `${name}改` });
    const list = expectOk(await admin.get('/api/user/userTypes', { pageSize: 1000 }));
    expect(list.records).toContainEqual(renamed);
    expectOk(await admin.post(`${USER_TYPES}/${created.userTypeId}/delete`));
    expectFailure(await admin.post(`${USER_TYPES}/${created.userTypeId}/delete`), 404, '用户类型不存在');
  });

  it('refuses a taken name, a missing name and deleting a type in use', async () => {
    const a = expectOk(await admin.post(USER_TYPES, { userTypeName: unique('类型') }));
    const b = expectOk(await admin.post(USER_TYPES, { userTypeName: unique('类型') }));
    expectFailure(await admin.post(USER_TYPES, { userTypeName: a.userTypeName }), 409, '用户类型名称已存在');
    expectFailure(
      await admin.post(`${USER_TYPES}/${b.userTypeId}/update`, { userTypeName: a.userTypeName }),
      409,
      '用户类型名称已存在',
    );
    expectFailure(await admin.post(USER_TYPES, { userTypeName: '  ' }), 400, '请输入用户类型名称');
    await createAdminUser({ userTypeId: a.userTypeId });
    expectFailure(
      await admin.post(`${USER_TYPES}/${a.userTypeId}/delete`),
      422,
      '该用户类型下仍有用户，不能删除',
    );
    expectFailure(
      await admin.post(`${USER_TYPES}/nope/update`, { userTypeName: unique('类型') }),
      404,
      '用户类型不存在',
    );
  });
});

describe('system setting', () => {
  it('renames the system for everyone, signed in or not', async () => {
    const data = expectOk(await admin.post(`${SETTING}/update`, { systemName: '青禾质量平台' }));
    expect(data.systemName).toBe('青禾质量平台');
    const open = await t.app.inject({ method: 'GET', url: SETTING });
    expect(open.json().data.systemName).toBe('青禾质量平台');
    expectFailure(await admin.post(`${SETTING}/update`, { systemName: '' }), 400, '请输入系统名称');
    expectFailure(
      await admin.post(`${SETTING}/update`, { systemName: '名'.repeat(61) }),
      400,
      '系统名称最多只能输入60个字符',
    );
    expectFailure(
      await admin.post('/api/user/systemSetting/999/update', { systemName: '甲' }),
      404,
      '应用不存在',
    );
  });

  it('takes a logo by its content and serves it before sign-in', async () => {
    const data = expectOk(
      await upload(admin, `${SETTING}/logo`, { name: 'logo.png', bytes: PNG, type: 'image/png' }),
    );
    expect(data.logoAttachment.url).toBe(
      `/api/herm-sjgl/document/download?attachmentId=${data.logoAttachment.id}`,
    );
    const open = await t.app.inject({ method: 'GET', url: SETTING });
    expect(open.json().data.logoAttachment).toEqual(data.logoAttachment);
    const download = await t.app.inject({ method: 'GET', url: data.logoAttachment.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a text file named .png, a picture named .txt, no file and a file too large', async () => {
    const refused = '只能上传gif,jpg,jpeg,png,bmp,webp的文件';
    expectFailure(
      await upload(admin, `${SETTING}/logo`, { name: 'logo.png', bytes: Buffer.from('not a picture') }),
      400,
      refused,
    );
    expectFailure(await upload(admin, `${SETTING}/logo`, { name: 'logo.txt', bytes: PNG }), 400, refused);
    expectFailure(await admin.post(`${SETTING}/logo`, {}), 400, '请先选取文件!');
    const big = Buffer.concat([PNG, Buffer.alloc(2048 * 1024)]);
    expectFailure(await upload(admin, `${SETTING}/logo`, { name: 'big.png', bytes: big }), 413, '文件过大');
  });
});
