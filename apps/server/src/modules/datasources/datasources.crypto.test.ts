import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  KEY_FILE_NAME,
  openSecret,
  parseKey,
  resolveDataSourceKey,
  sealSecret,
} from './datasources.crypto.ts';
import { UNREACHABLE } from './datasources.hosts.ts';
import { describeConnectError } from './datasources.probe.ts';

describe('data-source secrets', () => {
  const key = randomBytes(32);

  it('round-trips, never shows the plaintext, and differs per seal', () => {
    const a = sealSecret(key, '密码-secret');
    expect(a).not.toContain('secret');
    expect(openSecret(key, a)).toBe('密码-secret');
    expect(sealSecret(key, '密码-secret')).not.toBe(a);
  });

  it('refuses a tampered value or another key', () => {
    const sealed = sealSecret(key, 'secret');
    const parts = sealed.split(':');
    const body = Buffer.from(parts[3]!, 'base64');
    body[0] = body[0]! ^ 1;
    expect(() => openSecret(key, [...parts.slice(0, 3), body.toString('base64')].join(':'))).toThrow();
    expect(() => openSecret(randomBytes(32), sealed)).toThrow();
  });

  it('parses 32-byte keys as hex or base64 and refuses others', () => {
    expect(parseKey(key.toString('hex'))).toEqual(key);
    expect(parseKey(key.toString('base64'))).toEqual(key);
    expect(() => parseKey('short')).toThrow(/32 bytes/);
  });

  it('creates a key file once and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-key-'));
    const messages: string[] = [];
    const first = resolveDataSourceKey({ configured: undefined, dataDir: dir, log: (m) => messages.push(m) });
    expect(messages).toHaveLength(1);
    expect((fs.statSync(path.join(dir, KEY_FILE_NAME)).mode & 0o777).toString(8)).toBe('600');
    expect(resolveDataSourceKey({ configured: undefined, dataDir: dir })).toEqual(first);
    expect(resolveDataSourceKey({ configured: key.toString('hex'), dataDir: dir })).toEqual(key);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('connect errors in Chinese', () => {
  const target = { host: 'db.example', port: 3306, database: 'jw', username: 'reader' };
  it.each([
    // Named where the cause is known (datasources.probe.test.ts has each driver's wording).
    ['ECONNREFUSED', '主机 db.example 的端口 3306 拒绝连接，请检查端口是否正确、数据库服务是否已启动'],
    ['ENOTFOUND', '找不到主机 db.example，请检查主机地址是否正确'],
    [
      'ETIMEDOUT',
      '连接主机 db.example 的端口 3306 超时（5 秒内没有数据库应答），请检查主机地址、端口、数据库类型和防火墙',
    ],
    ['ECONNRESET', UNREACHABLE],
    ['EHOSTUNREACH', UNREACHABLE],
    ['PROTOCOL_CONNECTION_LOST', UNREACHABLE],
    ['28P01', '用户名或密码错误（用户 reader）'],
    ['ER_ACCESS_DENIED_ERROR', '用户名或密码错误（用户 reader）'],
    ['3D000', '数据库 jw 不存在'],
    ['ER_BAD_DB_ERROR', '数据库 jw 不存在'],
  ])('%s', (code, message) => {
    expect(describeConnectError(Object.assign(new Error('x'), { code }), target)).toBe(message);
  });
  it('never shows what the other end sent', () => {
    for (const text of [
      'Connection terminated unexpectedly',
      'Received unexpected copyData message from backend.',
    ]) {
      expect(describeConnectError(new Error(text), target)).toBe(UNREACHABLE);
    }
  });
});
