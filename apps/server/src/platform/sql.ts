import { type SQL, sql } from 'drizzle-orm';

/** `a, b, c` as bound parameters, for `in (…)` and `values (…)`. */
export const sqlList = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

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
