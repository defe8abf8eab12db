import { asc, eq, gt, like, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { storedFiles } from './stored-files.table.ts';

/** `prefix/%` with `_` taken literally: keys are word characters, and `_` is one of them. */
const under = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;

/** The queries of the database file store; the storage (`database-file-storage.ts`) checks the keys. */
export function createStoredFilesRepo(db: Db) {
  return {
    /** Written whole in one statement: a reader sees the old bytes or the new, never half. */
    async put(key: string, bytes: Buffer): Promise<void> {
      await db
        .insert(storedFiles)
        .values({ key, bytes, size: bytes.length })
        .onConflictDoUpdate({
          target: storedFiles.key,
          set: { bytes, size: bytes.length, modifiedAt: sql`now()` },
        });
    },

    async get(key: string): Promise<Buffer | null> {
      const [row] = await db
        .select({ bytes: storedFiles.bytes })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row?.bytes ?? null;
    },

    async remove(key: string): Promise<void> {
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },

    /**
     * The names directly under `prefix`: a file's own, and a deeper key's next segment once (its folder),
     * dated by the newest key beneath it — as a folder on disk is by the last entry written into it.
     */
    async children(prefix: string): Promise<{ name: string; modifiedAt: Date }[]> {
      const name = sql<string>`split_part(substr(${storedFiles.key}, ${prefix.length + 2}), '/', 1)`;
      const rows = await db
        .select({ name, modifiedAt: sql<Date | string>`max(${storedFiles.modifiedAt})` })
        .from(storedFiles)
        .where(like(storedFiles.key, under(prefix)))
        // By position: the name's expression carries a bound parameter, which a repeated one would not equal.
        .groupBy(sql`1`);
      return rows.map((row) => ({ name: row.name, modifiedAt: new Date(row.modifiedAt) }));
    },

    /** Up to `limit` keys after `after`, in code-unit order whatever the database's collation. */
    async keysAfter(after: string, limit: number): Promise<string[]> {
      const key = sql`${storedFiles.key} collate "C"`;
      const rows = await db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(gt(key, after))
        .orderBy(asc(key))
        .limit(limit);
      return rows.map((row) => row.key);
    },

    async removeAll(prefix: string): Promise<void> {
      await db
        .delete(storedFiles)
        .where(or(eq(storedFiles.key, prefix), like(storedFiles.key, under(prefix))));
    },
  };
}

export type StoredFilesRepo = ReturnType<typeof createStoredFilesRepo>;
