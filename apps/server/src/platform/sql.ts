import { getTableColumns, is, SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** `a, b, c` as bound parameters, for `in (…)` and `values (…)`. */
export const sqlList = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Texts as ONE array parameter (`= any(${textArray(ids)})`): the statement's text is the same for any number
 * of them, so it can run named and stay prepared, where `in (…)` made a text per length.
 */
export const textArray = (values: readonly string[]): SQL => sql`${sql.param([...values])}::text[]`;

/** The conditions joined with `and`; callers pass at least one (`sql\`true\`` when there is none). */
export const sqlAnd = (parts: SQL[]): SQL => sql.join(parts, sql` and `);

/** A `like` pattern that finds the keyword anywhere, with `\`, `%` and `_` taken literally. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A jsonb column: the drivers answer it parsed or as text. */
export const jsonOf = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** A timestamp column as ISO text, null kept: the drivers answer a Date or text. */
export const isoOrNull = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * Every column of `table` named by its key (`created_at as "createdAt"`): a raw statement that reads whole
 * rows (a page through `pagedRows`) and hands them to `tableRowOf`.
 */
export const tableColumns = (table: PgTable): SQL =>
  sql.join(
    Object.entries(getTableColumns(table)).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  );

/** A raw row of `tableColumns` as Drizzle's own select answers it: each column mapped (timestamps as Date). */
export function tableRowOf<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** A column's name in the database: the schema names columns by key, and the database is snake_case. */
const columnName = (column: PgColumn) => (column.keyAsName ? toSnakeCase(column.name) : column.name);

/** The value Drizzle's own insert gives a column left out; null where the default is SQL (the caller sends it). */
function defaultOf(column: PgColumn): unknown {
  if (column.defaultFn) return column.defaultFn();
  return column.default === undefined || is(column.default, SQL) ? null : column.default;
}

/** Every column key of `table`, for `recordsetOf` of whole rows. */
export const columnKeys = <T extends PgTable>(table: T) =>
  Object.keys(getTableColumns(table)) as (keyof T['$inferInsert'] & string)[];

/**
 * Rows of `table` as one JSON parameter: `from` is `json_to_recordset($1::json) as alias(column type, …)` for
 * the columns `keys`, in that order, named and typed as the table declares them, and `columns` the same
 * names for an insert's list. The statement's text stays the same whatever the number of rows — one named
 * statement, no query building per row (bench:collection, bench:forms-commit).
 */
export function recordsetOf<T extends PgTable, K extends keyof T['$inferInsert'] & string>(
  table: T,
  keys: readonly K[],
  rows: readonly Pick<T['$inferInsert'], K>[],
  alias: string,
): { columns: SQL; from: SQL } {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const picked = keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    return { key, column, name: columnName(column) };
  });
  const json = rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const { key, column, name } of picked) {
      const value = (row as Record<string, unknown>)[key];
      out[name] = value === undefined ? defaultOf(column) : value;
    }
    return out;
  });
  return {
    columns: sql.join(
      picked.map(({ name }) => sql.identifier(name)),
      sql`, `,
    ),
    from: sql`json_to_recordset(${JSON.stringify(json)}::json) as ${sql.identifier(alias)}(${sql.join(
      picked.map(({ column, name }) => sql`${sql.identifier(name)} ${sql.raw(column.getSQLType())}`),
      sql`, `,
    )})`,
  };
}
