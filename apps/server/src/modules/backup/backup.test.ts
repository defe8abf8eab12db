import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneTemplate, emptyDatabase } from '../../../test/database-templates.ts';
import { type Database, MIGRATIONS_FOLDER } from '../../db/client.ts';
import { readJournal } from '../../db/migrations.ts';
import { createLocalFileStorage, type FileStorage } from '../../platform/file-storage.ts';
import { jobs } from '../../platform/jobs/jobs.table.ts';
import { createArchiveWriter, readArchive, readBody } from './backup.archive.ts';
import { MANIFEST_ENTRY, type Manifest } from './backup.format.ts';
import { migrationsUpTo } from './backup.migrations.ts';
import { type BackupFiles, createBackupRepo } from './backup.repo.ts';
import { createBackupService } from './backup.service.ts';
import { createRestoreService } from './restore.service.ts';

/**
 * A backup of the demo school restored into fresh installs, compared table by table and file by file with
 * the original. On PGlite always; with TEST_DATABASE_URL the four pairs of database kinds, through one chain:
 * PostgreSQL → (PostgreSQL, PGlite), then that PGlite's own backup → (PostgreSQL, PGlite).
 */
const url = process.env.TEST_DATABASE_URL;
const KEY = { location: '测试密钥文件', fingerprint: '0123456789abcdef' };

interface Install {
  database: Database;
  filesDir: string;
  storage: 'local' | 'database';
  close(): Promise<void>;
}

const scratch: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

const filesOf = (install: Install): BackupFiles =>
  install.storage === 'database'
    ? { kind: 'database' }
    : { kind: 'local', storage: createLocalFileStorage(install.filesDir) };
const repoOf = (install: Install) => createBackupRepo(install.database, filesOf(install));
const backupOf = (install: Install) =>
  createBackupService({
    repo: repoOf(install),
    migrationsFolder: MIGRATIONS_FOLDER,
    appVersion: 'test',
    dataSourceKey: KEY,
  });
const restoreInto = (install: Install, file: string) =>
  createRestoreService({
    repo: repoOf(install),
    migrationsFolder: MIGRATIONS_FOLDER,
    dataSourceKey: KEY,
  }).restore({
    file,
  });

async function freshInstall(kind: 'pglite' | 'postgres', storage: Install['storage']): Promise<Install> {
  const { database, drop } = await emptyDatabase(kind === 'postgres' ? url : undefined);
  return {
    database,
    filesDir: tempDir('eduqa-restore-files-'),
    storage,
    async close() {
      await database.close();
      await drop();
    },
  };
}

/** Rewrites an archive entry by entry: `change` answers the new bytes, or null to leave the entry out. */
async function rewrite(from: string, to: string, change: (name: string, bytes: Buffer) => Buffer | null) {
  const writer = await createArchiveWriter(to);
  for await (const entry of readArchive(from)) {
    const bytes = change(entry.name, await readBody(entry));
    if (bytes) await writer.add(entry.name, bytes);
  }
  await writer.finish();
}

/** Whether a target is still as empty as it began: no migration, no table, no file. */
async function expectUntouched(install: Install) {
  const repo = repoOf(install);
  expect(await repo.migrationLevel()).toEqual({ applied: 0, latest: null });
  expect(await repo.tables()).toEqual([]);
  expect(fs.readdirSync(install.filesDir)).toEqual([]);
}

/** A few files besides the demo's attachments: every byte value, an empty one, a deeper key, a larger one. */
async function addFiles(storage: FileStorage) {
  await storage.put('backup-test/all-bytes.bin', Buffer.from(Array.from({ length: 256 }, (_, i) => i)));
  await storage.put('backup-test/empty.txt', new Uint8Array(0));
  await storage.put('backup-test/deep/er/cn.txt', Buffer.from('中文内容'));
  await storage.put('backup-test/large.bin', Buffer.alloc(3_000_000, 0x5a));
}

let source: Install;
let original: Awaited<ReturnType<ReturnType<typeof backupOf>['inventory']>>;
let archive: string;
let manifest: Manifest;
let out: string;

