import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded bytes live: a local directory by default (`FILE_STORAGE=local`), the database when
 * several instances must read each other's files (`FILE_STORAGE=database`). Both behave alike, which
 * `file-storage.test.ts` checks case by case; an object store would implement the same.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes; a missing key rejects with a `MissingFileError` (code `ENOENT`). */
  get(key: string): Promise<Buffer>;
  /** Nothing to remove is no error. */
  remove(key: string): Promise<void>;
  /**
   * The entries directly under `prefix` and when each last changed; a deeper key shows as its folder (the
   * next segment of its path), once. None when nothing is under it.
   */
  list(prefix: string): Promise<StoredEntry[]>;
  /** Removes `prefix` and everything under it (a chunked upload's folder, stray temporary files included). */
  removeAll(prefix: string): Promise<void>;
  /**
   * Every stored key, in code-unit order (keys are ASCII, so the same order on either storage): what a
   * backup copies and what tells a restore whether the store is empty. A file still being written is not
   * one yet.
   */
  keys(): AsyncIterable<string>;
}

export interface StoredEntry {
  name: string;
  modifiedAt: Date;
}

const KEY = /^[\w-]+(\/[\w.-]+)*$/;

/** Whether `key` is one a storage accepts (see `checkStorageKey`). */
export const isStorageKey = (key: string) =>
  KEY.test(key) && !key.split('/').some((segment) => segment === '.' || segment === '..');

/**
 * A key is a relative path of word characters, `-` and `.` (`uploads/<guid>/3`, `imports/<kind>/<id>.xlsx`);
 * `.` and `..` as a segment are refused, so a key can never leave the local root. Keys are made by the
 * server, never taken from a request: a bad one is a programming error, not a user's.
 */
export function checkStorageKey(key: string): string {
  if (!isStorageKey(key)) {
    throw new Error(`bad storage key ${key}`);
  }
  return key;
}

/** What `get` rejects with for a key nothing is stored under: the same code as the file system's. */
export class MissingFileError extends Error {
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`ENOENT: no stored file ${key}`);
  }
}

/** Whether `get` failed because nothing is stored under the key (either storage). */
export function isMissingFile(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}

/** `put`'s temporary name beside the final one: `<key>.<pid>.tmp`. */
const WRITING = /\.\d+\.tmp$/;

export function createLocalFileStorage(root: string): FileStorage {
  const resolve = (key: string) => path.join(root, checkStorageKey(key));
  return {
    async put(key, bytes) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a crash never leaves half a file under the final name.
      const temp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, target);
    },
    async get(key) {
      const target = resolve(key);
      return fs.readFile(target).catch((error: unknown) => {
        throw isMissingFile(error) ? new MissingFileError(key) : error;
      });
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async list(prefix) {
      const folder = resolve(prefix);
      const names = await fs.readdir(folder).catch((error: unknown) => {
        // Nothing there, or a file rather than a folder: nothing under it.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return [];
        throw error;
      });
      const entries: StoredEntry[] = [];
      for (const name of names) {
        // An entry removed meanwhile is simply not listed.
        const stat = await fs.stat(path.join(folder, name)).catch(() => null);
        if (stat) entries.push({ name, modifiedAt: stat.mtime });
      }
      return entries;
    },
    async removeAll(prefix) {
      await fs.rm(resolve(prefix), { recursive: true, force: true });
    },
    async *keys() {
      const entries = await fs
        .readdir(root, { recursive: true, withFileTypes: true })
        .catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
          throw error;
        });
      const keys = entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        )
        // A name no key could have (a stray `.DS_Store`) is not the storage's: `get` could not serve it.
        .filter((key) => isStorageKey(key) && !WRITING.test(key));
      yield* keys.sort();
    },
  };
}
