import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One way to reach the database: a service (and a route) talks only to its repos. It does not import
 * the database client, build SQL (drizzle's `sql` and operators live in repos), take SQL that a function
 * beside the repos builds (who-sees-what conditions: a service hands the repo the reader instead), or
 * hold and hand on a `db` — a repo's `transaction` hands its callback the repo's own queries instead.
 */

const modules = path.resolve(import.meta.dirname, '../src/modules');

const moduleFiles = fs.readdirSync(modules, { recursive: true }).map(String).sort();

/** The index just past the parenthesis that closes the one at `open`. */
function pastClosingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i + 1;
  }
  return text.length;
}

/**
 * The functions of a file that return drizzle's `SQL` (`function name(…): SQL` and
 * `const name = (…): SQL =>`), with whether each is declared `export`.
 */
function sqlFunctions(text: string): { name: string; exported: boolean }[] {
  const found: { name: string; exported: boolean }[] = [];
  const declarations = [
    { start: /(export\s+)?(?:async\s+)?function\s+(\w+)\s*(?:<[^>]*>)?\s*\(/g, returns: /^\s*:\s*SQL\b/ },
    { start: /(export\s+)?const\s+(\w+)\s*=\s*(?:async\s*)?\(/g, returns: /^\s*:\s*SQL\s*=>/ },
  ];
  for (const { start, returns } of declarations) {
    for (const match of text.matchAll(start)) {
      const close = pastClosingParen(text, match.index + match[0].length - 1);
      if (returns.test(text.slice(close))) found.push({ name: match[2]!, exported: Boolean(match[1]) });
    }
  }
  return found;
}

/** The names of `import { … }` / `export { … }` specifiers, as `[name, alias]`; type-only ones left out. */
const specifiers = (list: string) =>
  list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [name, alias] = part.split(/\s+as\s+/);
      return [name!, alias ?? name!] as const;
    });

/**
 * The names under which a module file other than a repo (and other than a test) exports a function that
 * builds SQL: declared so, or re-exported (`export { a as b } from …`, followed until nothing new comes).
 * Read from the tree, so a new scopes or access file is covered the day it is written.
 */
function sqlBuilderNames(texts: readonly string[]): Set<string> {
  const names = new Set<string>();
  const reExports: (readonly [string, string])[] = [];
  for (const text of texts) {
    const functions = sqlFunctions(text);
    for (const f of functions) if (f.exported) names.add(f.name);
    const local = new Set(functions.map((f) => f.name));
    for (const [, list, from] of text.matchAll(/export\s*\{([^}]*)\}(\s*from\s*'[^']+')?/g)) {
      for (const [name, alias] of specifiers(list!)) {
        if (from) reExports.push([name, alias]);
        else if (local.has(name)) names.add(alias);
      }
    }
  }
  for (let grown = true; grown; ) {
    grown = false;
    for (const [name, alias] of reExports) {
      if (names.has(name) && !names.has(alias)) {
        names.add(alias);
        grown = true;
      }
    }
  }
  return names;
}

const SQL_BUILDERS = sqlBuilderNames(
  moduleFiles
    .filter((file) => file.endsWith('.ts') && !/\.(test|repo)\.ts$/.test(file))
    .map((file) => fs.readFileSync(path.join(modules, file), 'utf8')),
);

/** Whether a file imports, by name, one of the functions that build SQL outside the repos. */
function importsSqlBuilder(text: string): boolean {
  return [...text.matchAll(/import\s+(type\s+)?(?:\w+\s*,\s*)?\{([^}]*)\}\s*from/g)].some(
    ([, typeOnly, list]) => !typeOnly && specifiers(list!).some(([name]) => SQL_BUILDERS.has(name)),
  );
}

/**
 * Names of another system's protocol a service may read as they are: the OAuth 2.0 token answer's
 * `access_token` (RFC 6749 §5.1), as openid-client types it.
 */
const FOREIGN_SNAKE_NAMES = new Set(['access_token']);

/**
 * Whether a file reads a snake_case property (`row.task_count`): a column name from SQL that a repo
 * should have answered in camelCase. Strings, templates (SQL text) and comments are left out first.
 */
