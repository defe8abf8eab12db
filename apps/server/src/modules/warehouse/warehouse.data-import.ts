import type { FieldRefKind, FieldType, WarehouseImportResult } from '@eduqa/contract';
import { guarded } from '../../platform/db-errors.ts';
import { AppError } from '../../platform/errors.ts';
import { readSheetRows, type SheetRow } from '../../platform/excel/read-sheet.ts';
import { importErrors, RowErrors } from '../../platform/excel/row-errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ImportStage } from '../../platform/jobs/excel-import.ts';
import { liveTable, MESSAGES } from './warehouse.model.ts';
import { type RefLookup, refLookup } from './warehouse.refs.ts';
import type { FieldRow, WarehouseQueries, WarehouseRepo } from './warehouse.repo.ts';
import { parseValue } from './warehouse.values.ts';

/**
 * Where a batch ends: at `rows` rows or once its values hold `chars` characters, whichever comes first
 * (one insert statement each). A batch's rows and its JSON text stay alive while the database writes it
 * and the next batch is read: long enough for V8 to move them to the old generation, where they stay
 * until a full collection. Cut at 2,000 rows alone, the 100,000-row benchmark grew the process by
 * ~105 MB; cut at 32,000 characters too (~290 of its rows, a few hundred KB), by ~50 MB
 * (bench/README.md, bench:warehouse). The characters also bound a wide table's batch.
 */
export const IMPORT_BATCH = { rows: 2_000, chars: 32_000 } as const;

/** A row's share of its batch: the characters of its values and of their JSON quotes and commas. */
const charsOf = (values: ReadonlyArray<string | null>) =>
  values.reduce((sum, v) => sum + (v === null ? 5 : v.length + 3), 2);

interface Column {
  field: FieldRow;
  type: FieldType;
  index: number;
  ref: RefLookup | null;
  /** In-file values of a unique column → the row that had it first. */
  seen: Map<string, number> | null;
}

/** Thrown out of the transaction to roll it back, carrying the answer. */
class Refused extends Error {
  constructor(readonly answer: WarehouseImportResult) {
    super('refused');
  }
}

/** The header row → the table's fields, each by its label or its code; the file must name every required one. */
function mapHeader(header: SheetRow, fields: readonly FieldRow[]): Array<{ field: FieldRow; index: number }> {
  const mapped: Array<{ field: FieldRow; index: number }> = [];
  header.cells.forEach((cell, index) => {
    const name = cell.trim();
    if (!name) return;
    const field = fields.find((f) => f.label === name || f.code === name);
    if (!field)
      throw new AppError('VALIDATION', `第1行第${index + 1}列「${name}」不是本表的字段，请使用下载的模板`);
    if (mapped.some((m) => m.field.id === field.id))
      throw new AppError('VALIDATION', `字段「${field.label}」的列重复`);
    mapped.push({ field, index });
  });
  const missing = fields.filter((f) => f.isRequired && !mapped.some((m) => m.field.id === f.id));
  if (missing.length > 0)
    throw new AppError('VALIDATION', `缺少必填字段「${missing.map((f) => f.label).join('、')}」的列`);
  if (mapped.length === 0) throw new AppError('VALIDATION', '第1行没有本表的字段，请使用下载的模板');
  return mapped;
}

/** One cell's canonical text (null when empty), or the reason it is wrong. */
function readCell(row: SheetRow, column: Column): { value: string | null } | { error: string } {
  const raw = row.cells[column.index] ?? '';
  if (raw.trim() === '') return column.field.isRequired ? { error: '必填，不能为空' } : { value: null };
  const parsed = parseValue(column.type, raw);
  if (!parsed.ok) return { error: `「${raw}」${parsed.message}` };
  let value = parsed.value;
  if (column.ref) {
    const found = column.ref.resolve(value);
    if ('error' in found) return { error: found.error };
    value = found.id;
  }
  if (column.seen) {
    const first = column.seen.get(value);
    if (first !== undefined) return { error: `「${raw}」与第${first}行重复（该字段唯一）` };
    column.seen.set(value, row.number);
  }
  return { value };
}

/**
 * One row's values (canonical text or null), or null when the row is wrong (its errors added). The array
 * is made at its final length: grown by pushes, V8 gives it room for 16 values, kept with its batch.
 */
function readRow(row: SheetRow, columns: readonly Column[], errors: RowErrors): Array<string | null> | null {
  const values = new Array<string | null>(columns.length);
  let ok = true;
  for (const [i, column] of columns.entries()) {
    const cell = readCell(row, column);
    if ('error' in cell) {
      errors.add({ row: row.number, column: column.field.label, message: cell.error });
      values[i] = null;
      ok = false;
    } else values[i] = cell.value;
  }
  return ok ? values : null;
}

