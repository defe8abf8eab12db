import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { levelOf, readJournal } from '../../db/migrations.ts';
import { AppError } from '../../platform/errors.ts';
import { type ArchiveEntry, readArchive, readBody, readLines } from './backup.archive.ts';
import {
  type Manifest,
  ManifestSchema,
  parseEntryName,
  sha256,
  TableDigest,
  type TableName,
  tableLabel,
  WAREHOUSE_SCHEMAS,
} from './backup.format.ts';
import { checkLevel, migrationsUpTo, tablesSeededByMigrations } from './backup.migrations.ts';
import type { BackupRepo, RestoreQueries } from './backup.repo.ts';
import { isBackedUp, ROW_BATCH } from './backup.service.ts';

/** Rows per insert statement, by the size of their text. */
const INSERT_BYTES = 2 * 1024 * 1024;

export interface RestoreDeps {
  repo: BackupRepo;
  migrationsFolder: string;
  /** The target's data-source key: where it is kept, and its fingerprint when there is one. */
  dataSourceKey: { location: string; fingerprint: string | null };
}

const damaged = (reason: string) =>
  new AppError('UNPROCESSABLE', `备份文件已损坏或不完整：${reason}。未写入任何数据`);

/**
 * Reads the whole archive and checks it against its manifest (every table's checksum, rows and parts;
 * every file's hash and size; nothing missing, nothing extra). Writes nothing.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new AppError('NOT_FOUND', `找不到备份文件 ${file}`);
  const tables = new Map<string, { digest: TableDigest; parts: number }>();
  const files = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  try {
    for await (const entry of readArchive(file)) {
      const kind = parseEntryName(entry.name);
      if (!kind || !entry.isFile) throw damaged(`含有不属于备份的条目 ${entry.name}`);
      if (kind.kind === 'manifest') {
        if (manifestText !== null) throw damaged('清单 manifest.json 出现了两次');
        manifestText = (await readBody(entry)).toString('utf8');
      } else if (kind.kind === 'file') {
        if (files.has(kind.key)) throw damaged(`文件 ${kind.key} 出现了两次`);
        files.set(kind.key, await hashBody(entry));
      } else {
        const label = tableLabel(kind.table);
        const table = tables.get(label) ?? { digest: new TableDigest(), parts: 0 };
        if (kind.part !== table.parts + 1) throw damaged(`表 ${label} 的数据分段不连续`);
        for await (const chunk of entry.body) table.digest.addBytes(chunk);
        table.parts += 1;
        tables.set(label, table);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw damaged(`无法完整读取（${error instanceof Error ? error.message : String(error)}）`);
  }
  if (manifestText === null) throw damaged('缺少清单 manifest.json（备份可能在写入中途中断）');
  const parsed = ManifestSchema.safeParse(parseJson(manifestText));
  if (!parsed.success) throw damaged('清单 manifest.json 的格式不正确');
  const manifest = parsed.data;

  const listed = new Set<string>();
  for (const table of manifest.tables) {
    const label = tableLabel(table);
    if (listed.has(label)) throw damaged(`清单中表 ${label} 出现了两次`);
    listed.add(label);
    if (WAREHOUSE_SCHEMAS.includes(table.schema) !== Boolean(table.warehouse))
      throw damaged(`清单中表 ${label} 的结构说明不正确`);
    const found = tables.get(label) ?? { digest: new TableDigest(), parts: 0 };
    if (
      found.parts !== table.parts ||
      found.digest.rows !== table.rows ||
      found.digest.digest() !== table.sha256
    )
      throw damaged(`表 ${label} 的数据与校验和不符`);
  }
  const unlisted = [...tables.keys()].find((label) => !listed.has(label));
  if (unlisted) throw damaged(`表 ${unlisted} 的数据不在清单中`);
  const keys = new Set<string>();
  for (const file of manifest.files) {
    const found = files.get(file.key);
    if (keys.has(file.key)) throw damaged(`清单中文件 ${file.key} 出现了两次`);
    keys.add(file.key);
    if (!found) throw damaged(`缺少文件 ${file.key}`);
    if (found.size !== file.size || found.sha256 !== file.sha256)
      throw damaged(`文件 ${file.key} 与校验和不符`);
  }
  const extra = [...files.keys()].find((key) => !keys.has(key));
  if (extra) throw damaged(`文件 ${extra} 不在清单中`);
  return manifest;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function hashBody(entry: ArchiveEntry) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of entry.body) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

export interface RestoreSummary {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
  ms: number;
  /** Whether the target's data-source key is the one the original install had (null: cannot tell). */
  sameDataSourceKey: boolean | null;
  dataSourceKey: RestoreDeps['dataSourceKey'];
}

