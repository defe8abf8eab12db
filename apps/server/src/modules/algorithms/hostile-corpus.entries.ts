/** The hostile corpus's vocabulary: where a statement runs, what it must answer, and the builders of its entries. */

/**
 * Where a statement runs: the platform's own database (PGlite, or PostgreSQL under TEST_DATABASE_URL;
 * only schema `dw` readable), an external PostgreSQL and a MariaDB, each through a user that may only
 * read its own `scores(code, score)` table (rows T001 90, T001 70, T002 60). `scores` resolves to
 * `dw.scores` on the built-in database. `other_db` names a database (on PostgreSQL a schema) beside
 * the source that holds a canary row its user must never see; the test replaces the name.
 */
export type HostileTarget = 'builtin' | 'postgres' | 'maria';

export interface HostileCase {
  family: string;
  sql: string;
  on: readonly HostileTarget[];
  /** Must be refused (HTTP 4xx, a Chinese message matching this). */
  refuse?: RegExp;
  /** Must answer 200 whose first row's `value` is this number. */
  value?: number;
}

/** Refused for whatever reason the layers give: the Chinese message is all that is asked. */
export const REFUSED = /[\u4e00-\u9fa5]/;

export const PG_TARGETS: readonly HostileTarget[] = ['builtin', 'postgres'];
export const ALL_TARGETS: readonly HostileTarget[] = ['builtin', 'postgres', 'maria'];

export type Entry = Omit<HostileCase, 'family'>;
/** PostgreSQL syntax: the built-in database and the external PostgreSQL. */
export const pg = (sql: string, refuse?: RegExp): Entry => ({
  sql,
  on: PG_TARGETS,
  ...(refuse ? { refuse } : {}),
});
/** Only the built-in database (its own schemas and tables). */
export const builtin = (sql: string, refuse?: RegExp): Entry => ({
  sql,
  on: ['builtin'],
  ...(refuse ? { refuse } : {}),
});
/** MySQL / MariaDB syntax. */
export const my = (sql: string, refuse?: RegExp): Entry => ({
  sql,
  on: ['maria'],
  ...(refuse ? { refuse } : {}),
});
/** A harmless read that must answer this value. */
export const reads = (on: readonly HostileTarget[], sql: string, value: number): Entry => ({
  sql,
  on,
  value,
});

export function family(name: string, entries: Entry[], defaults: { refuse?: RegExp } = {}): HostileCase[] {
  return entries.map((entry) => ({ family: name, ...defaults, ...entry }));
}

/** 1..300 as a PostgreSQL array literal: three of them cross-joined are 27 million rows the planner may misjudge. */
export const A300 = `array[${Array.from({ length: 300 }, (_, i) => i + 1).join(',')}]`;
/** Ten characters that eight nested replace() calls grow to a gigabyte; seven to 100 MB. */
export const GROW = (levels: number) =>
  Array.from({ length: levels }).reduce<string>(
    (inner) => `replace(${inner}, 'x', 'xxxxxxxxxx')`,
    "'xxxxxxxxxx'",
  );
export const ETC_PASSWD_DOCTYPE = '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>';
export const LAUGHS =
  '<!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">]><l>&g;</l>';
