import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MigrationEntry } from '../../db/migrations.ts';

/**
 * Whether this code can make a database of the archive's level: its first `count` migrations must be the
 * archive's (same last tag and stamp). More than this code has is a newer version's archive.
 */
export function checkLevel(
  journal: readonly MigrationEntry[],
  level: { count: number; lastTag: string | null; lastCreatedAt: number | null },
): { ok: true } | { ok: false; reason: 'newer' | 'unknown' } {
  if (level.count > journal.length) return { ok: false, reason: 'newer' };
  if (level.count === 0) return { ok: false, reason: 'unknown' };
  const last = journal[level.count - 1]!;
  if (last.tag !== level.lastTag || last.when !== level.lastCreatedAt)
    return { ok: false, reason: 'unknown' };
  return { ok: true };
}

/**
 * A folder holding the first `count` migrations only, so that a restore makes exactly the archive's
 * tables; the rest run at the next start, over the restored rows (as they would have on the original).
 * The caller removes it.
 */
export function migrationsUpTo(folder: string, count: number): string {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const entries = journal.entries.slice(0, count);
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-migrations-'));
  fs.mkdirSync(path.join(target, 'meta'));
  fs.writeFileSync(path.join(target, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries)
    fs.copyFileSync(path.join(folder, `${tag}.sql`), path.join(target, `${tag}.sql`));
  return target;
}

/**
 * Tables the migrations themselves put rows into (the built-in file types): a database just migrated
 * already holds those rows and is still empty, and a restore replaces them with the archive's.
 */
export function tablesSeededByMigrations(folder: string, journal: readonly MigrationEntry[]): Set<string> {
  const tables = new Set<string>();
  for (const { tag } of journal) {
    const text = fs.readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
    for (const [, table] of text.matchAll(/insert\s+into\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi))
      tables.add(table!);
  }
  return tables;
}