/**
 * Refuses a target holding anything: rows in a table (but those the migrations themselves write), a
 * warehouse table, or a stored file. A restore never merges two installs.
 */
async function checkEmpty(deps: RestoreDeps) {
  const { repo } = deps;
  const seeded = tablesSeededByMigrations(deps.migrationsFolder, readJournal(deps.migrationsFolder));
  const tables = await repo.tables();
  const warehouse = tables.filter((t) => WAREHOUSE_SCHEMAS.includes(t.schema));
  const withRows = await repo.tablesWithRows(
    tables.filter((t) => !WAREHOUSE_SCHEMAS.includes(t.schema) && !seeded.has(t.name)),
  );
  const reasons: string[] = [];
  if (withRows.length)
    reasons.push(
      `数据库中有 ${withRows.length} 张表已有数据（如 ${withRows.slice(0, 3).map(tableLabel).join('、')}）`,
    );
  if (warehouse.length) reasons.push(`数据库中已有 ${warehouse.length} 张数据仓库表`);
  const stored = await repo.anyStoredKey();
  if (stored) reasons.push(`文件存储中已有文件（如 ${stored}）`);
  if (reasons.length)
    throw new AppError(
      'CONFLICT',
      `恢复目标不是空的：${reasons.join('；')}。恢复只写入空的数据库和空的文件存储，不会与已有数据合并；请准备新的数据库（或新的数据目录）后再恢复`,
    );
}

/** Makes the target's tables those of the archive's level: this code's first migrations, no further. */
async function migrateToArchiveLevel(deps: RestoreDeps, manifest: Manifest) {
  const { repo } = deps;
  const code = readJournal(deps.migrationsFolder);
  const level = checkLevel(code, manifest.migrations);
  if (!level.ok && level.reason === 'newer')
    throw new AppError(
      'UNPROCESSABLE',
      `备份来自更新版本的程序（数据库结构版本 ${manifest.migrations.count}，本程序为 ${code.length}）：请先升级程序再恢复。未写入任何数据`,
    );
  if (!level.ok)
    throw new AppError(
      'UNPROCESSABLE',
      `备份的数据库结构版本（${manifest.migrations.lastTag ?? manifest.migrations.count}）与本程序的迁移不符，无法恢复。未写入任何数据`,
    );
  const before = await repo.migrationLevel();
  if (before.applied > manifest.migrations.count)
    throw new AppError(
      'UNPROCESSABLE',
      '目标数据库的结构版本比备份新，无法恢复到其中：请使用新的空数据库。未写入任何数据',
    );
  const folder =
    manifest.migrations.count === code.length
      ? deps.migrationsFolder
      : migrationsUpTo(deps.migrationsFolder, manifest.migrations.count);
  try {
    await repo.migrate(folder);
  } finally {
    if (folder !== deps.migrationsFolder) fs.rmSync(folder, { recursive: true, force: true });
  }
  const after = levelOf(code, await repo.migrationLevel());
  if (after.count !== manifest.migrations.count || after.lastCreatedAt !== manifest.migrations.lastCreatedAt)
    throw new Error(
      `目标数据库迁移后的结构版本（${after.count}）与备份（${manifest.migrations.count}）不一致`,
    );
}

/** Writes every file of the archive, then reads each back: its hash must be the manifest's. */
async function restoreFiles(repo: BackupRepo, file: string, manifest: Manifest, written: string[]) {
  const expected = new Map(manifest.files.map((f) => [f.key, f]));
  for await (const entry of readArchive(file)) {
    const kind = parseEntryName(entry.name);
    if (kind?.kind !== 'file') continue;
    const bytes = await readBody(entry);
    // The archive was checked whole; a file changed since then is refused before it is written.
    if (sha256(bytes) !== expected.get(kind.key)?.sha256) throw damaged(`文件 ${kind.key} 在校验后被改动`);
    written.push(kind.key);
    await repo.files.put(kind.key, bytes);
  }
  for (const { key, size, sha256: hash } of manifest.files) {
    const bytes = await repo.files.get(key);
    if (bytes.length !== size || sha256(bytes) !== hash)
      throw new Error(`恢复后校验失败：文件 ${key} 与备份不符`);
  }
}

