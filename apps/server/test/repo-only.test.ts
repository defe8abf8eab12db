import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One way to reach the database: a service (and a route) talks only to its repos. It does not import
 * the database client, build SQL (drizzle's `sql` and operators live in repos), or hold and hand on a
 * `db` — a repo's `transaction` hands its callback the repo's own queries instead.
 */

const modules = path.resolve(import.meta.dirname, '../src/modules');

const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'imports the database client', pattern: /from '(\.\.\/)+db\/client\.ts'/ },
  { name: 'builds SQL', pattern: /from 'drizzle-orm(\/[\w-]+)?'/ },
  { name: 'holds a db', pattern: /\b(repo|tx|deps|this|queries)\.db\b|\bdb: Db\b/ },
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
  });

  const files = fs.readdirSync(modules, { recursive: true }).map(String).filter(isServiceOrRoute).sort();

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
