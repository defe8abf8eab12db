/**
 * What every benchmark runner shares: the load settings, one measured scenario, a signed-in session, a
 * short-lived PostgreSQL client and the benchmark's own server process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Every demo account's password (README). */
export const DEMO_PASSWORD = 'Eduqa@2026';

export interface Row {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

export async function measure(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  return {
    name,
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** Signs in through the API and answers the session cookie (`name=value`). */
export async function signIn(baseUrl: string, account: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${account} failed: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The machine's PostgreSQL, where the database benchmarks make their own databases (DATABASE_URL). */
export const PG_BASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The load average, printed with every figure: the machine is shared, and a busy one slows everything. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/**
 * A fresh database `<prefix>_<time>` beside `baseUrl`'s: its URL, and `drop`, which keeps it to look at
 * when `BENCH_KEEP_DB=1`.
 */
export async function createScratchDatabase(prefix: string, baseUrl = PG_BASE_URL) {
  const name = `${prefix}_${Date.now().toString(36)}`;
  await withClient(baseUrl, (c) => c.query(`create database ${name}`));
  const target = new URL(baseUrl);
  target.pathname = `/${name}`;
  return {
    name,
    url: target.toString(),
    async drop() {
      if (process.env.BENCH_KEEP_DB === '1') process.stdout.write(`(kept database ${name})\n`);
      else await withClient(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** `work` on a scratch database (`createScratchDatabase`), dropped afterwards, also when the work fails. */
export async function withScratchDatabase<T>(
  prefix: string,
  work: (url: string, name: string) => Promise<T>,
): Promise<T> {
  const scratch = await createScratchDatabase(prefix);
  try {
    return await work(scratch.url, scratch.name);
  } finally {
    await scratch.drop();
  }
}

/**
 * Runs `script` (a server that prints 'ready' once it listens) in its own process on `databaseUrl`, with a
 * temporary data directory removed when it stops; `env` adds to or overrides its environment.
 */
export async function startBenchServer(
  script: string,
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ baseUrl: string; pid: number; stop(): Promise<void> }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-bench-'));
  // BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server alone.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the benchmark server exited (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
