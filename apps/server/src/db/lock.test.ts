import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock.ts';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-lock-'));

describe('lockDataDir', () => {
  it('refuses a directory held by another live process, naming it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'eduqa.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/正被另一个 eduqa 进程/);
  });

  it('takes over a stale lock and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'eduqa.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'eduqa.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'eduqa.lock'))).toBe(false);
  });
});
