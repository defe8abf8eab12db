import fs from 'node:fs';
import path from 'node:path';
import { zonedParts } from '@eduqa/contract';
import { levelOf, readJournal } from '../../db/migrations.ts';
import { AppError } from '../../platform/errors.ts';
import { type FileStorage, isMissingFile } from '../../platform/file-storage.ts';
import { createArchiveWriter } from './backup.archive.ts';
import {
  FORMAT,
  FORMAT_VERSION,
  fileEntry,
  MANIFEST_ENTRY,
  type Manifest,
  ManifestSchema,
  type ManifestTable,
  PART_BYTES,
  partEntry,
  sha256,
  TableDigest,
  tableLabel,
  WAREHOUSE_SCHEMAS,
} from './backup.format.ts';
import type { BackupRepo, SnapshotQueries, TableShape } from './backup.repo.ts';

/** Rows read from the database per fetch. */
export const ROW_BATCH = 1000;
/** The part of a backup's progress the files take; the tables share the rest, one step each. */
const FILES_SHARE = 20;

/**
 * Tables whose content travels another way: the files of `FILE_STORAGE=database` are copied through the
 * file store like any other (under files/), so that a restore may put them in either kind of store.
 */
const TABLES_LEFT_OUT = new Set(['public.stored_files']);
export const isBackedUp = (table: { schema: string; name: string }) =>
  !TABLES_LEFT_OUT.has(tableLabel(table));

export interface BackupDeps {
  repo: BackupRepo;
  /** This code's migrations folder (its journal names the database's level). */
  migrationsFolder: string;
  appVersion: string;
  /** Where the data-source key is kept, and its fingerprint when it can be read. */
  dataSourceKey: { location: string; fingerprint: string | null };
  /** The school's time zone for the archive's name; null or absent: the server's clock. */
  timeZone?: () => Promise<string | null>;
}

export interface TableInventory {
  schema: string;
  name: string;
  rows: number;
  sha256: string;
}
export interface FileInventory {
  key: string;
  size: number;
  sha256: string;
}

/**
 * `eduqa-backup-20261130-061500.tar.gz`, on the school's clock when its zone is known (a server kept in
 * UTC names the archive as the school reads its own time), else on the server's.
 */
export function backupName(at: Date, timeZone?: string | null): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const p = timeZone
    ? zonedParts(at.getTime(), timeZone)
    : {
        ...{ year: at.getFullYear(), month: at.getMonth() + 1, day: at.getDate() },
        ...{ hour: at.getHours(), minute: at.getMinutes(), second: at.getSeconds() },
      };
  return `eduqa-backup-${p.year}${pad(p.month)}${pad(p.day)}-${pad(p.hour)}${pad(p.minute)}${pad(p.second)}.tar.gz`;
}

/** A name no archive has yet: two backups in one second must not overwrite each other. */
function freePath(dir: string, name: string): string {
  for (let n = 1; ; n += 1) {
    const candidate = path.join(dir, n === 1 ? name : name.replace(/\.tar\.gz$/, `-${n}.tar.gz`));
    if (!fs.existsSync(candidate)) return candidate;
  }
}

/** A table's checksum over its lines, each batch also handed to `onChunk` (the archive's writer). */
async function digestTable(
  queries: SnapshotQueries,
  shape: TableShape,
  onChunk: (chunk: Buffer) => Promise<void> = async () => {},
) {
  const digest = new TableDigest();
  for await (const lines of queries.lines(shape, ROW_BATCH)) await onChunk(digest.addLines(lines));
  return { rows: digest.rows, sha256: digest.digest() };
}

/** Every stored file, skipping one deleted since it was listed. */
async function* storedFiles(files: FileStorage): AsyncGenerator<{ key: string; bytes: Buffer }> {
  for await (const key of files.keys()) {
    const bytes = await files.get(key).catch((error: unknown) => {
      if (isMissingFile(error)) return null;
      throw error;
    });
    if (bytes) yield { key, bytes };
  }
}

/** How a warehouse table is made again, from the catalog's facts. */
function warehouseFacts(shape: TableShape): ManifestTable['warehouse'] {
  return {
    columns: shape.columns.map((c) => ({
      name: c.name,
      type: c.type as NonNullable<ManifestTable['warehouse']>['columns'][number]['type'],
      notNull: c.notNull,
      defaultNow: c.defaultValue === 'now()',
      identity: c.identity,
    })),
    constraints: shape.constraints,
  };
}

