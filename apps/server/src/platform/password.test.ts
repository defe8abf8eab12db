import { checkNewPassword } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, generatePassword, hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Eduqa@2026');
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('Eduqa@2026', hash)).toBe(true);
    expect(await verifyPassword('Eduqa@2027', hash)).toBe(false);
  });
  it('never matches the dummy hash and generates acceptable passwords', async () => {
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
    expect(checkNewPassword(generatePassword())).toBeNull();
  });
});
