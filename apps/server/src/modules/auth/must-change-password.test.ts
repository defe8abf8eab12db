import { ERRORS, ROLE_IDS } from '@eduqa/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
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
const INFO = '/api/user/tryLoginUserInfo';
const UPDATE_PASSWORD = '/api/user/users/password/update';
const REQUIRED = ERRORS.PASSWORD_CHANGE_REQUIRED;

function data(response: LightMyRequestResponse) {
  expect(response.json().meta, response.body).toMatchObject({ success: true, statusCode: 200 });
  return response.json().data;
}

function expectRefused(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toMatchObject({
    meta: { success: false, statusCode: 403, message: REQUIRED.message },
    code: REQUIRED.code,
    data: null,
  });
}

async function login(account: string, password: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: account, password },
  });
  return data(response) as { mustChangePassword: boolean };
}

let seq = 0;
async function createdByAdmin() {
  seq += 1;
  const account = `fresh${seq}${Date.now().toString(36)}`;
  const created = data(
    await admin.post(USERS, {
      account,
      password: 'Initial123',
      userName: '新同事',
      roleIds: [ROLE_IDS.diagnosisObject],
    }),
  ) as { userId: string };
  return { id: created.userId, account, password: 'Initial123' };
}

describe('a password set by an administrator', () => {
  it('must be changed first: only the session info, the change and sign-out answer until then', async () => {
    const user = await createdByAdmin();
    expect((await login(user.account, user.password)).mustChangePassword).toBe(true);
    const session = await signIn(t, user.account, user.password);
    expect(data(await session.get(INFO)).mustChangePassword).toBe(true);

    expectRefused(await session.get('/api/user/users/relationInfo'));
    expectRefused(await session.get('/api/user/departments', { pageNum: 1, pageSize: 10 }));
    expectRefused(await session.post('/api/user/users/personalInfo/update', { qq: '12345' }));

    // A wrong old password is still told apart, so the dialog can say so.
    expect(
      (await session.post(UPDATE_PASSWORD, { oldPassword: 'nope', newPassword: 'Mine12345' })).json().meta,
    ).toMatchObject({ success: false, statusCode: 400 });
    data(await session.post(UPDATE_PASSWORD, { oldPassword: user.password, newPassword: 'Mine12345' }));

    const after = await signIn(t, user.account, 'Mine12345');
    expect(data(await after.get(INFO)).mustChangePassword).toBe(false);
    data(await after.get('/api/user/users/relationInfo'));
  });

  it('lets the user sign out while the change is due', async () => {
    const user = await createdByAdmin();
    const session = await signIn(t, user.account, user.password);
    data(await session.post('/api/user/logout'));
    expect((await session.get(INFO)).statusCode).toBe(401);
  });

  it('is due again after an administrator resets it, not before', async () => {
    const user = await createUser(t);
    expect((await login(user.account, user.password)).mustChangePassword).toBe(false);
    data(await admin.post(`${USERS}/${user.id}/resetPassword`, { password: 'Reset12345' }));
    const session = await signIn(t, user.account, 'Reset12345');
    expect(data(await session.get(INFO)).mustChangePassword).toBe(true);
    expectRefused(await session.get('/api/user/users/relationInfo'));
  });

  it('asks for the 初始密码 by its own name when it is empty', async () => {
    const response = await admin.post(USERS, { account: 'nopass1', password: '', userName: '无密码' });
    expect(response.json().meta).toMatchObject({ success: false, message: '请输入初始密码！' });
  });

  it('leaves the seeded administrator free to work', async () => {
    expect((await login('admin', ADMIN_PASSWORD)).mustChangePassword).toBe(false);
    data(await admin.get('/api/user/users/relationInfo'));
  });
});