export function createBackupService(deps: BackupDeps) {
  const { repo } = deps;

  return {
    /**
     * Writes one archive into `outDir`: every table at one moment, every stored file, and the manifest
     * with their checksums. Read-only on the database; nothing under the final name until it is whole.
     */
    async backup(input: { outDir: string; now?: Date; progress?: (percent: number) => Promise<void> }) {
      const started = Date.now();
      const now = input.now ?? new Date();
      const journal = readJournal(deps.migrationsFolder);
      const level = levelOf(journal, await repo.migrationLevel());
      if (level.count === 0)
        throw new AppError('UNPROCESSABLE', '数据库尚未初始化（没有迁移记录），没有可备份的数据');
      const serverVersion = await repo.serverVersion();
      fs.mkdirSync(input.outDir, { recursive: true });
      const file = freePath(input.outDir, backupName(now, await deps.timeZone?.()));
      const writer = await createArchiveWriter(file);
      try {
        const content = await repo.snapshot(async (queries) => {
          // The catalog read first fixes the snapshot; files are listed after it, so a row never names a
          // file uploaded after the rows were read without that file being there too.
          const shapes = (await queries.tables()).filter(isBackedUp);
          const files: FileInventory[] = [];
          for await (const { key, bytes } of storedFiles(queries.files)) {
            await writer.add(fileEntry(key), bytes);
            files.push({ key, size: bytes.length, sha256: sha256(bytes) });
          }
          await input.progress?.(FILES_SHARE);
          const tables: ManifestTable[] = [];
          for (const [index, shape] of shapes.entries()) {
            tables.push(await copyTable(queries, shape, writer.add));
            await input.progress?.(
              FILES_SHARE + Math.floor(((100 - FILES_SHARE) * (index + 1)) / shapes.length),
            );
          }
          return { tables, files, sequences: await queries.sequences() };
        });
        const manifest = checkedManifest({
          format: FORMAT,
          formatVersion: FORMAT_VERSION,
          appVersion: deps.appVersion,
          createdAt: now.toISOString(),
          database: { kind: repo.driver, serverVersion },
          fileStorage: repo.fileStorage,
          migrations: level,
          tables: content.tables,
          sequences: content.sequences,
          files: content.files,
          totals: {
            rows: content.tables.reduce((sum, t) => sum + t.rows, 0),
            files: content.files.length,
            fileBytes: content.files.reduce((sum, f) => sum + f.size, 0),
          },
          dataSourceKey: { included: false, ...deps.dataSourceKey },
          notIncluded: [
            `数据源密钥（加密数据源密码）：不在备份中，保存在${deps.dataSourceKey.location}，请另行妥善保管`,
            '排队中或执行中的后台任务：不在备份中，恢复后需重新发起',
          ],
        });
        await writer.add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
        const bytes = await writer.finish();
        return { file, bytes, ms: Date.now() - started, manifest };
      } catch (error) {
        await writer.abort();
        throw error;
      }
    },

    /**
     * Each table's row count and checksum and each file's hash, read as a backup reads them: what a
     * restore must reproduce (the tests compare two installs by it).
     */
    inventory(): Promise<{ tables: TableInventory[]; files: FileInventory[] }> {
      return repo.snapshot(async (queries) => {
        const tables: TableInventory[] = [];
        for (const shape of (await queries.tables()).filter(isBackedUp)) {
          tables.push({ schema: shape.schema, name: shape.name, ...(await digestTable(queries, shape)) });
        }
        const files: FileInventory[] = [];
        for await (const { key, bytes } of storedFiles(queries.files)) {
          files.push({ key, size: bytes.length, sha256: sha256(bytes) });
        }
        return { tables, files };
      });
    },
  };
}

/** The manifest as a restore will read it: a backup that could not be restored fails now, not then. */
function checkedManifest(manifest: unknown): Manifest {
  const parsed = ManifestSchema.safeParse(manifest);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
  throw new Error(`备份清单不符合格式，备份未完成：${problems}`);
}

/** A table's rows into parts of about `PART_BYTES`, cut between rows. */
async function copyTable(
  queries: SnapshotQueries,
  shape: TableShape,
  add: (name: string, bytes: Uint8Array) => Promise<void>,
): Promise<ManifestTable> {
  let parts = 0;
  let pending: Buffer[] = [];
  let size = 0;
  const flush = async () => {
    parts += 1;
    await add(partEntry(shape, parts), Buffer.concat(pending));
    pending = [];
    size = 0;
  };
  const { rows, sha256: checksum } = await digestTable(queries, shape, async (chunk) => {
    pending.push(chunk);
    size += chunk.length;
    if (size >= PART_BYTES) await flush();
  });
  if (size > 0) await flush();
  const warehouse = WAREHOUSE_SCHEMAS.includes(shape.schema) ? warehouseFacts(shape) : undefined;
  return {
    schema: shape.schema as ManifestTable['schema'],
    name: shape.name,
    rows,
    parts,
    sha256: checksum,
    ...(warehouse ? { warehouse } : {}),
  };
}
export type BackupService = ReturnType<typeof createBackupService>;