beforeAll(async () => {
  const templates = inject('databaseTemplates');
  const { database, drop, filesDir } = await cloneTemplate(url, templates.demo);
  // On PostgreSQL the source keeps its files in the database, so the restores also cross file stores.
  source = {
    database,
    filesDir,
    storage: url ? 'database' : 'local',
    async close() {
      await database.close();
      await drop();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
  const files = repoOf(source).files;
  if (url) {
    const local = createLocalFileStorage(filesDir);
    for await (const key of local.keys()) await files.put(key, await local.get(key));
  }
  await addFiles(files);
  // A job still waiting: its queue is not backed up, so neither is it.
  await database.db.insert(jobs).values({ id: 'backup-test-waiting', kind: 'test', actorUserId: 'nobody' });
  original = await backupOf(source).inventory();
  out = tempDir('eduqa-backups-');
  const result = await backupOf(source).backup({ outDir: out, now: new Date(2026, 10, 30, 6, 15, 0) });
  archive = result.file;
  manifest = result.manifest;
  process.stdout.write(
    `demo school backup (${database.driver}): ${(result.bytes / 1024 / 1024).toFixed(1)} MB, ${manifest.totals.rows} rows, ${manifest.totals.files} files, ${result.ms} ms\n`,
  );
});

afterAll(async () => {
  await source?.close();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup', () => {
  it('writes one archive under a timestamped name, its manifest describing every table and file', async () => {
    expect(fs.readdirSync(out)).toEqual(['eduqa-backup-20261130-061500.tar.gz']);
    expect(manifest.database.kind).toBe(source.database.driver);
    expect(manifest.migrations.count).toBe(readJournal(MIGRATIONS_FOLDER).length);
    expect(manifest.migrations.lastTag).toBe(readJournal(MIGRATIONS_FOLDER).at(-1)?.tag);
    expect(
      manifest.tables.map((t) => ({ schema: t.schema, name: t.name, rows: t.rows, sha256: t.sha256 })),
    ).toEqual(original.tables);
    expect(manifest.files).toEqual(original.files);
    expect(manifest.files.map((f) => f.key)).toContain('backup-test/large.bin');
    // The warehouse's own tables, with what it takes to make them again; the file table travels as files.
    expect(
      manifest.tables.filter((t) => t.schema === 'dw' && t.rows > 0 && t.warehouse).length,
    ).toBeGreaterThan(0);
    expect(manifest.tables.map((t) => t.name)).not.toContain('stored_files');
    const jobRows = await source.database.db.select({ state: jobs.state }).from(jobs);
    expect(jobRows.filter((job) => job.state === 'waiting').length).toBeGreaterThan(0);
    expect(manifest.tables.find((t) => t.name === 'jobs')?.rows).toBe(
      jobRows.filter((job) => job.state !== 'waiting' && job.state !== 'running').length,
    );
    expect(manifest.dataSourceKey).toEqual({ included: false, ...KEY });
    expect(manifest.notIncluded.join()).toMatch(/数据源密钥/);
  });

  it('leaves no archive, whole or partial, when it fails midway', async () => {
    const dir = tempDir('eduqa-interrupted-');
    let reads = 0;
    const files = repoOf(source).files;
    const failing: FileStorage = {
      ...files,
      async get(key) {
        reads += 1;
        if (reads === 3) throw new Error('disk gone');
        return files.get(key);
      },
    };
    const service = createBackupService({
      repo: createBackupRepo(source.database, { kind: 'local', storage: failing }),
      migrationsFolder: MIGRATIONS_FOLDER,
      appVersion: 'test',
      dataSourceKey: KEY,
    });
    await expect(service.backup({ outDir: dir })).rejects.toThrow('disk gone');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('restore', () => {
  // The PostgreSQL run goes through PGlite → PGlite in the chain of the next case.
  it.skipIf(Boolean(url))(
    'restores a PGlite backup into PGlite: every table and file as it was',
    async () => {
      const target = await freshInstall('pglite', 'local');
      try {
        const summary = await restoreInto(target, archive);
        expect(summary.rows).toBe(manifest.totals.rows);
        process.stdout.write(`demo school restore (pglite → pglite): ${summary.ms} ms\n`);
        expect(await backupOf(target).inventory()).toEqual(original);
        expect(await repoOf(target).snapshot((q) => q.sequences())).toEqual(
          await repoOf(source).snapshot((q) => q.sequences()),
        );
      } finally {
        await target.close();
      }
    },
  );

  // Six installs and four restores: in CI's PostgreSQL phase, beside the whole suite, past the default 90 s.
  it.skipIf(!url)(
    'crosses database kinds and file stores both ways (the four pairs)',
    async () => {
      const toPostgres = await freshInstall('postgres', 'local');
      const toPglite = await freshInstall('pglite', 'local');
      const back = [await freshInstall('postgres', 'database'), await freshInstall('pglite', 'database')];
      try {
        for (const target of [toPostgres, toPglite]) {
          const summary = await restoreInto(target, archive);
          process.stdout.write(
            `demo school restore (postgres → ${target.database.driver}): ${summary.ms} ms\n`,
          );
          expect(await backupOf(target).inventory()).toEqual(original);
        }
        // The PGlite copy backs up to the same checksums as the PostgreSQL original, and restores on.
        const second = await backupOf(toPglite).backup({ outDir: tempDir('eduqa-backups-') });
        expect(second.manifest.tables).toEqual(manifest.tables);
        expect(second.manifest.files).toEqual(manifest.files);
        for (const target of back) {
          const summary = await restoreInto(target, second.file);
          process.stdout.write(
            `demo school restore (pglite → ${target.database.driver}): ${summary.ms} ms\n`,
          );
          expect(await backupOf(target).inventory()).toEqual(original);
        }
      } finally {
        for (const target of [toPostgres, toPglite, ...back]) await target.close();
      }
    },
    300_000,
  );

  it('restores an archive of an older level at that level, and the next start migrates the rest', async () => {
    const count = readJournal(MIGRATIONS_FOLDER).length;
    const older = await freshInstall('pglite', 'local');
    const target = await freshInstall('pglite', 'local');
    const folder = migrationsUpTo(MIGRATIONS_FOLDER, count - 1);
    try {
      await older.database.migrate(folder);
      await createLocalFileStorage(older.filesDir).put('older/file.txt', Buffer.from('旧版本的文件'));
      const backup = await backupOf(older).backup({ outDir: tempDir('eduqa-backups-') });
      expect(backup.manifest.migrations.count).toBe(count - 1);
      await restoreInto(target, backup.file);
      expect((await repoOf(target).migrationLevel()).applied).toBe(count - 1);
      expect(await backupOf(target).inventory()).toEqual(await backupOf(older).inventory());
      await target.database.migrate();
      expect((await repoOf(target).migrationLevel()).applied).toBe(count);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      await older.close();
      await target.close();
    }
  });

  it('refuses a target that holds data, and one whose file store holds a file', async () => {
    await expect(restoreInto(source, archive)).rejects.toThrow(/恢复目标不是空的.*不会与已有数据合并/);
    const target = await freshInstall('pglite', 'local');
    try {
      await createLocalFileStorage(target.filesDir).put('stray/file.txt', Buffer.from('x'));
      await expect(restoreInto(target, archive)).rejects.toThrow(/文件存储中已有文件/);
      expect(await repoOf(target).tables()).toEqual([]);
    } finally {
      await target.close();
    }
  });

  describe('a damaged archive', () => {
    let target: Install;
    beforeAll(async () => {
      target = await freshInstall('pglite', 'local');
    });
    afterAll(async () => {
      await target.close();
    });

    it('refuses a truncated archive and writes nothing', async () => {
      const cut = path.join(tempDir('eduqa-damaged-'), 'cut.tar.gz');
      const bytes = fs.readFileSync(archive);
      fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      await expect(restoreInto(target, cut)).rejects.toThrow(/备份文件已损坏或不完整.*未写入任何数据/);
      await expectUntouched(target);
    });

    it('refuses an archive with one row changed, though it unpacks cleanly, and writes nothing', async () => {
      const changed = path.join(tempDir('eduqa-damaged-'), 'changed.tar.gz');
      const table = manifest.tables.find((t) => t.schema === 'public' && t.name === 'users')!;
      await rewrite(archive, changed, (name, bytes) =>
        name.startsWith('tables/public.users/')
          ? Buffer.from(bytes.toString().replace('admin', 'admim'))
          : bytes,
      );
      expect(table.rows).toBeGreaterThan(0);
      await expect(restoreInto(target, changed)).rejects.toThrow(/表 public\.users 的数据与校验和不符/);
      await expectUntouched(target);
    });

    it('refuses an archive without its manifest, or from a newer version of the program', async () => {
      const dir = tempDir('eduqa-damaged-');
      await rewrite(archive, path.join(dir, 'headless.tar.gz'), (name, bytes) =>
        name === MANIFEST_ENTRY ? null : bytes,
      );
      await expect(restoreInto(target, path.join(dir, 'headless.tar.gz'))).rejects.toThrow(/缺少清单/);
      await rewrite(archive, path.join(dir, 'newer.tar.gz'), (name, bytes) => {
        if (name !== MANIFEST_ENTRY) return bytes;
        const newer = JSON.parse(bytes.toString()) as Manifest;
        newer.migrations.count += 1;
        return Buffer.from(JSON.stringify(newer));
      });
      await expect(restoreInto(target, path.join(dir, 'newer.tar.gz'))).rejects.toThrow(
        /备份来自更新版本的程序/,
      );
      await expectUntouched(target);
    });
  });
});
