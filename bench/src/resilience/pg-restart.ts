/**
 * PostgreSQL restarted under load (run by hand; it restarts the machine's PostgreSQL, see bench/README.md).
 * Starts the server on a fresh database, keeps writers creating year targets and readers listing them,
 * restarts PostgreSQL, and reports how long after the database was back the app answered again and
 * whether every write it acknowledged is still there.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { csrfParams } from '@eduqa/contract';
import pg from 'pg';
import { DEMO_PASSWORD, PG_BASE_URL } from '../harness.ts';
import { startServer } from '../server.ts';

const CLUSTER = (process.env.PG_CLUSTER ?? '15 main').split(' ');
const WRITERS = 4;
const READERS = 2;
const STEADY_MS = 3_000;
const AFTER_MS = 5_000;
const GOAL_SECONDS = 5;
const YEAR = 2099;
const API = '/api/herm-mbrwgl/yearTarget';

interface Session {
  cookie: string;
  csrfSecret: string;
}
interface Outcome {
  at: number;
  ok: boolean;
}

async function signIn(baseUrl: string): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'zhaoming', password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { data: { csrfSecret: string } };
  return {
    cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
    csrfSecret: body.data.csrfSecret,
  };
}

/** One API call; true only for an envelope that says success. */
async function ask(url: string, init: RequestInit): Promise<boolean> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    const body = (await response.json()) as { meta?: { success?: boolean } };
    return response.ok && body.meta?.success === true;
  } catch {
    return false;
  }
}

async function databaseIsUp(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_BASE_URL, connectionTimeoutMillis: 500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function listedNames(baseUrl: string, session: Session): Promise<Set<string>> {
  const names = new Set<string>();
  for (let page = 1; ; page += 1) {
    const response = await fetch(`${baseUrl}${API}?cycleYear=${YEAR}&pageNum=${page}&pageSize=500`, {
      headers: { cookie: session.cookie },
    });
    const body = (await response.json()) as { data: { records: { name: string }[] } };
    for (const record of body.data.records) names.add(record.name);
    if (body.data.records.length < 500) return names;
  }
}

const step = (text: string) => process.stderr.write(`· ${text}\n`);
step('starting the server on a fresh database');
const server = await startServer(PG_BASE_URL);
const session = await signIn(server.baseUrl);
step(`signed in; ${WRITERS} writers and ${READERS} readers for ${STEADY_MS / 1000} s`);
const acknowledged: string[] = [];
const writes: Outcome[] = [];
const reads: Outcome[] = [];
let running = true;
let next = 0;

async function writer() {
  while (running) {
    next += 1;
    const name = `重启韧性目标-${next}`;
    const query = new URLSearchParams(csrfParams(session.csrfSecret, Date.now()));
    const ok = await ask(`${server.baseUrl}${API}?${query}`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name, cycleYear: YEAR }),
    });
    writes.push({ at: Date.now(), ok });
    if (ok) acknowledged.push(name);
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function reader() {
  while (running) {
    const ok = await ask(`${server.baseUrl}${API}?cycleYear=${YEAR}&pageSize=10`, {
      headers: { cookie: session.cookie },
    });
    reads.push({ at: Date.now(), ok });
    if (!ok) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const load = [...Array.from({ length: WRITERS }, writer), ...Array.from({ length: READERS }, reader)];
await new Promise((resolve) => setTimeout(resolve, STEADY_MS));

step(`restarting PostgreSQL (${acknowledged.length} writes acknowledged so far)`);
const restartAt = Date.now();
await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', ...CLUSTER, 'restart']);
while (!(await databaseIsUp())) await new Promise((resolve) => setTimeout(resolve, 20));
const backAt = Date.now();
step(`PostgreSQL is back; load goes on for ${AFTER_MS / 1000} s`);
await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
running = false;
await Promise.all(load);

const firstOk = (outcomes: Outcome[]) => outcomes.find((o) => o.ok && o.at >= backAt)?.at;
const firstWrite = firstOk(writes);
const firstRead = firstOk(reads);
const failed = (outcomes: Outcome[]) => outcomes.filter((o) => !o.ok).length;
const present = await listedNames(server.baseUrl, session);
const lost = acknowledged.filter((name) => !present.has(name));
await server.stop();

const seconds = (at: number | undefined) =>
  at === undefined ? Number.POSITIVE_INFINITY : (at - backAt) / 1000;
const recovery = Math.max(seconds(firstWrite), seconds(firstRead));
process.stdout.write(
  [
    `PostgreSQL restart took ${((backAt - restartAt) / 1000).toFixed(2)} s (stop, start, accepting connections)`,
    `first acknowledged write ${seconds(firstWrite).toFixed(2)} s after the database was back`,
    `first successful read    ${seconds(firstRead).toFixed(2)} s after the database was back`,
    `writes: ${writes.length} sent, ${acknowledged.length} acknowledged, ${failed(writes)} failed (none acknowledged)`,
    `reads:  ${reads.length} sent, ${failed(reads)} failed`,
    `acknowledged writes missing afterwards: ${lost.length}${lost.length ? ` (${lost.slice(0, 5).join(', ')}…)` : ''}`,
    `goal: answers within ${GOAL_SECONDS} s of the database being back, no acknowledged write lost → ${
      recovery < GOAL_SECONDS && lost.length === 0 ? 'met' : 'NOT met'
    }`,
  ]
    .map((line) => `${line}\n`)
    .join(''),
);
process.exitCode = recovery < GOAL_SECONDS && lost.length === 0 ? 0 : 1;
