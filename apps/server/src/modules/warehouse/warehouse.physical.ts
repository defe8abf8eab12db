import { columnOf, type FieldType, type PagingQuery } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { pagedRows } from '../../platform/paging.ts';
import {
  conditionSql,
  isHidden,
  orderSql,
  type ReadColumn,
  type RowCondition,
  type RowOrder,
  shownAsText,
  shownRows,
} from './warehouse.shown.ts';
import { SQL_TYPES } from './warehouse.values.ts';

/** Live tables are in `dw` (what algorithms may read); the recycle bin keeps deleted ones in `dw_bin`. */
export type PhysicalSchema = 'dw' | 'dw_bin';

/**
 * Every identifier that reaches DDL is one the server generated (`t_<hex>`, `c_<code>`, `<table>_<hex>_uq`)
 * and is checked again here, so that even a bug upstream cannot put user text into a statement.
 */
const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;
export function ident(name: string): SQL {
  if (!IDENTIFIER.test(name)) throw new Error(`unsafe identifier ${name}`);
  return sql.raw(name);
}

const tableRef = (schema: PhysicalSchema, table: string) => sql`${ident(schema)}.${ident(table)}`;
const typeOf = (type: FieldType) => sql.raw(SQL_TYPES[type]);

/** The field facts DDL needs. */
export interface PhysicalField {
  id: string;
  code: string;
  type: FieldType;
  isRequired: boolean;
  isUnique: boolean;
}

export const uniqueName = (table: string, fieldId: string) =>
  `${table}_${fieldId.slice(0, 12).toLowerCase()}_uq`;

function columnDefinition(table: string, field: PhysicalField): SQL {
  const parts = [sql`${ident(columnOf(field.code))} ${typeOf(field.type)}`];
  if (field.isRequired) parts.push(sql`not null`);
  if (field.isUnique) parts.push(sql`constraint ${ident(uniqueName(table, field.id))} unique`);
  return sql.join(parts, sql` `);
}

const count = async (db: Db, query: SQL) =>
  Number((await queryRows<{ n: string | number }>(db, query))[0]?.n ?? 0);

/** The physical side of warehouse tables, on the connection (or transaction) it is given. */
export function createPhysical(db: Db) {
  const run = (statement: SQL) => db.execute(statement);
  return {
    async create(table: string, fields: readonly PhysicalField[]) {
      const columns = fields.map((f) => columnDefinition(table, f));
      // `_job_id` says which import wrote a row; `_imported_at` when.
      await run(sql`create table ${tableRef('dw', table)} (
        id bigint generated always as identity primary key,
        ${sql.join([...columns, sql`_imported_at timestamptz not null default now()`, sql`_job_id text`], sql`, `)}
      )`);
    },
    drop: (schema: PhysicalSchema, table: string) =>
      run(sql`drop table if exists ${tableRef(schema, table)}`),
    move: (table: string, from: PhysicalSchema, to: PhysicalSchema) =>
      run(sql`alter table ${tableRef(from, table)} set schema ${ident(to)}`),
    rowCount: (schema: PhysicalSchema, table: string) =>
      count(db, sql`select count(*) as n from ${tableRef(schema, table)}`),

    addColumn: (table: string, field: PhysicalField) =>
      run(sql`alter table ${tableRef('dw', table)} add column ${columnDefinition(table, field)}`),
    dropColumn: (table: string, code: string) =>
      run(sql`alter table ${tableRef('dw', table)} drop column ${ident(columnOf(code))}`),
    renameColumn: (table: string, from: string, to: string) =>
      run(
        sql`alter table ${tableRef('dw', table)} rename column ${ident(columnOf(from))} to ${ident(columnOf(to))}`,
      ),
    changeType: (table: string, code: string, type: FieldType) => {
      const column = ident(columnOf(code));
      // Through text: every pair of types converts that way, and the check before proved each value does.
      return run(
        sql`alter table ${tableRef('dw', table)} alter column ${column} type ${typeOf(type)} using ${column}::text::${typeOf(type)}`,
      );
    },
    setRequired: (table: string, code: string, required: boolean) =>
      run(
        sql`alter table ${tableRef('dw', table)} alter column ${ident(columnOf(code))} ${required ? sql`set` : sql`drop`} not null`,
      ),
    setUnique: (table: string, field: Pick<PhysicalField, 'id' | 'code'>, unique: boolean) => {
      const name = ident(uniqueName(table, field.id));
      return run(
        unique
          ? sql`alter table ${tableRef('dw', table)} add constraint ${name} unique (${ident(columnOf(field.code))})`
          : sql`alter table ${tableRef('dw', table)} drop constraint if exists ${name}`,
      );
    },

    // What a change would lose, counted before it is made.
    countFilled: (table: string, code: string) =>
      count(
        db,
        sql`select count(*) as n from ${tableRef('dw', table)} where ${ident(columnOf(code))} is not null`,
      ),
    countNulls: (table: string, code: string) =>
      count(
        db,
        sql`select count(*) as n from ${tableRef('dw', table)} where ${ident(columnOf(code))} is null`,
      ),
    /** Rows whose value another row shares. */
    countDuplicated: (table: string, code: string) => {
      const column = ident(columnOf(code));
      return count(
        db,
        sql`select coalesce(sum(c), 0) as n from (select count(*) as c from ${tableRef('dw', table)} where ${column} is not null group by ${column} having count(*) > 1) d`,
      );
    },
    /** Rows whose value would not convert to `to`, or would lose part of itself (a time dropped). */
    countUnconvertible: (table: string, code: string, from: FieldType, to: FieldType) => {
      const column = ident(columnOf(code));
      if (to === 'text') return Promise.resolve(0);
      const lossy = from === 'datetime' && to === 'date' ? sql` or ${column}::time <> time '00:00'` : sql``;
      return count(
        db,
        sql`select count(*) as n from ${tableRef('dw', table)} where ${column} is not null and (not public.warehouse_castable(${column}::text, ${SQL_TYPES[to]})${lossy})`,
      );
    },
  };
}