/** The writes of one import, in the transaction: unique values checked against stored rows, then inserted. */
function createWriter(
  tx: WarehouseQueries,
  input: { table: string; columns: readonly Column[]; importId: string; wasEmpty: boolean },
) {
  const { table, columns, importId, wasEmpty } = input;
  /** Rows of the batch whose unique value is already stored (one query per unique column). */
  async function clashes(batch: { rows: number[]; values: Array<Array<string | null>> }, errors: RowErrors) {
    // Into an empty table only the file's own rows can clash, and those the in-file check has caught.
    if (wasEmpty) return;
    for (const [i, column] of columns.entries()) {
      if (!column.seen) continue;
      const found = await tx.data.storedPositions({
        table,
        code: column.field.code,
        type: column.type,
        wanted: batch.values.map((v) => v[i] ?? null),
      });
      for (const n of found) {
        errors.add({
          row: batch.rows[n - 1]!,
          column: column.field.label,
          message: '与表中已有数据重复（该字段唯一）',
        });
      }
    }
  }
  const insert = (values: Array<Array<string | null>>) =>
    tx.data.insertRows({
      table,
      columns: columns.map((c) => ({ code: c.field.code, type: c.type })),
      values,
      importId,
    });
  return { clashes, insert };
}

async function columnsOf(
  tx: WarehouseQueries,
  mapped: Array<{ field: FieldRow; index: number }>,
): Promise<Column[]> {
  // One lookup per kind (per constant type): the names are read once per import.
  const lookups = new Map<string, RefLookup | null>();
  const columns: Column[] = [];
  for (const { field, index } of mapped) {
    const kind = field.refKind as FieldRefKind | null;
    const lookupKey = `${kind}:${field.refTypeId ?? ''}`;
    if (kind && !lookups.has(lookupKey)) {
      const rows = await tx.refLabels(kind, field.refTypeId);
      lookups.set(lookupKey, rows ? refLookup(kind, rows) : null);
    }
    columns.push({
      field,
      index,
      type: field.type as FieldType,
      ref: kind ? (lookups.get(lookupKey) ?? null) : null,
      seen: field.isUnique ? new Map() : null,
    });
  }
  return columns;
}

/**
 * 导入表数据 (drbsj): streams the sheet, checks each row (type, required, key, unique within the file and
 * against the table) and inserts in batches inside one transaction; any bad row rolls everything back and
 * the answer lists every bad row with its column and reason.
 */
export async function importData(
  repo: WarehouseRepo,
  input: { tableId: string; bytes: Uint8Array; stage(stage: ImportStage): Promise<void> },
): Promise<WarehouseImportResult> {
  const table = await liveTable(repo, input.tableId);
  if (!table.isCreated) throw new AppError('UNPROCESSABLE', MESSAGES.notCreated);
  const fields = await repo.fieldsOf(table.id);
  // Reported before the transaction: on PGlite the job's progress write would wait behind it forever.
  await input.stage('writing');
  try {
    // Two imports racing into the same table meet at the unique constraint: answered, not a 5xx.
    return await guarded(
      () =>
        repo.transaction((tx) =>
          importRows(tx, { physical: table.physicalName, fields, bytes: input.bytes }),
        ),
      {
        conflict: '导入期间表中数据发生变化（唯一字段重复），请重新导入',
      },
    );
  } catch (error) {
    if (error instanceof Refused) return error.answer;
    throw error;
  }
}

/** The import inside its transaction; throws `Refused` (rolling back) when any row is wrong. */
async function importRows(
  tx: WarehouseQueries,
  input: { physical: string; fields: readonly FieldRow[]; bytes: Uint8Array },
): Promise<WarehouseImportResult> {
  const importId = newId();
  const errors = new RowErrors();
  let columns: Column[] | null = null;
  let writer: ReturnType<typeof createWriter> | null = null;
  const emptyBatch = () => ({ rows: [] as number[], values: [] as Array<Array<string | null>>, chars: 0 });
  let batch = emptyBatch();
  let count = 0;
  // The database works on one batch while the next is read and checked: one statement at a time on
  // the transaction's connection, the reading never waiting for it.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (!writer || batch.rows.length === 0) return;
    const [done, w] = [batch, writer];
    batch = emptyBatch();
    count += done.rows.length;
    await writing;
    writing = (async () => {
      await w.clashes(done, errors);
      if (errors.count === 0) await w.insert(done.values);
    })();
    // Awaited at the next flush or at the end; this only keeps a failure from counting as unhandled meanwhile.
    writing.catch(() => {});
  };
  try {
    for await (const row of readSheetRows(input.bytes)) {
      if (!columns) {
        columns = await columnsOf(tx, mapHeader(row, input.fields));
        const wasEmpty = (await tx.physical.rowCount('dw', input.physical)) === 0;
        writer = createWriter(tx, { table: input.physical, columns, importId, wasEmpty });
        continue;
      }
      if (row.cells.every((c) => c.trim() === '')) continue;
      const values = readRow(row, columns, errors);
      if (!values) continue;
      batch.rows.push(row.number);
      batch.values.push(values);
      batch.chars += charsOf(values);
      if (batch.rows.length >= IMPORT_BATCH.rows || batch.chars >= IMPORT_BATCH.chars) await flush();
    }
    await flush();
  } finally {
    // Never leave the transaction with a statement still running on its connection.
    await writing.catch(() => {});
  }
  await writing;
  if (!columns) throw new AppError('VALIDATION', '文件为空，请使用下载的模板');
  if (errors.count > 0)
    throw new Refused({ imported: false, count: 0, ...importErrors(errors.listed, errors.count) });
  if (count === 0) throw new AppError('VALIDATION', '文件中没有数据行');
  return { imported: true, count, errors: [] };
}
