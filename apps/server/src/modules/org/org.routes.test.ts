import { ROLE_IDS } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  multipart,
  postMultipart,
  type Session,
  signIn,
  type TestApp,
  TINY_PNG,
} from '../../../test/app.ts';
import { users } from './org.table.ts';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await signIn(t, 'admin', 'Eduqa@2026');
});
afterAll(() => t.close());

const postFile = (session: Session, body: ReturnType<typeof multipart>) =>
  postMultipart(t, session, '/api/user/users/portraitChange', body);

describe('system setting', () => {
  it('answers the default app without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/systemSetting/001' });
    expect(response.json().data).toEqual({
      id: '001',
      systemName: '教学质量监测分析平台',
      logoAttachment: null,
      annualTargetBreakdown: true,
      timeZone: 'Asia/Shanghai',
    });
  });
  it('answers 404 for an unknown app', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/systemSetting/999' });
    expect(response.statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('pages the roles of an application', async () => {
    const response = await admin.get('/api/user/roles/application', {
      appId: '001',
      pageNum: 2,
      pageSize: 5,
    });
    const page = response.json().data;
    expect(page.size).toBe(5);
    expect(page.current).toBe(2);
    expect(page.records).toHaveLength(5);
    expect(page.total).toBeGreaterThanOrEqual(11);
    expect(page.pages).toBe(Math.ceil(page.total / 5));
  });
  it('lists every role with the spec page size', async () => {
    const page = (await admin.get('/api/user/roles', { pageNum: 1, pageSize: 10_000_000 })).json().data;
    const ids = page.records.map((r: { roleId: string }) => r.roleId);
    for (const id of Object.values(ROLE_IDS)) expect(ids).toContain(id);
  });
  it('refuses page sizes that are not numbers or too large', async () => {
    const bad = await admin.get('/api/user/roles', { pageSize: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().meta.message).toContain('每页条数');
    expect((await admin.get('/api/user/roles', { pageSize: 10_000_001 })).statusCode).toBe(400);
  });
  it('lists the users of a role and 404s an unknown role', async () => {
    const users = (await admin.get(`/api/user/roles/${ROLE_IDS.outsideExpert}/users`)).json().data;
    expect(users.map((u: { account: string }) => u.account).sort()).toEqual(['xuyan', 'youhai']);
    expect((await admin.get('/api/user/roles/nope/users')).statusCode).toBe(404);
  });
  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/roles' });
    expect(response.statusCode).toBe(401);
    expect(response.json().meta.statusCode).toBe(302);
  });
});

describe('users and departments', () => {
  it('gives the synthetic department-head role to a department head', async () => {
    const head = await signIn(t, 'wangfang', 'Eduqa@2026');
    const info = (await head.get('/api/user/tryLoginUserInfo')).json().data;
    expect(info.roleIdList).toContain('targetTaskDepart');
    expect(info.newChargeDeparmentList).toEqual([
      { bmid: 'd08', bmmc: '机电工程学院', fzrid: info.userId, fzrmc: '王芳' },
    ]);
    expect(info.menus.targetTaskManagement).toBe('目标任务管理');
    const expert = (await (await signIn(t, 'youhai', 'Eduqa@2026')).get('/api/user/tryLoginUserInfo')).json()
      .data;
    expect(expert.roleIdList).toEqual([ROLE_IDS.outsideExpert]);
    expect(Object.keys(expert.menus)).toEqual(['index', 'report']);
  });
  it('finds a user by id, 404 for an unknown one', async () => {
    const found = (await admin.get(`/api/user/users/${admin.userId}`)).json().data;
    expect(found.account).toBe('admin');
    expect((await admin.get('/api/user/users/nope')).statusCode).toBe(404);
  });
  it('returns the caller’s relation info', async () => {
    const info = (await admin.get('/api/user/users/relationInfo')).json().data;
    expect(info.userId).toBe(admin.userId);
    expect(info.departmentName).toBe('信息技术中心');
  });
  it('searches common users and leaves out disabled ones', async () => {
    const disabled = await createUser(t, { name: '停用的张三', disabled: true });
    const page = (await admin.get('/api/user/users/common', { keyword: '张', pageSize: 100 })).json().data;
    const accounts = page.records.map((u: { account: string }) => u.account);
    expect(accounts).toContain('zhangwei');
    expect(accounts).not.toContain(disabled.account);
    const byDept = (await admin.get('/api/user/users/common', { departmentId: 'd12', pageSize: 100 })).json()
      .data;
    expect(byDept.records.every((u: { departmentId: string }) => u.departmentId === 'd12')).toBe(true);
  });
  it('lists departments with heads and short names', async () => {
    const departments = (await admin.get('/api/user/departments', { pageNum: 1, pageSize: 100000 })).json()
      .data;
    expect(departments.total).toBe(12);
    expect(departments.records[1]).toMatchObject({
      departmentId: 'd02',
      departmentName: '教务处',
      chargeUserName: '钱丽',
    });
    const short = (await admin.get('/api/user/departments/shortNames', { keyword: '信息' })).json().data;
    expect(short.records.map((d: { shortNameChinese: string }) => d.shortNameChinese).sort()).toEqual([
      '信息中心',
      '信息学院',
    ]);
  });
  it('lists user types', async () => {
    const types = (await admin.get('/api/user/userTypes', { pageSize: 10_000_000 })).json().data;
    expect(types.records.map((t: { userTypeName: string }) => t.userTypeName).sort()).toEqual(
      ['专家', '教职工', '管理人员'].sort(),
    );
  });
});

