/**
 * The demo school's answers to every read route, written one per line, to compare a refactoring's
 * before and after byte for byte:
 *
 *   npx tsx test/read-answers.ts <snapshot-dir> <answers.jsonl>
 *
 * The first run seeds the demo into <snapshot-dir> (a PGlite data directory and its files); every run
 * answers from a copy of that snapshot, so both sides read the same rows with the same ids. Each demo
 * account asks every GET endpoint of the contract except downloads (files carry their creation time):
 * path and required query parameters are filled with values the earlier answers held under the same
 * name (`id` from the answers of the endpoints nearest in path), in a fixed order. Compare two runs of
 * the same day (some answers count days to a deadline) with `cmp` or `diff`. The values that differ
 * between two runs of the same code (VOLATILE) are written as "<varies>".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as contract from '@eduqa/contract';
import { type Endpoint, fillPath } from '@eduqa/contract';
import { z } from 'zod';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { createLocalFileStorage } from '../src/platform/file-storage.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.ts';
import { migrateAndSeed } from './database-templates.ts';

const [snapshotDir = '', outFile = ''] = process.argv.slice(2);
if (!snapshotDir || !outFile) {
  console.error('usage: tsx test/read-answers.ts <snapshot-dir> <answers.jsonl>');
  process.exit(2);
}

const dump = path.join(snapshotDir, 'demo.tar');
const snapshotFiles = path.join(snapshotDir, 'files');

async function snapshot() {
  if (fs.existsSync(dump)) return;
  fs.mkdirSync(snapshotFiles, { recursive: true });
  const database = await openDatabase({});
  await migrateAndSeed(database, true, snapshotFiles);
  const blob = await database.pglite!.dumpDataDir('none');
  fs.writeFileSync(dump, Buffer.from(await blob.arrayBuffer()));
  await database.close();
}

/** Every GET endpoint of the contract that answers an envelope, once each, in a fixed order. */
function readEndpoints(): [string, Endpoint][] {
  const seen = new Set<Endpoint>();
  const found: [string, Endpoint][] = [];
  for (const [group, value] of Object.entries(contract)) {
    if (!group.endsWith('Endpoints') || typeof value !== 'object' || value === null) continue;
    for (const [name, endpoint] of Object.entries(value as Record<string, unknown>)) {
      if (typeof endpoint !== 'object' || endpoint === null || !('path' in endpoint)) continue;
      const e = endpoint as Endpoint;
      if (seen.has(e) || e.method !== 'GET' || e.download) continue;
      seen.add(e);
      found.push([`${group}.${name}`, e]);
    }
  }
  // Parameterless endpoints first: their answers hold the ids the others need.
  const needs = (e: Endpoint) => (e.path.includes('{') ? 1 : 0) + (requiredQuery(e).length ? 1 : 0);
  return found.sort((a, b) => needs(a[1]) - needs(b[1]) || a[1].path.localeCompare(b[1].path));
}

function requiredQuery(e: Endpoint): string[] {
  if (!(e.query instanceof z.ZodObject)) return [];
  return Object.entries(e.query.shape as Record<string, z.ZodType>)
    .filter(([, schema]) => !schema.safeParse(undefined).success)
    .map(([key]) => key);
}

/** Fields that differ between two runs of the same code: the session's secret, the clock, a duration. */
const VOLATILE = new Set(['csrfSecret', 'lastAccessTime', 'asOf', 'elapsedMs']);
function steady(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(steady);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, VOLATILE.has(k) ? '<varies>' : steady(v)]),
  );
}

/** Values seen under each key, with the path of the answer that held them. */
const seenValues = new Map<string, { value: string; path: string }[]>();
function collect(value: unknown, from: string, key = '') {
  if (Array.isArray(value)) for (const item of value.slice(0, 3)) collect(item, from, key);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) collect(v, from, k);
  else if ((typeof value === 'string' && value) || typeof value === 'number') {
    const list = seenValues.get(key) ?? [];
    if (list.length < 200 && !list.some((x) => x.value === String(value) && x.path === from))
      list.push({ value: String(value), path: from });
    seenValues.set(key, list);
  }
}

function commonPrefix(a: string, b: string) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
}

/** The value an earlier answer held under `name`, from the answer whose path is nearest to `forPath`. */
function valueFor(name: string, forPath: string): string | undefined {
  const list = seenValues.get(name) ?? (/id$/i.test(name) ? seenValues.get('id') : undefined);
  if (!list?.length) return undefined;
  let best = list[0]!;
  for (const c of list) if (commonPrefix(c.path, forPath) > commonPrefix(best.path, forPath)) best = c;
  return best.value;
}

async function main() {
  await snapshot();
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-read-answers-'));
  fs.cpSync(snapshotFiles, filesDir, { recursive: true });
  const database = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(dump)]) });
  // The code under comparison may bring a migration the snapshot predates (a renamed table).
  await database.migrate();
  const { app } = await buildApp({
    config: {
      sessionIdleMs: 3_600_000,
      sessionMaxMs: 86_400_000,
      webDist: path.join(filesDir, 'no-web'),
      dataSourceHosts: ['127.0.0.1', 'localhost', '::1'],
    },
    database,
    storage: createLocalFileStorage(filesDir),
    validateResponses: true,
  });
  await app.ready();
  const out = fs.createWriteStream(outFile);
  const endpoints = readEndpoints();
  let answered = 0;
  let lines = 0;
  for (const user of DEMO_USERS) {
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: user.account, password: DEMO_PASSWORD },
    });
    if (login.statusCode !== 200) {
      out.write(`${JSON.stringify({ user: user.account, login: login.statusCode, body: login.body })}\n`);
      continue;
    }
    const cookie = [login.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith('eduqa_sid='))!
      .split(';')[0]!;
    seenValues.clear();
    for (const [name, e] of endpoints) {
      const params: Record<string, string> = {};
      let missing = '';
      for (const [, p] of e.path.matchAll(/\{(\w+)\}/g)) {
        const v = valueFor(p!, e.path);
        if (v === undefined) missing = p!;
        else params[p!] = v;
      }
      const query: Record<string, string> = {};
      for (const q of requiredQuery(e)) {
        const v = valueFor(q, e.path);
        if (v === undefined) missing = q;
        else query[q] = v;
      }
      if (missing) {
        out.write(`${JSON.stringify({ user: user.account, endpoint: name, skipped: `no ${missing}` })}\n`);
        lines++;
        continue;
      }
      const answer = await app.inject({
        method: 'GET',
        url: fillPath(e.path, params),
        query,
        headers: { cookie },
      });
      if (answer.statusCode === 200) answered++;
      const body = answer.headers['content-type']?.toString().includes('json') ? answer.json() : answer.body;
      if (answer.statusCode === 200) collect(body, e.path);
      out.write(
        `${JSON.stringify({ user: user.account, endpoint: name, params, query, status: answer.statusCode, body: steady(body) })}\n`,
      );
      lines++;
    }
  }
  await new Promise((resolve) => out.end(resolve));
  await app.close();
  await database.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
  console.log(
    `${endpoints.length} read endpoints × ${DEMO_USERS.length} accounts: ${lines} lines, ${answered} answered 200`,
  );
}

await main();
