import { MESSAGES, type UserWire } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { accountProblem, passwordProblem, userBodyOf, userFormValuesOf } from './user-form.ts';

const user: UserWire = {
  userId: 'u1',
  account: 'li',
  userName: '李老师',
  departmentId: 'd1',
  departmentName: '教务处',
  userTypeId: null,
  userTypeName: null,
  email: null,
  phone: '13812345678',
  qq: null,
  sex: '2',
  headPortrait: null,
  disabled: false,
  roles: [{ roleId: 'r1', roleName: '诊断对象' }],
  newChargeDeparmentList: [],
  newChargeDeparmentIdList: [],
};

describe('user form', () => {
  it('starts an edit from the row and sends every field, empty ones as blanks', () => {
    const values = userFormValuesOf(user);
    expect(values).toMatchObject({ roleIds: ['r1'], email: '', departmentId: 'd1' });
    expect(userBodyOf({ ...values, userName: ' 李 ', roleIds: [], departmentId: undefined })).toEqual({
      userName: '李',
      departmentId: '',
      userTypeId: '',
      roleIds: [],
      email: '',
      phone: '13812345678',
      sex: '2',
    });
  });

  it('checks accounts and passwords with the contract rules', () => {
    expect(accountProblem('')).toBe('请输入登录账号');
    expect(accountProblem('a')).toBe('登录账号至少2个字符');
    expect(accountProblem('li ming')).toBe('登录账号只能包含字母、数字和 _ . @ -');
    expect(accountProblem('li.ming')).toBeNull();
    expect(passwordProblem('abc')).toBe(MESSAGES.weakPassword);
    // The 初始密码 field asks for itself, not for a 新密码 (issue 11).
    expect(passwordProblem(undefined)).toBe('请输入初始密码！');
    expect(passwordProblem('')).toBe('请输入初始密码！');
    expect(passwordProblem('Initial123')).toBeNull();
  });
});