export type Physical = ReturnType<typeof createPhysical>;

/** A shown row: its physical id, when it was imported, and each shown value as text by field code. */
export interface ShownRow {
  id: number;
  importedAt: Date;
  values: Record<string, string | null>;
}

/** The physical id, the import time as epoch milliseconds, and the shown values as text. */
const shownSelect = (fields: readonly ReadColumn[]) =>
  sql.join(
    [sql`d._row`, sql`extract(epoch from d._imported) * 1000 as _imported_ms`, ...shownAsText(fields)],
    sql`, `,
  );

function shownRowOf(row: Record<string, string | number | null>, columns: readonly ReadColumn[]): ShownRow {
  const values: Record<string, string | null> = {};
  for (const c of columns)
    if (!isHidden(c)) values[c.code] = (row[columnOf(c.code)] as string | null) ?? null;
  return { id: Number(row._row), importedAt: new Date(Number(row._imported_ms)), values };
}

/** The data rows of created tables in `dw`: browsed, exported and imported. */
export function createTableData(db: Db) {
  return {
    /**
     * A page of rows as shown (keys as names, see warehouse.shown.ts), filtered and sorted on what is
     * shown; without a sort, in import order (the numeric id, not its text).
     */
    async page(input: {
      table: string;
      fields: readonly ReadColumn[];
      conditions: readonly RowCondition[];
      order: RowOrder | null;
      paging: PagingQuery;
    }): Promise<{ records: ShownRow[]; total: number }> {
      const where = input.conditions.length
        ? sql.join(input.conditions.map(conditionSql), sql` and `)
        : sql`true`;
      const page = await pagedRows<Record<string, string | number | null>>(
        db,
        sql`select ${shownSelect(input.fields)}
          from (${shownRows(tableRef('dw', input.table), input.fields)}) d
          where ${where} order by ${orderSql(input.order)}`,
        input.paging,
      );
      return { records: page.records.map((row) => shownRowOf(row, input.fields)), total: page.total };
    },
    /** Shown rows after `after` (by id), as many as `limit`: the export reads in pages so it never holds the table. */
    async rowsAfter(input: {
      table: string;
      fields: readonly ReadColumn[];
      after: number;
      limit: number;
    }): Promise<ShownRow[]> {
      const rows = await queryRows<Record<string, string | number | null>>(
        db,
        sql`select ${shownSelect(input.fields)}
          from (${shownRows(tableRef('dw', input.table), input.fields)}) d
          where d._row > ${input.after} order by d._row limit ${input.limit}`,
      );
      return rows.map((row) => shownRowOf(row, input.fields));
    },
    /**
     * The 1-based positions of `wanted` values already stored in the unique column, compared as the
     * column's type (1.50 in the file finds 1.5 in the table).
     */
    async storedPositions(input: {
      table: string;
      code: string;
      type: FieldType;
      wanted: Array<string | null>;
    }) {
      const found = await queryRows<{ n: number }>(
        db,
        sql`select u.n::int as n from json_array_elements_text(cast(${JSON.stringify(input.wanted)} as json)) with ordinality as u(v, n)
            where u.v is not null and exists (select 1 from dw.${ident(input.table)} t
              where t.${ident(columnOf(input.code))} = cast(u.v as ${typeOf(input.type)}))`,
      );
      return found.map((r) => r.n);
    },
    /**
     * One statement per batch, its rows as one JSON text: serialising JSON costs a tenth of the driver's
     * array literals, and the server reads each cell back as text (null stays null) and casts it.
     */
    async insertRows(input: {
      table: string;
      columns: ReadonlyArray<{ code: string; type: FieldType }>;
      values: Array<Array<string | null>>;
      importId: string;
    }) {
      const names = input.columns.map((c) => ident(columnOf(c.code)));
      const casts = input.columns.map((c, i) => sql`(r ->> ${sql.raw(String(i))})::${typeOf(c.type)}`);
      await db.execute(sql`insert into dw.${ident(input.table)} (${sql.join(names, sql`, `)}, _job_id)
        select ${sql.join(casts, sql`, `)}, ${input.importId} from json_array_elements(cast(${JSON.stringify(input.values)} as json)) as r`);
    },
  };
}
