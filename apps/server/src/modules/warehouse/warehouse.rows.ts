import { columnOf, type FieldType, type PagingQuery, type RowFilter } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern } from '../../platform/sql.ts';
import { liveTable, MESSAGES } from './warehouse.model.ts';
import { ident } from './warehouse.physical.ts';
import type { FieldRow, WarehouseRepo } from './warehouse.repo.ts';
import { parseValue, SQL_TYPES } from './warehouse.values.ts';

/** One filter as a bound condition: the column is a checked identifier, the value always a parameter. */
function conditionOf(field: FieldRow, filter: RowFilter): SQL {
  const column = ident(columnOf(field.code));
  const type = field.type as FieldType;
  if (filter.op === 'contains') {
    if (type !== 'text') throw new AppError('VALIDATION', `字段「${field.label}」不是文本，只能按“等于”筛选`);
    return sql`${column} ilike ${likePattern(filter.value)}`;
  }
  const parsed = parseValue(type, filter.value);
  if (!parsed.ok) throw new AppError('VALIDATION', `字段「${field.label}」的筛选值${parsed.message}`);
  return sql`${column} = cast(${parsed.value} as ${sql.raw(SQL_TYPES[type])})`;
}

/** A page of a created table's rows, every value as text keyed by field code, with `_id` and `_imported_at`. */
export async function browseRows(
  repo: WarehouseRepo,
  input: { id: string; filters: readonly RowFilter[]; paging: PagingQuery },
): Promise<{ records: Record<string, string | null>[]; total: number }> {
  const table = await liveTable(repo, input.id);
  if (!table.isCreated) throw new AppError('UNPROCESSABLE', MESSAGES.notCreated);
  const fields = await repo.fieldsOf(table.id);
  const byCode = new Map(fields.map((f) => [f.code, f]));
  const conditions = input.filters.map((filter) => {
    const field = byCode.get(filter.zddm);
    if (!field) throw new AppError('VALIDATION', `筛选字段「${filter.zddm}」不存在`);
    return conditionOf(field, filter);
  });
  const selected = fields.map((f) => {
    const column = ident(columnOf(f.code));
    // Timestamps without their fraction, as the import reads them back.
    const value =
      f.type === 'datetime' ? sql`to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')` : sql`${column}::text`;
    return sql`${value} as ${ident(columnOf(f.code))}`;
  });
  const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
  const query = sql`select id::text as id, ${sql.join([...selected, sql`to_char(_imported_at, 'YYYY-MM-DD HH24:MI:SS') as _imported_at`], sql`, `)}
    from dw.${ident(table.physicalName)} where ${where} order by id`;
  const page = await pagedRows<Record<string, string | null>>(repo.db, query, input.paging);
  // The wire keys rows by field code, not by column name.
  const records = page.records.map((row) => {
    const out: Record<string, string | null> = {
      _id: row.id ?? null,
      _imported_at: row._imported_at ?? null,
    };
    for (const f of fields) out[f.code] = row[columnOf(f.code)] ?? null;
    return out;
  });
  return { records, total: page.total };
}
