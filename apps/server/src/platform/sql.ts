import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

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
