import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client.ts';

/** The journal drizzle-kit writes beside the migrations: their order, tags and creation stamps. */
const JournalSchema = z.object({
  entries: z.array(z.object({ idx: z.number(), tag: z.string(), when: z.number() }).loose()),
});
export type MigrationEntry = { tag: string; when: number };

export function readJournal(folder: string): MigrationEntry[] {
  const journal = JournalSchema.parse(
    JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')),
  );
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** A database's level as drizzle records it (count and newest stamp), named by this code's journal when it knows it. */
export function levelOf(
  journal: readonly MigrationEntry[],
  applied: { applied: number; latest: number | null },
) {
  const last = applied.applied > 0 ? journal[applied.applied - 1] : undefined;
  return {
    count: applied.applied,
    lastTag: last && last.when === applied.latest ? last.tag : null,
    lastCreatedAt: applied.latest,
  };
}

/** The applied migrations (count and newest stamp), none when the database has never been migrated. */
export async function appliedMigrations(db: Db): Promise<{ applied: number; latest: number | null }> {
  const found = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`,
  )) as unknown as { rows: { exists: boolean }[] };
  if (!found.rows[0]?.exists) return { applied: 0, latest: null };
  const result = (await db.execute(
    sql`select count(*) as applied, max(created_at) as latest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { applied: string | number; latest: string | number | null }[] };
  const row = result.rows[0];
  return { applied: Number(row?.applied ?? 0), latest: row?.latest == null ? null : Number(row.latest) };
}

/** A migration's number as its file is named: 0023 for 0023_audit_trail (the 24th). */
export const migrationNumber = (count: number) => String(Math.max(0, count - 1)).padStart(4, '0');

/** A database some newer version of the program has migrated further than this code knows. */
export class DatabaseNewerError extends Error {
  constructor(database: number, code: number) {
    super(
      `数据库版本（迁移 ${migrationNumber(database)}）比本程序新（迁移 ${migrationNumber(code)}），请使用新版本的程序`,
    );
    this.name = 'DatabaseNewerError';
  }
}

/**
 * Refuses a database holding a migration newer than this code's last. drizzle would skip its
 * migrations silently and the older code would then run on tables it does not know.
 */
export async function refuseNewerDatabase(db: Db, folder: string): Promise<void> {
  const journal = readJournal(folder);
  const applied = await appliedMigrations(db);
  const last = journal.at(-1);
  const newer =
    applied.applied > journal.length ||
    (applied.latest !== null && (last === undefined || applied.latest > last.when));
  if (newer) throw new DatabaseNewerError(Math.max(applied.applied, journal.length + 1), journal.length);
}
