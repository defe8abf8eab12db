#!/usr/bin/env node
// Runs the Playwright journeys against a freshly started server on a temporary data directory: the
// compiled server, as `npm start` runs it, rebuilt first when its sources (or the web app's) changed.
// No Chromium → the journeys are skipped loudly, unless E2E_REQUIRED=1 makes that a failure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const required = process.env.E2E_REQUIRED === '1';
const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  Boolean,
);
const chromium = candidates.find((file) => fs.existsSync(file));

if (!chromium) {
  const banner = '!'.repeat(78);
  console.error(
    `\n${banner}\n  浏览器旅程测试未运行：找不到 Chromium。\n  Browser journeys SKIPPED: no Chromium found (looked for ${candidates.join(', ')}).\n  Install it with:  sudo apt-get install -y chromium fonts-noto-cjk\n${banner}\n`,
  );
  process.exit(required ? 1 : 0);
}

const ensured = spawnSync(process.execPath, [path.join(root, 'scripts/ensure.mjs'), 'build'], {
  cwd: root,
  stdio: 'inherit',
});
if (ensured.status !== 0) process.exit(ensured.status ?? 1);

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/**
 * The 数据源 journey's external database: the machine's PostgreSQL (trust, as the API tests use it)
 * with a database of its own and a user that may only read it — the platform refuses a superuser or
 * any user that can write. Made idempotently, so runs side by side or after a crash find it ready.
 */
const E2E_SOURCE = {
  database: 'eduqa_e2e_source',
  user: 'eduqa_e2e_reader',
  password: 'Secret-e2e-1',
};

async function prepareExternalSource() {
  // pg is the server's dependency; the runner borrows it rather than declaring a second copy.
  const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');
  const connect = async (database) => {
    const client = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
    client.on('error', () => {});
    await client.connect();
    return client;
  };
  // 42P04 / 42710 / 23505: another run made the database or role between the check and the create.
  const unlessRaced = (error) => {
    if (!['42P04', '42710', '23505'].includes(error?.code)) throw error;
  };
  const { database, user, password } = E2E_SOURCE;
  let server;
  try {
    server = await connect('postgres');
  } catch (error) {
    console.warn(`!!! PostgreSQL at 127.0.0.1:5432 is not reachable; the 数据源 journey will fail: ${error}`);
    return;
  }
  try {
    const found = await server.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await server.query(`create database ${database}`).catch(unlessRaced);
    const role = await server.query('select 1 from pg_roles where rolname = $1', [user]);
    if (role.rowCount === 0) await server.query(`create role ${user} login`).catch(unlessRaced);
    await server.query(
      `alter role ${user} with login nosuperuser nocreatedb nocreaterole password '${password}'`,
    );
  } finally {
    await server.end();
  }
  const source = await connect(database);
  try {
    await source.query(`create table if not exists public.teachers (code text primary key, name text)`);
    await source.query(`insert into public.teachers values ('T001', '张老师') on conflict do nothing`);
    await source.query(`revoke all on all tables in schema public from ${user}`);
    await source.query(`grant select on all tables in schema public to ${user}`);
  } finally {
    await source.end();
  }
}

await prepareExternalSource();

/**
 * Journeys run in lanes, one per core and at most two (E2E_LANES overrides; three lanes on two cores
 * timed out waiting for a Word file and the first algorithm run): each lane is its own server on its own
 * fresh data directory and its own journey files, so journeys never share a database across lanes and
 * run in file order within one, as they always did.
 */
const laneCount = Math.max(1, Number(process.env.E2E_LANES) || Math.min(2, os.availableParallelism()));

/**
 * The journey files of each lane: longest first into the lane with the fewest seconds so far, each
 * lane's files then in name order. A journey's length is what it took in CI (journey-seconds.json);
 * a file not measured yet counts by its size (about 250 bytes a second), which misjudged the page
 * sweeps — small files that walk every page — by minutes. Arguments (a file, a -g pattern) leave the
 * split to --shard.
 */
function laneFiles() {
  const dir = path.join(import.meta.dirname, 'journeys');
  const measured = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, 'journey-seconds.json'), 'utf8'),
  );
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => ({
      name,
      seconds:
        typeof measured[name] === 'number' ? measured[name] : fs.statSync(path.join(dir, name)).size / 250,
    }))
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
  const lanes = Array.from({ length: laneCount }, () => ({ seconds: 0, files: [] }));
  for (const file of files) {
    const lane = lanes.reduce((least, l) => (l.seconds < least.seconds ? l : least));
    lane.seconds += file.seconds;
    lane.files.push(`journeys/${file.name}`);
  }
  return lanes.map((lane) => lane.files.sort());
}
const split = laneCount > 1 && process.argv.length <= 2 ? laneFiles() : null;

/** Starts a server on a fresh data directory; resolves with its address and how to stop it. */
async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-e2e-'));
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // This machine's PostgreSQL is the 数据源 journey's external database.
      DATA_SOURCE_HOSTS: '127.0.0.1,localhost',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  /** Stops the server (it shuts down gracefully on SIGTERM) and removes its data. */
  async function stop() {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already stopped
      }
      const timer = setTimeout(() => process.kill(-server.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const baseURL = `http://127.0.0.1:${port}`;
  let ready = false;
  // Up to three minutes: the first start seeds the demo school, slow on a busy machine.
  for (let i = 0; i < 360 && !ready; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      ready = (await fetch(`${baseURL}/api/health`)).ok;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) break;
  }
  return { baseURL, ready, stop };
}

const servers = await Promise.all(Array.from({ length: laneCount }, () => startServer()));
const stopAll = () => Promise.all(servers.map((s) => s.stop()));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAll().finally(() => process.exit(1));
  });
}
if (servers.some((s) => !s.ready)) {
  console.error('e2e: the server did not start');
  await stopAll();
  process.exit(1);
}

/** One lane: Playwright on shard `lane` of `laneCount` against its own server, its lines prefixed. */
function runLane(lane, baseURL) {
  const prefix = laneCount > 1 ? `[${lane}/${laneCount}] ` : '';
  const args = [
    path.join(root, 'node_modules/@playwright/test/cli.js'),
    'test',
    '--config',
    'playwright.config.ts',
    ...(split ? split[lane - 1] : laneCount > 1 ? [`--shard=${lane}/${laneCount}`] : []),
    ...process.argv.slice(2),
  ];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: import.meta.dirname,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        BASE_URL: baseURL,
        CHROMIUM_PATH: chromium,
        E2E_OUTPUT: `./test-results${laneCount > 1 ? `/lane-${lane}` : ''}`,
      },
    });
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let pending = '';
      stream.on('data', (chunk) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) out.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => {
        if (pending) out.write(`${prefix}${pending}\n`);
      });
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const codes = await Promise.all(servers.map((s, i) => runLane(i + 1, s.baseURL)));
await stopAll();
process.exit(codes.every((code) => code === 0) ? 0 : 1);
