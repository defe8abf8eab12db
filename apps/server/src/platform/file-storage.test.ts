import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/app.ts';
import type { Database } from '../db/client.ts';
import { createDatabaseFileStorage } from './database-file-storage.ts';
import { createLocalFileStorage, type FileStorage, isMissingFile, MissingFileError } from './file-storage.ts';

/**
 * One contract, two storages: every case below runs against the local directory and against the
 * database (PGlite, or the PostgreSQL of TEST_DATABASE_URL), so that callers may not tell them apart.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const names = async (storage: FileStorage, prefix: string) =>
  (await storage.list(prefix)).map((entry) => entry.name).sort();

let root: string;
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-storage-'));
  ({ database, drop } = await freshDatabase());
  await database.migrate();
});
afterAll(async () => {
  fs.rmSync(root, { recursive: true, force: true });
  await database.close();
  await drop();
});

const storages: [string, () => FileStorage][] = [
  ['local', () => createLocalFileStorage(root)],
  ['database', () => createDatabaseFileStorage(database.db)],
];

describe.each(storages)('%s file storage', (kind, make) => {
  let storage: FileStorage;
  // Each storage under its own top folder, so the two never see each other's keys.
  const top = `contract-${kind}`;
  beforeAll(() => {
    storage = make();
  });

  it('gives back exactly the bytes put, every byte value and an empty file included', async () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const big = Buffer.alloc(1_500_000, 7);
    big.write('末尾', big.length - 6);
    const backing = Buffer.from('xx部分视图yy');
    const view = new Uint8Array(backing.buffer, backing.byteOffset + 2, backing.length - 4);
    await storage.put(`${top}/bytes/all.bin`, all);
    await storage.put(`${top}/bytes/big.bin`, big);
    await storage.put(`${top}/bytes/empty.txt`, new Uint8Array(0));
    await storage.put(`${top}/bytes/view.txt`, view);
    const read = await storage.get(`${top}/bytes/all.bin`);
    expect(Buffer.isBuffer(read)).toBe(true);
    expect(read.equals(all)).toBe(true);
    expect((await storage.get(`${top}/bytes/big.bin`)).equals(big)).toBe(true);
    expect((await storage.get(`${top}/bytes/empty.txt`)).length).toBe(0);
    expect((await storage.get(`${top}/bytes/view.txt`)).toString()).toBe('部分视图');
  });

  it('replaces a file put again under the same key', async () => {
    await storage.put(`${top}/again/a.txt`, Buffer.from('第一版'));
    await storage.put(`${top}/again/a.txt`, Buffer.from('第二版'));
    expect((await storage.get(`${top}/again/a.txt`)).toString()).toBe('第二版');
    expect(await names(storage, `${top}/again`)).toEqual(['a.txt']);
  });

  it('rejects a missing key as a MissingFileError with the code ENOENT, before and after a remove', async () => {
    const never = await storage.get(`${top}/missing/never`).catch((error: unknown) => error);
    expect(never).toBeInstanceOf(MissingFileError);
    expect(isMissingFile(never)).toBe(true);
    await storage.put(`${top}/missing/gone`, Buffer.from('x'));
    await storage.remove(`${top}/missing/gone`);
    expect(isMissingFile(await storage.get(`${top}/missing/gone`).catch((error: unknown) => error))).toBe(
      true,
    );
    // Removing what is not there is no error.
    await storage.remove(`${top}/missing/gone`);
    await storage.remove(`${top}/missing/never`);
  });

  it('lists only the entries directly under a prefix, a deeper key once as its folder', async () => {
    await storage.put(`${top}/list/file.txt`, Buffer.from('1'));
    await storage.put(`${top}/list/g1/0`, Buffer.from('2'));
    await storage.put(`${top}/list/g1/1`, Buffer.from('3'));
    await storage.put(`${top}/list/g2/deep/er/x`, Buffer.from('4'));
    // Lookalikes: `_` is a word character of keys (and a wildcard of SQL's like); a longer name shares the start.
    await storage.put(`${top}/li_t/a`, Buffer.from('5'));
    await storage.put(`${top}/lixt/b`, Buffer.from('6'));
    await storage.put(`${top}/list2/c`, Buffer.from('7'));
    expect(await names(storage, `${top}/list`)).toEqual(['file.txt', 'g1', 'g2']);
    expect(await names(storage, `${top}/list/g1`)).toEqual(['0', '1']);
    expect(await names(storage, `${top}/list/g2`)).toEqual(['deep']);
    expect(await names(storage, `${top}/li_t`)).toEqual(['a']);
    expect(await names(storage, `${top}/nothing`)).toEqual([]);
    // A file is no folder: nothing under it.
    expect(await names(storage, `${top}/list/file.txt`)).toEqual([]);
  });

  it('dates a file by its last write and a folder by the last file written into it', async () => {
    const before = Date.now();
    await storage.put(`${top}/dates/g/0`, Buffer.from('a'));
    await storage.put(`${top}/dates/f.txt`, Buffer.from('b'));
    await sleep(400);
    const later = Date.now();
    await storage.put(`${top}/dates/g/1`, Buffer.from('c'));
    const after = Date.now();
    const entries = new Map((await storage.list(`${top}/dates`)).map((e) => [e.name, e.modifiedAt]));
    const file = entries.get('f.txt')!;
    const folder = entries.get('g')!;
    expect(file).toBeInstanceOf(Date);
    // A little slack for clocks that keep whole milliseconds or coarser file-system times.
    expect(file.getTime()).toBeGreaterThanOrEqual(before - 50);
    expect(file.getTime()).toBeLessThan(later);
    expect(folder.getTime()).toBeGreaterThanOrEqual(later - 50);
    expect(folder.getTime()).toBeLessThanOrEqual(after + 50);
  });

  it('removes a prefix with everything under it, and nothing beside it', async () => {
    await storage.put(`${top}/all/u_1/0`, Buffer.from('a'));
    await storage.put(`${top}/all/u_1/sub/1`, Buffer.from('b'));
    await storage.put(`${top}/all/ux1/0`, Buffer.from('c'));
    await storage.put(`${top}/all/u_12/0`, Buffer.from('d'));
    await storage.put(`${top}/all/single`, Buffer.from('e'));
    await storage.removeAll(`${top}/all/u_1`);
    expect(await names(storage, `${top}/all`)).toEqual(['single', 'u_12', 'ux1']);
    expect(isMissingFile(await storage.get(`${top}/all/u_1/sub/1`).catch((error: unknown) => error))).toBe(
      true,
    );
    // A file's key removes the file; a prefix with nothing under it is no error.
    await storage.removeAll(`${top}/all/single`);
    await storage.removeAll(`${top}/all/nothing`);
    expect(await names(storage, `${top}/all`)).toEqual(['u_12', 'ux1']);
  });

  it('gives every stored key once, in code-unit order, folders walked to the end', async () => {
    const stored = [`${top}/every/b/2`, `${top}/every/a.txt`, `${top}/every/b/10/x`, `${top}/every/B`];
    for (const key of stored) await storage.put(key, Buffer.from(key));
    await storage.remove(`${top}/every/a.txt`);
    const keys: string[] = [];
    for await (const key of storage.keys()) if (key.startsWith(`${top}/every/`)) keys.push(key);
    expect(keys).toEqual([`${top}/every/B`, `${top}/every/b/10/x`, `${top}/every/b/2`]);
  });

  it('refuses a key that is no relative path of word characters in every call, before touching anything', async () => {
    const bad = [
      '',
      '/abs',
      'a//b',
      'a/b/',
      'a b',
      'a\\b',
      '.hidden',
      '../x',
      'a/../../x',
      'a/./b',
      'a/%',
      '上传/1',
    ];
    for (const key of bad) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/bad storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/bad storage key/);
      await expect(storage.remove(key), key).rejects.toThrow(/bad storage key/);
      await expect(storage.list(key), key).rejects.toThrow(/bad storage key/);
      await expect(storage.removeAll(key), key).rejects.toThrow(/bad storage key/);
    }
    // Dots inside a name are fine (`<id>.xlsx`, `a..b`).
    await storage.put(`${top}/keys/a..b.xlsx`, Buffer.from('ok'));
    expect((await storage.get(`${top}/keys/a..b.xlsx`)).toString()).toBe('ok');
  });
});

describe('local file storage keys', () => {
  it('leaves out a file still being written and a name no key could have', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-keys-'));
    try {
      const storage = createLocalFileStorage(dir);
      await storage.put('done/a.xlsx', Buffer.from('a'));
      fs.writeFileSync(path.join(dir, 'done', 'b.xlsx.4242.tmp'), 'half');
      fs.writeFileSync(path.join(dir, '.DS_Store'), 'x');
      const keys: string[] = [];
      for await (const key of storage.keys()) keys.push(key);
      expect(keys).toEqual(['done/a.xlsx']);
      // A folder that was never made holds nothing.
      const none: string[] = [];
      for await (const key of createLocalFileStorage(path.join(dir, 'absent')).keys()) none.push(key);
      expect(none).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
