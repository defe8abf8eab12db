import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { csrfToken, hmacSha256Hex } from './csrf.ts';

describe('hmacSha256Hex', () => {
  it('matches node crypto for short, long and multi-block inputs', () => {
    const cases: Array<[string, string]> = [
      ['', ''],
      ['secret', '1732190000000'],
      ['k'.repeat(100), 'm'.repeat(200)],
      ['密钥', '中文消息'],
      ['a'.repeat(64), 'b'.repeat(55)],
      ['a'.repeat(63), 'b'.repeat(56)],
    ];
    for (const [key, message] of cases) {
      expect(hmacSha256Hex(key, message)).toBe(createHmac('sha256', key).update(message).digest('hex'));
    }
  });

  it('gives different tokens for different secrets', () => {
    expect(csrfToken('a', '1')).not.toBe(csrfToken('b', '1'));
  });
});
