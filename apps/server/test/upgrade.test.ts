import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_FOLDER } from '../src/db/client.ts';
import { readJournal } from '../src/db/migrations.ts';
import { readArchive, readLines } from '../src/modules/backup/backup.archive.ts';
import { type Manifest, parseEntryName, sha256, tableLabel } from '../src/modules/backup/backup.format.ts';
import { type BackupRepo, createBackupRepo } from '../src/modules/backup/backup.repo.ts';
import { createRestoreService } from '../src/modules/backup/restore.service.ts';
import { createLocalFileStorage } from '../src/platform/file-storage.ts';
import { emptyDatabase } from './database-templates.ts';

/**
 * Upgrades keep the data (issue 27 item 5). The fixture is an EARLIER RELEASE's install, made from git
 * history by `node scripts/make-upgrade-fixture.mjs` (see its header and fixtures/upgrade/README.md): that
 * commit's server started once on a fresh embedded database (its migrations, its demo school and files),
 * written as a backup archive. Here it is restored at its own level into an empty database (PGlite; the
 * PostgreSQL of TEST_DATABASE_URL when set), today's migrations are applied as a start applies them, and
 * every earlier row and file must still be there, unchanged.
 */
const FIXTURE = path.join(import.meta.dirname, 'fixtures/upgrade');
const ARCHIVE = path.join(FIXTURE, 'earlier-release.tar.gz');
const EARLIER = JSON.parse(fs.readFileSync(path.join(FIXTURE, 'earlier-release.json'), 'utf8')) as {
  commit: string;
  migrations: { count: number; lastTag: string };
};
const url = process.env.TEST_DATABASE_URL;

/**
 * Values a later migration changes on purpose, and how the earlier value must survive in the new one:
 * 0023_audit_trail grants the administrator role audit.read, every earlier action stays.
 */
const CHANGED_ON_PURPOSE: Record<string, (earlier: unknown, now: unknown) => void> = {
  'public.roles.actions': (earlier, now) => expect(now).toEqual(expect.arrayContaining(earlier as unknown[])),
};

/** A table's rows as the archive holds them (one JSON object a line, in primary-key order). */
async function archivedRows(): Promise<Map<string, string[]>> {
  const rows = new Map<string, string[]>();
  for await (const entry of readArchive(ARCHIVE)) {
    const kind = parseEntryName(entry.name);
    if (kind?.kind !== 'part') continue;
    const label = tableLabel(kind.table);
    const lines = rows.get(label) ?? [];
    for await (const batch of readLines(entry, 1 << 20)) lines.push(...batch);
    rows.set(label, lines);
  }
  return rows;
}

/** The same tables' rows in the upgraded database, read as a backup reads them. */
function currentRows(repo: BackupRepo, labels: ReadonlySet<string>): Promise<Map<string, string[]>> {
  return repo.snapshot(async (queries) => {
    const rows = new Map<string, string[]>();
    for (const shape of await queries.tables()) {
      if (!labels.has(tableLabel(shape))) continue;
      const lines: string[] = [];
      for await (const batch of queries.lines(shape, 1000)) lines.push(...batch);
      rows.set(tableLabel(shape), lines);
    }
    return rows;
  });
}

/** Each earlier column of a row, against the upgraded row (which may have columns added since). */
function expectRowKept(label: string, earlierLine: string, nowLine: string | undefined) {
  const earlier = JSON.parse(earlierLine) as Record<string, unknown>;
  expect(nowLine, `${label}: 少了一行 ${earlierLine.slice(0, 200)}`).toBeDefined();
  const now = JSON.parse(nowLine!) as Record<string, unknown>;
  for (const [column, value] of Object.entries(earlier)) {
    const check = CHANGED_ON_PURPOSE[`${label}.${column}`];
    if (check) check(value, now[column]);
    else expect(now[column], `${label}.${column} 在 ${earlierLine.slice(0, 200)}`).toEqual(value);
  }
}

describe(`upgrade from ${EARLIER.commit.slice(0, 10)} (${EARLIER.migrations.lastTag})`, () => {
  let database: Database;
  let drop: () => Promise<void>;
  let repo: BackupRepo;
  let manifest: Manifest;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-upgrade-files-'));

  beforeAll(async () => {
    ({ database, drop } = await emptyDatabase(url));
    repo = createBackupRepo(database, { kind: 'local', storage: createLocalFileStorage(filesDir) });
    const restore = createRestoreService({
      repo,
      migrationsFolder: MIGRATIONS_FOLDER,
      dataSourceKey: { location: '测试', fingerprint: null },
    });
    ({ manifest } = await restore.restore({ file: ARCHIVE }));
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('is an earlier level of these same migrations, restored at that level', async () => {
    const journal = readJournal(MIGRATIONS_FOLDER);
    expect(manifest.migrations).toMatchObject(EARLIER.migrations);
    expect(EARLIER.migrations.count).toBeLessThan(journal.length);
    expect(journal[EARLIER.migrations.count - 1]?.tag).toBe(EARLIER.migrations.lastTag);
    expect((await repo.migrationLevel()).applied).toBe(EARLIER.migrations.count);
    // A fixture worth the name: the demo school with its files, not an empty install.
    expect(manifest.totals.rows).toBeGreaterThan(1000);
    expect(manifest.files.length).toBeGreaterThan(0);
  });

  it("applies today's migrations over it and keeps every earlier row and every file", async () => {
    await database.migrate();
    expect((await repo.migrationLevel()).applied).toBe(readJournal(MIGRATIONS_FOLDER).length);

    const earlier = await archivedRows();
    const labels = new Set(manifest.tables.map(tableLabel));
    const now = await currentRows(repo, labels);
    for (const table of manifest.tables) {
      const label = tableLabel(table);
      const rows = now.get(label);
      expect(rows, `表 ${label} 升级后不见了`).toBeDefined();
      expect(rows!.length, `表 ${label} 的行数`).toBe(table.rows);
      const before = earlier.get(label) ?? [];
      expect(before.length).toBe(table.rows);
      for (const [index, line] of before.entries()) expectRowKept(label, line, rows![index]);
    }

    const storage = createLocalFileStorage(filesDir);
    for (const file of manifest.files) {
      const bytes = await storage.get(file.key);
      expect(sha256(bytes), `文件 ${file.key}`).toBe(file.sha256);
    }
  }, 300_000);
});
