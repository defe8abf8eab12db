import type { Db } from '../db/client.ts';
import { checkStorageKey, type FileStorage, MissingFileError } from './file-storage.ts';
import { createStoredFilesRepo } from './stored-files.repo.ts';

const KEYS_PAGE = 1000;

/**
 * Files in the database's `stored_files` table: every instance on one PostgreSQL reads what any other
 * one stored, and one backup of the database holds them. Given a transaction (the seed's), the files are
 * part of it. Same keys, same answers as the local directory.
 */
export function createDatabaseFileStorage(db: Db): FileStorage {
  const repo = createStoredFilesRepo(db);
  return {
    async put(key, bytes) {
      const buffer = Buffer.isBuffer(bytes)
        ? bytes
        : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      await repo.put(checkStorageKey(key), buffer);
    },
    async get(key) {
      const bytes = await repo.get(checkStorageKey(key));
      if (!bytes) throw new MissingFileError(key);
      return bytes;
    },
    async remove(key) {
      await repo.remove(checkStorageKey(key));
    },
    async list(prefix) {
      return repo.children(checkStorageKey(prefix));
    },
    async removeAll(prefix) {
      await repo.removeAll(checkStorageKey(prefix));
    },
    async *keys() {
      // In pages, so that a store of many files is never listed in one answer.
      for (let after = ''; ; ) {
        const page = await repo.keysAfter(after, KEYS_PAGE);
        yield* page;
        if (page.length < KEYS_PAGE) return;
        after = page[page.length - 1]!;
      }
    },
  };
}