/** Every row, in one transaction that ends by checking each table's checksum against the manifest. */
async function restoreRows(deps: RestoreDeps, file: string, manifest: Manifest, queries: RestoreQueries) {
  const seeded = tablesSeededByMigrations(deps.migrationsFolder, readJournal(deps.migrationsFolder));
  for (const table of manifest.tables) {
    if (table.warehouse) await queries.createWarehouseTable(table, table.warehouse);
  }
  const shapes = new Map((await queries.tables()).map((shape) => [tableLabel(shape), shape]));
  const missing = manifest.tables.find((table) => !shapes.has(tableLabel(table)));
  if (missing) throw new Error(`目标数据库缺少表 ${tableLabel(missing)}`);

  // Rows go in table by table in any order: the foreign keys come off first and go back on at the end,
  // which checks every restored row against them (self-references and cycles included).
  const foreignKeys = await queries.foreignKeys();
  for (const key of foreignKeys) await queries.dropForeignKey(key, key.constraint);
  for (const shape of shapes.values()) {
    if (shape.schema === 'public' && seeded.has(shape.name) && isBackedUp(shape))
      await queries.deleteRows(shape);
  }
  for await (const entry of readArchive(file)) {
    const kind = parseEntryName(entry.name);
    if (kind?.kind !== 'part') continue;
    const shape = shapes.get(tableLabel(kind.table))!;
    const columns = shape.columns.filter((c) => !c.generated).map((c) => c.name);
    for await (const lines of readLines(entry, INSERT_BYTES))
      await queries.insertLines(shape, columns, lines);
  }
  const sequences = new Set((await queries.sequences()).map(tableLabel));
  for (const sequence of manifest.sequences) {
    if (sequence.owner) {
      const table: TableName = { schema: sequence.schema, name: sequence.owner.table };
      await queries.resetOwnedSequence(table, sequence.owner.column, sequence.lastValue);
    } else if (sequence.lastValue !== null && sequences.has(tableLabel(sequence))) {
      await queries.setSequence(sequence, sequence.lastValue);
    }
  }
  for (const key of foreignKeys) await queries.addForeignKey(key, key.constraint, key.definition);

  for (const table of manifest.tables) {
    const digest = new TableDigest();
    for await (const lines of queries.lines(shapes.get(tableLabel(table))!, ROW_BATCH))
      digest.addLines(lines);
    if (digest.rows !== table.rows || digest.digest() !== table.sha256)
      throw new Error(
        `恢复后校验失败：表 ${tableLabel(table)} 的数据与备份不符（${digest.rows} 行，备份 ${table.rows} 行）`,
      );
  }
}

export function createRestoreService(deps: RestoreDeps) {
  const { repo } = deps;
  return {
    /**
     * Restores an archive into this (empty) target: checks the target is empty and the archive whole
     * before anything is written, makes the archive's tables, writes the files, then every row in one
     * transaction. On failure the files written are removed again and no row stays.
     */
    async restore(input: { file: string; say?: (line: string) => void }): Promise<RestoreSummary> {
      const started = Date.now();
      const say = input.say ?? (() => {});
      say('正在检查恢复目标是否为空…');
      await checkEmpty(deps);
      say('正在校验备份文件…');
      const manifest = await verifyArchive(input.file);
      say('正在建立数据库结构…');
      await migrateToArchiveLevel(deps, manifest);
      const written: string[] = [];
      try {
        say(`正在写入 ${manifest.files.length} 个文件…`);
        await restoreFiles(repo, input.file, manifest, written);
        say(`正在写入 ${manifest.tables.length} 张表的数据…`);
        await repo.restore((queries) => restoreRows(deps, input.file, manifest, queries));
      } catch (error) {
        for (const key of written) await repo.files.remove(key).catch(() => {});
        throw error;
      }
      const fingerprint = manifest.dataSourceKey.fingerprint;
      return {
        manifest,
        tables: manifest.tables.length,
        rows: manifest.totals.rows,
        files: manifest.files.length,
        fileBytes: manifest.totals.fileBytes,
        ms: Date.now() - started,
        sameDataSourceKey:
          fingerprint && deps.dataSourceKey.fingerprint
            ? fingerprint === deps.dataSourceKey.fingerprint
            : null,
        dataSourceKey: deps.dataSourceKey,
      };
    },
  };
}
