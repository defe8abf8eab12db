import fs from 'node:fs';
import path from 'node:path';
import * as contract from '@eduqa/contract';
import { getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as tables from '../src/db/schema.ts';

/**
 * The spec's pinyin field names (`zkdmc`, `mbz`, …) belong to the wire: the contract's `*.wire.ts`
 * maps them to English once, and neither the server's services and repos nor the web's components read
 * or write them. The names are not kept by hand: they are the keys of the contract's schemas that are
 * not English, a key being English when each of its camelCase parts is a word of TypeScript's own
 * library, of the tables' column names, or of ENGLISH_WORDS.
 */

const root = path.resolve(import.meta.dirname, '../../..');

/** English words the domain uses that TypeScript's library and the tables' columns do not. */
const ENGLISH_WORDS = [
  ...['attainment', 'audit', 'below', 'collaborating', 'collaboration', 'deadline', 'decompose'],
  ...['discuss', 'edit', 'expert', 'improvement', 'lineage', 'mine', 'narrative', 'overdue', 'overview'],
  ...['prefill', 'rank', 'recompute', 'reviewing', 'role', 'sharer', 'simulation', 'suggested', 'todo'],
  ...['trend', 'unaudited', 'uncommitted', 'unstart', 'unfinished', 'fmt', 'depart', 'charge', 'notice'],
  ...['decomposition', 'score', 'guid', 'review', 'reviewed', 'compared', 'migration', 'latest', 'unread'],
];

function schemaKeys(schema: unknown, into: Set<string>, seen = new Set<unknown>()) {
  if (!(schema instanceof z.ZodType) || seen.has(schema)) return;
  seen.add(schema);
  if (schema instanceof z.ZodObject) {
    for (const [key, value] of Object.entries(schema.shape as Record<string, unknown>)) {
      into.add(key);
      schemaKeys(value, into, seen);
    }
    return;
  }
  const def = schema.def as unknown as Record<string, unknown>;
  if (def.type === 'lazy' && typeof def.getter === 'function') schemaKeys(def.getter(), into, seen);
  for (const part of ['innerType', 'element', 'valueType', 'in', 'out', 'left', 'right', 'schema'])
    schemaKeys(def[part], into, seen);
  for (const list of [def.options, def.items])
    if (Array.isArray(list)) for (const s of list) schemaKeys(s, into, seen);
}

const camelParts = (name: string) =>
  name
    .split(/_|\d+|(?=[A-Z])/)
    .filter(Boolean)
    .map((p) => p.toLowerCase());

/**
 * TypeScript's own declarations (`lib.*.d.ts`): from TypeScript 7 they lie beside the native tsc in the
 * package of this platform, no longer in `typescript/lib`. Without them every word would look like a wire name.
 */
function typescriptLib(): string {
  const lib = path.join(root, `node_modules/@typescript/typescript-${process.platform}-${process.arch}/lib`);
  if (!fs.existsSync(path.join(lib, 'lib.es5.d.ts')))
    throw new Error(`TypeScript's lib.*.d.ts not found in ${lib}: run npm ci`);
  return lib;
}

function englishWords(): Set<string> {
  const words = new Set(ENGLISH_WORDS);
  const lib = typescriptLib();
  for (const file of fs.readdirSync(lib).filter((f) => /^lib\..*\.d\.ts$/.test(f))) {
    for (const [identifier] of fs.readFileSync(path.join(lib, file), 'utf8').matchAll(/[A-Za-z]+/g))
      for (const part of camelParts(identifier)) words.add(part);
  }
  for (const table of Object.values(tables)) {
    if (!is(table, PgTable)) continue;
    for (const column of Object.keys(getTableColumns(table)))
      for (const part of camelParts(column)) words.add(part);
  }
  return words;
}

/** The contract's wire names: keys of its schemas with a part that is no English word (plurals too). */
function wireNames(): string[] {
  const keys = new Set<string>();
  for (const value of Object.values(contract)) schemaKeys(value, keys);
  const words = englishWords();
  const english = (part: string) =>
    words.has(part) || words.has(part.replace(/s$/, '')) || words.has(part.replace(/es$/, ''));
  return [...keys].filter((key) => !camelParts(key).every(english)).sort();
}

/**
 * A wire name used as a field: `.name`, `name:` / `name?:`, a quoted `'name'`, or a shorthand or
 * destructured `{ name }` — so `sj` or `dis` inside ordinary words and Chinese text do not count.
 */
function fieldUse(names: string[]) {
  const n = names.join('|');
  return new RegExp(`\\.(${n})\\b|\\b(${n})\\s*\\??:|(['"\`])(${n})\\3|[{,]\\s*(${n})\\s*(?=[,}=])`, 'g');
}

function namesIn(source: string, pattern: RegExp): string[] {
  return [...source.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? m[4] ?? m[5] ?? '');
}

/**
 * Where the wire may be spoken: the contract, a wire file, the server's route files (the edge, where a
 * request's wire fields arrive), the web's api.ts files, tests and their fixtures (they speak to the API).
 */
function mayUseWire(file: string) {
  return (
    /\.(test|fixtures)\.tsx?$/.test(file) ||
    file.endsWith('.wire.ts') ||
    /^apps\/server\/src\/.*\.routes\.ts$/.test(file) ||
    /^apps\/web\/src\/.*(^|\/)api\.ts$/.test(file)
  );
}

/**
 * Files that still speak the wire inside, each with the names it uses (`wire-names.debt.json`): the
 * debt this guard keeps from growing. A file moved to English leaves it; a new use anywhere fails.
 * `UPDATE_WIRE_DEBT=1 npx vitest run test/wire-names.test.ts` rewrites it from what is found.
 */
const DEBT_FILE = path.join(import.meta.dirname, 'wire-names.debt.json');
const NOT_YET_ENGLISH: Record<string, string[]> = JSON.parse(fs.readFileSync(DEBT_FILE, 'utf8'));

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
}

