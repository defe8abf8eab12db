import type { Page, UserWire } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { loginResultWire } from './login-result.fixtures.wire.ts';
import {
  loadSessionData,
  SIGN_IN_STEP_MESSAGES,
  type SignInFetchers,
  SignInStepError,
} from './sign-in-steps.ts';

const page = <T>(records: T[]): Page<T> => ({
  records,
  total: records.length,
  current: 1,
  pages: 1,
  size: 10,
});

const user = loginResultWire({
  csrfSecret: 's',
});

const info: UserWire = {
  userId: 'u1',
  account: 'wangfang',
  userName: '王芳',
  departmentId: 'd08',
  departmentName: '机电工程学院',
  userTypeId: 'teacher',
  userTypeName: '教职工',
  email: null,
  phone: '13800000000',
  qq: '12345',
  sex: '2',
  headPortrait: '/api/herm-sjgl/document/download?attachmentId=a1',
  disabled: false,
  roles: [],
  newChargeDeparmentList: [],
  newChargeDeparmentIdList: [],
};

const fetchers = (overrides: Partial<SignInFetchers> = {}): SignInFetchers => ({
  applicationRoles: async () => page([{ roleId: '2020005', roleName: '诊断对象' }]),
  relationInfo: async () => info,
  departments: async () =>
    page([
      {
        departmentId: 'd08',
        departmentName: '机电工程学院',
        chargeUserId: 'u1',
        chargeUserName: '王芳',
        parentId: null,
        sort: 8,
      },
    ]),
  roles: async () =>
    page([
      { roleId: 'zyadmin', roleName: '系统管理员' },
      { roleId: '2020005', roleName: '诊断对象' },
    ]),
  userTypes: async () => page([{ userTypeId: 'teacher', userTypeName: '教职工' }]),
  ...overrides,
});

describe('loadSessionData', () => {
  it('merges basic info into the user and keeps the role list as a name → id map', async () => {
    const loaded = await loadSessionData(user, fetchers());
    expect(loaded.user).toMatchObject({
      qq: '12345',
      phone: '13800000000',
      displayPhoto: '/api/herm-sjgl/document/download?attachmentId=a1',
      csrfSecret: 's',
    });
    expect(loaded.data.roleMap).toEqual({ 系统管理员: 'zyadmin', 诊断对象: '2020005' });
    expect(loaded.data.applicationRoles).toHaveLength(1);
    expect(loaded.data.departments[0]?.chargeUserId).toBe('u1');
    expect(loaded.data.userTypes[0]?.userTypeName).toBe('教职工');
  });

  it.each([
    ['applicationRoles', SIGN_IN_STEP_MESSAGES.applicationRoles],
    ['relationInfo', SIGN_IN_STEP_MESSAGES.relationInfo],
    ['departments', SIGN_IN_STEP_MESSAGES.departments],
    ['roles', SIGN_IN_STEP_MESSAGES.roles],
  ] as const)('reports a failed %s load with the catalogue message', async (step, message) => {
    const failing = fetchers({ [step]: () => Promise.reject(new Error('boom')) });
    const error = await loadSessionData(user, failing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SignInStepError);
    expect(error).toMatchObject({ step, message });
  });

  it('reports the first failing step in the spec order when several fail', async () => {
    const failing = fetchers({
      roles: () => Promise.reject(new Error('roles')),
      relationInfo: () => Promise.reject(new Error('info')),
    });
    await expect(loadSessionData(user, failing)).rejects.toMatchObject({ step: 'relationInfo' });
  });
});