describe('what other users see of a user', () => {
  type Listed = { userId: string; account: string; userName: string; departmentName: string | null };
  type Private = { email: string | null; phone: string | null; qq: string | null; sex: string | null };
  type Row = Listed & Private & { roles: { roleId: string }[] | null };
  const hidden = { email: null, phone: null, qq: null, sex: null, roles: null };

  beforeAll(async () => {
    // Every demo account gets contact details, so a leak shows as a value.
    await t.db
      .update(users)
      .set({ email: sql`${users.account} || '@school.edu.cn'`, phone: '13800000000', qq: '12345' });
  });

  const common = async (session: Session, keyword: string) =>
    (
      (await session.get('/api/user/users/common', { keyword, pageSize: 100 })).json().data.records as Row[]
    ).find((u) => u.userName === keyword)!;
  const pick = (u: Row) => ({ email: u.email, phone: u.phone, qq: u.qq, sex: u.sex, roles: u.roles });

  it('gives an outside expert and a department head names and departments only', async () => {
    for (const account of ['youhai', 'wangfang']) {
      const session = await signIn(t, account, 'Eduqa@2026');
      const other = await common(session, '赵明');
      expect(other).toMatchObject({ account: 'zhaoming', departmentName: '党政办公室' });
      expect(pick(other)).toEqual(hidden);
      const byId = (await session.get(`/api/user/users/${other.userId}`)).json();
      expect(byId.meta.success).toBe(true);
      expect(pick(byId.data)).toEqual(hidden);
      const experts = (await session.get(`/api/user/roles/${ROLE_IDS.outsideExpert}/users`)).json()
        .data as Row[];
      const xuyan = experts.find((u) => u.account === 'xuyan')!;
      expect(xuyan.userName).toBeTruthy();
      expect(pick(xuyan)).toEqual(hidden);
    }
  });

  it('gives the user himself his own details, in the lists and his relation info', async () => {
    const expert = await signIn(t, 'youhai', 'Eduqa@2026');
    const info = (await expert.get('/api/user/users/relationInfo')).json().data as Row;
    expect(info.email).toBe('youhai@school.edu.cn');
    expect(info.roles?.map((r) => r.roleId)).toEqual([ROLE_IDS.outsideExpert]);
    const experts = (await expert.get(`/api/user/roles/${ROLE_IDS.outsideExpert}/users`)).json()
      .data as Row[];
    expect(experts.find((u) => u.account === 'youhai')).toMatchObject({
      email: 'youhai@school.edu.cn',
      phone: '13800000000',
    });
  });

  it('gives the administrator email, phone and roles', async () => {
    const other = await common(admin, '赵明');
    expect(other).toMatchObject({ email: 'zhaoming@school.edu.cn', phone: '13800000000', qq: '12345' });
    expect(other.roles?.map((r) => r.roleId).sort()).toEqual(
      [ROLE_IDS.schoolLeader, ROLE_IDS.yearTargetPublisher].sort(),
    );
    const byId = (await admin.get(`/api/user/users/${other.userId}`)).json().data as Row;
    expect(byId.email).toBe('zhaoming@school.edu.cn');
    const experts = (await admin.get(`/api/user/roles/${ROLE_IDS.outsideExpert}/users`)).json().data as Row[];
    expect(experts.every((u) => u.email?.endsWith('@school.edu.cn') && u.roles !== null)).toBe(true);
  });
});