function readsSnakeCase(text: string): boolean {
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/[^\n]*/g, '')
    .replace(/`(?:\\.|[^`\\])*`/g, '``')
    .replace(/'(?:\\.|[^'\\\n])*'/g, "''")
    .replace(/"(?:\\.|[^"\\\n])*"/g, '""');
  return [...code.matchAll(/\b\w+\??\.([a-z][a-z0-9]*_[a-z0-9_]+)\b/g)].some(
    ([, name]) => !FOREIGN_SNAKE_NAMES.has(name!),
  );
}

/** What each rule recognises: a pattern, or (for the derived rules) a test of the whole text. */
const RULES: { name: string; pattern: { test(text: string): boolean } }[] = [
  { name: 'imports the database client', pattern: /from '(\.\.\/)+db\/client\.ts'/ },
  { name: 'builds SQL', pattern: /from 'drizzle-orm(\/[\w-]+)?'/ },
  { name: 'holds a db', pattern: /\b(repo|tx|deps|this|queries)\.db\b|\bdb: Db\b/ },
  { name: 'takes SQL built outside a repo', pattern: { test: importsSqlBuilder } },
  { name: 'reads snake_case rows', pattern: { test: readsSnakeCase } },
];

const isServiceOrRoute = (file: string) => /\.(service|routes)\.ts$/.test(file);

function violations(text: string): string[] {
  return RULES.filter((rule) => rule.pattern.test(text)).map((rule) => rule.name);
}

/**
 * Services that still reach past their repos, with what they do (`repo-only.debt.json`): the debt this
 * guard keeps from growing. `UPDATE_REPO_DEBT=1 npx vitest run test/repo-only.test.ts` rewrites it.
 */
const DEBT_FILE = path.join(import.meta.dirname, 'repo-only.debt.json');
const DEBT: Record<string, string[]> = JSON.parse(fs.readFileSync(DEBT_FILE, 'utf8'));

describe('services reach the database only through their repos', () => {
  it('recognises each way past a repo', () => {
    expect(violations("import type { Db } from '../../db/client.ts';")).toEqual([
      'imports the database client',
    ]);
    expect(violations("import { and, eq, sql } from 'drizzle-orm';")).toEqual(['builds SQL']);
    expect(violations('await repo.db.execute(query);')).toEqual(['holds a db']);
    expect(violations('function load(db: Db, id: string) {}')).toEqual(['holds a db']);
    expect(violations("import { createStandardsRepo } from './standards.repo.ts';")).toEqual([]);
    expect(violations("import { visibleObjectTask } from './diagnosis.access.ts';")).toEqual([
      'takes SQL built outside a repo',
    ]);
    expect(
      violations("import {\n  isPublisher,\n  visibleTask as goalTasks,\n} from './goal-access.ts';"),
    ).toEqual(['takes SQL built outside a repo']);
    expect(violations("import { isAuditor, seesAll } from './diagnosis.access.ts';")).toEqual([]);
    expect(violations("import type { visibleObjectTask } from './diagnosis.scopes.ts';")).toEqual([]);
    expect(violations('const total = n(row.task_count);')).toEqual(['reads snake_case rows']);
    expect(violations('found.map((r) => r?.department_name);')).toEqual(['reads snake_case rows']);
    expect(violations('const total = n(row.taskCount); // was row.task_count')).toEqual([]);
    expect(violations("const where = `t.end_date < now()`; const table = 'dw.point_rows';")).toEqual([]);
    expect(violations('if (tokens.access_token) read(tokens.access_token);')).toEqual([]);
  });

  it('names the functions that build SQL, however they are declared and exported', () => {
    const names = sqlBuilderNames([
      'export function visible(actor: Actor, roles: { all: boolean }): SQL {}',
      'export const mine = (userId: string): SQL =>\n  sql`x`;',
      'export async function rows(db: Db): Promise<Row[]> {}',
      'export const isReader = (actor: Actor) => actor.actions.has("read");',
      'function local(): SQL {}\nexport { local as shared };',
      "export { visible as readable, isReader } from './scopes.ts';",
      "export { readable as reachable } from './access.ts';",
    ]);
    expect([...names].sort()).toEqual(['mine', 'reachable', 'readable', 'shared', 'visible']);
  });

  it('finds those of the tree outside the repos', () => {
    // diagnosis.scopes.ts (functions), collect.access.ts (an arrow); not a repo's own (diagnosis-rows.repo.ts)
    // nor a role predicate.
    for (const name of ['visibleObjectTask', 'visibleTask', 'headedDepartments', 'myDepartments'])
      expect(SQL_BUILDERS).toContain(name);
    for (const name of ['ofObjectTask', 'isAuditor', 'seesAll']) expect(SQL_BUILDERS).not.toContain(name);
  });

  const files = moduleFiles.filter(isServiceOrRoute);

  it('holds for every service and route file', () => {
    const found: string[] = [];
    const debt: Record<string, string[]> = {};
    for (const file of files) {
      const broken = violations(fs.readFileSync(path.join(modules, file), 'utf8'));
      if (broken.length) debt[file] = broken;
      for (const rule of broken) if (!DEBT[file]?.includes(rule)) found.push(`${file}: ${rule}`);
    }
    if (process.env.UPDATE_REPO_DEBT === '1')
      fs.writeFileSync(DEBT_FILE, `${JSON.stringify(debt, null, 2)}\n`);
    else expect(found).toEqual([]);
  });

  it.skipIf(process.env.UPDATE_REPO_DEBT === '1')('keeps no stale entry in the debt', () => {
    const stale = Object.entries(DEBT).flatMap(([file, rules]) => {
      const text = fs.existsSync(path.join(modules, file))
        ? fs.readFileSync(path.join(modules, file), 'utf8')
        : '';
      const broken = violations(text);
      return rules.filter((rule) => !broken.includes(rule)).map((rule) => `${file}: ${rule}`);
    });
    expect(stale).toEqual([]);
  });
});