describe('wire names', () => {
  const names = wireNames();
  const pattern = fieldUse(names);

  it('are derived from the contract: the spec pinyin, not English words', () => {
    expect(names).toEqual(
      expect.arrayContaining(['zkdmc', 'mbz', 'zgzkdid', 'bmmc', 'ckmc', 'yjlx', 'zdmc']),
    );
    for (const english of ['name', 'id', 'status', 'departmentName', 'sort', 'schoolName', 'pointCount'])
      expect(names).not.toContain(english);
  });

  it('are found in every written form, and not inside ordinary words or Chinese text', () => {
    const seeded = [
      'const name = row.zkdmc;',
      'const rule = point?.warningVo;',
      "{ key: 'xzjgz', title: '修正结果值' }",
      '{ rwmc: values.name }',
      'type Row = { dis?: boolean }',
      'const { gzdxmc, mbz } = row;',
      'const query = { sj };',
    ].join('\n');
    expect(namesIn(seeded, pattern)).toEqual([
      'zkdmc',
      'warningVo',
      'xzjgz',
      'rwmc',
      'dis',
      'gzdxmc',
      'mbz',
      'sj',
    ]);
    const ordinary = [
      "const display = distance.dismiss(list, 'disabled');",
      'const mcs = sjx + bzz2; // 采样时间 sj 与 mbz 在注释里不算',
      "className={'dq-row-dis'}",
      'const px = 12;',
    ].join('\n');
    expect(namesIn(ordinary, pattern)).toEqual([]);
  });

  it('stay at the edge of the server and the web', () => {
    const found: string[] = [];
    const debt: Record<string, string[]> = {};
    for (const file of [...sourceFiles('apps/server/src'), ...sourceFiles('apps/web/src')].sort()) {
      if (mayUseWire(file)) continue;
      const used = [...new Set(namesIn(fs.readFileSync(path.join(root, file), 'utf8'), pattern))].sort();
      if (used.length) debt[file] = used;
      const known = new Set(NOT_YET_ENGLISH[file] ?? []);
      for (const name of used) if (!known.has(name)) found.push(`${file}: ${name}`);
    }
    if (process.env.UPDATE_WIRE_DEBT === '1')
      fs.writeFileSync(DEBT_FILE, `${JSON.stringify(debt, null, 2)}\n`);
    else expect(found).toEqual([]);
  });

  it.skipIf(process.env.UPDATE_WIRE_DEBT === '1')(
    'keep no stale entry in the list of files not yet English',
    () => {
      const stale: string[] = [];
      for (const [file, listed] of Object.entries(NOT_YET_ENGLISH)) {
        const text = fs.existsSync(path.join(root, file))
          ? fs.readFileSync(path.join(root, file), 'utf8')
          : '';
        const used = new Set(namesIn(text, pattern));
        for (const name of listed) if (!used.has(name)) stale.push(`${file}: ${name}`);
      }
      expect(stale).toEqual([]);
    },
  );
});
