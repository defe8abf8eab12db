import { MESSAGES } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { confirmPasswordProblem, newPasswordProblem, oldPasswordProblem } from './password-rules.ts';

describe('oldPasswordProblem', () => {
  it('requires the old password', () => {
    expect(oldPasswordProblem(undefined)).toBe('请输入旧密码！');
    expect(oldPasswordProblem('')).toBe(MESSAGES.oldPasswordRequired);
  });
  it('refuses only spaces', () => {
    expect(oldPasswordProblem('   ')).toBe('不能为纯空格！');
  });
  it('accepts anything else: the server judges it', () => {
    expect(oldPasswordProblem('x')).toBeNull();
  });
});

describe('newPasswordProblem', () => {
  it('requires the new password', () => {
    expect(newPasswordProblem(undefined, undefined)).toBe('请输入新密码！');
  });
  it('refuses only spaces', () => {
    expect(newPasswordProblem('         ', undefined)).toBe('不能为纯空格！');
  });
  it('needs letters and digits and 8 characters', () => {
    expect(newPasswordProblem('abc123', undefined)).toBe('密码必须包含字母和数字,必须大于等于8位！');
    expect(newPasswordProblem('abcdefgh', undefined)).toBe(MESSAGES.weakPassword);
    expect(newPasswordProblem('12345678', undefined)).toBe(MESSAGES.weakPassword);
  });
  it('reports a mismatch only once the confirmation is typed', () => {
    expect(newPasswordProblem('abcd1234', '')).toBeNull();
    expect(newPasswordProblem('abcd1234', 'abcd123')).toBe('请与确认新密码一致！');
    expect(newPasswordProblem('abcd1234', 'abcd1234')).toBeNull();
  });
});

describe('confirmPasswordProblem', () => {
  it('requires the confirmation', () => {
    expect(confirmPasswordProblem('', 'abcd1234')).toBe('请输入确认新密码！');
  });
  it('refuses only spaces', () => {
    expect(confirmPasswordProblem('  ', 'abcd1234')).toBe(MESSAGES.blank);
  });
  it('must equal the new password', () => {
    expect(confirmPasswordProblem('abcd123', 'abcd1234')).toBe('请与新密码一致！');
    expect(confirmPasswordProblem('abcd1234', 'abcd1234')).toBeNull();
  });
  it('waits for the new password before comparing', () => {
    expect(confirmPasswordProblem('abcd1234', '')).toBeNull();
  });
});
