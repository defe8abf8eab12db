import { describe, expect, it } from 'vitest';
import { checkNewPassword, EMAIL_RE, MESSAGES, PHONE_RE, QQ_RE } from './validators.ts';

describe('checkNewPassword', () => {
  it('accepts letters and digits of at least 8', () => {
    expect(checkNewPassword('abcd1234')).toBeNull();
  });
  it('rejects an all-space password', () => {
    expect(checkNewPassword('         ')).toBe(MESSAGES.blank);
  });
  it('rejects short, letter-only and digit-only passwords', () => {
    expect(checkNewPassword('abc123')).toBe(MESSAGES.weakPassword);
    expect(checkNewPassword('abcdefghij')).toBe(MESSAGES.weakPassword);
    expect(checkNewPassword('1234567890')).toBe(MESSAGES.weakPassword);
  });
});

describe('contact patterns', () => {
  it('tells valid from invalid emails, phones and QQ numbers', () => {
    expect(EMAIL_RE.test('li.ming@example.edu.cn')).toBe(true);
    expect(EMAIL_RE.test('li.ming@')).toBe(false);
    expect(PHONE_RE.test('13812345678')).toBe(true);
    expect(PHONE_RE.test('0571-88886666')).toBe(true);
    expect(PHONE_RE.test('12345')).toBe(false);
    expect(QQ_RE.test('10001')).toBe(true);
    expect(QQ_RE.test('0123456')).toBe(false);
  });
});