describe('personal info', () => {
  it('trims and saves contact fields and returns the merged session user', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user.account, user.password);
    const response = await session.post(
      '/api/user/users/personalInfo/update',
      { email: '  li@example.edu.cn ', phone: '13812345678', qq: ' 123456 ', sex: '2' },
      { form: true },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      email: 'li@example.edu.cn',
      qq: '123456',
      phone: '13812345678',
      sex: '2',
    });
    const cleared = await session.post('/api/user/users/personalInfo/update', {
      email: '',
      phone: '',
      qq: '',
    });
    expect(cleared.json().data).toMatchObject({ email: null, phone: null, qq: null });
  });
  it('refuses bad email, phone, QQ, sex, overlong and wrong-typed values with the spec messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'not-an-email' }, '邮箱格式不正确！'],
      [{ phone: '12345' }, '联系电话格式不正确！'],
      [{ qq: '0123' }, 'QQ格式不正确！'],
      [{ sex: '3' }, '性别只能是男或女'],
      [{ email: `${'a'.repeat(70)}@x.cn` }, '邮箱最多只能输入60个字符'],
      [{ qq: 12345 }, 'QQ必须是文本'],
    ];
    for (const [body, message] of cases) {
      const response = await admin.post('/api/user/users/personalInfo/update', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().meta.message).toBe(message);
    }
  });
});

describe('password', () => {
  it('checks the old password and the new password rules', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user.account, user.password);
    const wrongOld = await session.post('/api/user/users/password/update', {
      oldPassword: 'Nope12345',
      newPassword: 'Better123',
    });
    expect(wrongOld.json().meta.message).toBe('旧密码不正确！');
    const weak = await session.post('/api/user/users/password/update', {
      oldPassword: user.password,
      newPassword: 'abcdefgh',
    });
    expect(weak.json().meta.message).toBe('密码必须包含字母和数字,必须大于等于8位！');
    const blank = await session.post('/api/user/users/password/update', {
      oldPassword: user.password,
      newPassword: '        ',
    });
    expect(blank.json().meta.message).toBe('不能为纯空格！');
    const missing = await session.post('/api/user/users/password/update', { newPassword: 'Better123' });
    expect(missing.json().meta.message).toBe('请输入旧密码！');
  });
  it('changes the password and ends every session of the user', async () => {
    const user = await createUser(t);
    const first = await signIn(t, user.account, user.password);
    const second = await signIn(t, user.account, user.password);
    const response = await first.post('/api/user/users/password/update', {
      oldPassword: user.password,
      newPassword: 'Better123',
    });
    expect(response.statusCode).toBe(200);
    for (const session of [first, second]) {
      expect((await session.get('/api/user/tryLoginUserInfo')).json().code).toBe(53000010);
    }
    await expect(signIn(t, user.account, user.password)).rejects.toThrow('sign-in failed');
    await expect(signIn(t, user.account, 'Better123')).resolves.toBeTruthy();
  });
});

describe('portrait', () => {
  it('accepts a PNG by content and serves it back to signed-in users only', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user.account, user.password);
    const response = await postFile(
      session,
      multipart({ name: 'me.png', bytes: TINY_PNG, type: 'image/png' }),
    );
    expect(response.statusCode).toBe(200);
    const url: string = response.json().data.displayPhoto;
    expect(url).toMatch(/^\/api\/herm-sjgl\/document\/download\?attachmentId=\w+$/);
    const download = await session.get(url);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
  it('refuses text renamed to .png, mismatched extensions, empty files and no file', async () => {
    const cases: Array<[ReturnType<typeof multipart>, string]> = [
      [
        multipart({ name: 'evil.png', bytes: Buffer.from('<svg onload=alert(1)>') }),
        '只能上传gif,jpg,jpeg,png,bmp,webp的文件',
      ],
      [multipart({ name: 'me.jpg', bytes: TINY_PNG }), '只能上传gif,jpg,jpeg,png,bmp,webp的文件'],
      [multipart({ name: 'empty.png', bytes: new Uint8Array() }), '文件为空'],
      [multipart(null, {}), '请先选取文件!'],
    ];
    for (const [body, message] of cases) {
      const response = await postFile(admin, body);
      expect(response.json().meta.message).toBe(message);
    }
  });
  it('restores the default avatar on request', async () => {
    const user = await createUser(t);
    const session = await signIn(t, user.account, user.password);
    await postFile(session, multipart({ name: 'me.png', bytes: TINY_PNG }));
    const reset = await session.post(
      '/api/user/users/portraitChange',
      { useDefault: 'true' },
      { form: true },
    );
    expect(reset.json().data.displayPhoto).toBeNull();
  });
  it('404s an unknown attachment', async () => {
    expect((await admin.get('/api/herm-sjgl/document/download', { attachmentId: 'nope' })).statusCode).toBe(
      404,
    );
  });
});
