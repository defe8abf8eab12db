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
