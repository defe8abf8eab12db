import { describe, expect, it } from 'vitest';
import { loginResultWire } from './login-result.fixtures.wire.ts';
import {
  EMPTY_SESSION_DATA,
  readStoredSession,
  removeStoredSession,
  SESSION_DATA_KEY,
  SESSION_USER_KEY,
  writeStoredData,
  writeStoredUser,
} from './session-storage.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const user = loginResultWire({
  userId: 'admin-id',
  userName: '系统管理员',
  account: 'admin',
  orgId: 'd07',
  departmentName: '信息技术中心',
  menus: { index: '首页', system: '系统管理' },
  roles: [{ roleId: 'zyadmin', roleName: '系统管理员' }],
  roleIdList: ['zyadmin'],
  sex: '1',
  lastAccessTime: '2026-03-01 08:00:00',
});

describe('stored session', () => {
  it('round-trips the user and the lists', () => {
    const storage = new MemoryStorage();
    writeStoredUser(storage, user);
    writeStoredData(storage, { ...EMPTY_SESSION_DATA, roleMap: { 系统管理员: 'zyadmin' } });
    expect(readStoredSession(storage)).toEqual({
      user,
      data: { ...EMPTY_SESSION_DATA, roleMap: { 系统管理员: 'zyadmin' } },
    });
  });

  it('ignores a half-written session (the sign-in sequence did not finish)', () => {
    const storage = new MemoryStorage();
    writeStoredUser(storage, user);
    expect(readStoredSession(storage)).toBeNull();
  });

  it('ignores malformed leftovers', () => {
    const storage = new MemoryStorage();
    storage.setItem(SESSION_USER_KEY, '{"userId":1}');
    storage.setItem(SESSION_DATA_KEY, 'not json');
    expect(readStoredSession(storage)).toBeNull();
    expect(readStoredSession(null)).toBeNull();
  });

  it('removes both parts', () => {
    const storage = new MemoryStorage();
    writeStoredUser(storage, user);
    writeStoredData(storage, EMPTY_SESSION_DATA);
    removeStoredSession(storage);
    expect(storage.items.size).toBe(0);
  });

  it('survives a storage that refuses to write', () => {
    const refusing = {
      setItem() {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeStoredUser(refusing, user)).not.toThrow();
  });
});
