#!/usr/bin/env node
// Starts the compiled app on the newer Node LTS lines the project supports (22 and 24) — this machine and
// CI run Node 20, past its end of life, and a dependency may already need more. Each line is taken from
// an installation found on the machine (node22/node24 on PATH, nvm, n, volta, fnm, NEWER_NODE=path), else
// from the npm package `node@<major>` (npm exec, cached under ~/.npm/_npx). For each: the server on a
// fresh data directory with the demo school must answer /api/health and serve the web app, then
// `audit:verify` must pass on what it wrote. No newer Node to be had → a loud notice and exit 0, unless
// NEWER_NODE_REQUIRED=1 makes that a failure; a Node that is there and fails the app is always a failure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const MAJORS = [22, 24];
const required = process.env.NEWER_NODE_REQUIRED === '1';

/** The Node version a binary reports, or null when it does not run. */
function versionOf(binary) {
  const result = spawnSync(binary, ['-p', 'process.versions.node'], { encoding: 'utf8', timeout: 20_000 });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Node binaries installed by the usual means, newest version managers' folders included. */
function installedCandidates() {
  const home = os.homedir();
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .flatMap((dir) => MAJORS.map((major) => path.join(dir, `node${major}`)));
  const under = (dir, tail) =>
    fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name, ...tail)) : [];
  return [
    process.env.NEWER_NODE,
    process.execPath,
    ...onPath,
    ...under(path.join(process.env.NVM_DIR ?? path.join(home, '.nvm'), 'versions/node'), ['bin/node']),
    ...under(path.join(process.env.N_PREFIX ?? '/usr/local', 'n/versions/node'), ['bin/node']),
    ...under(path.join(home, '.volta/tools/image/node'), ['bin/node']),
    ...under(path.join(home, '.local/share/fnm/node-versions'), ['installation/bin/node']),
  ].filter((file) => file && fs.existsSync(file));
}

/** The npm package `node@<major>`'s binary, fetched once into npm's cache; null when npm cannot get it. */
function fromNpm(major) {
  console.log(`> npm exec --package=node@${major} (Node ${major} is not installed on this machine)`);
  const result = spawnSync(
    'npm',
    ['exec', '--yes', `--package=node@${major}`, '--', 'node', '-p', 'process.execPath'],
    { cwd: os.tmpdir(), encoding: 'utf8', timeout: 300_000, shell: process.platform === 'win32' },
  );
  const binary = result.status === 0 ? result.stdout.trim().split('\n').pop() : '';
  if (!binary || !fs.existsSync(binary)) {
    console.log((result.stderr ?? '').trim().split('\n').slice(-3).join('\n'));
    return null;
  }
  return binary;
}

/** One binary per supported major: the newest installed, else npm's. */
function newerNodes() {
  const found = new Map();
  for (const binary of installedCandidates()) {
    const version = versionOf(binary);
    const major = Number(version?.split('.')[0]);
    if (!MAJORS.includes(major)) continue;
    const known = found.get(major);
    if (!known || compareVersions(version, known.version) > 0) found.set(major, { binary, version });
  }
  for (const major of MAJORS) {
    if (found.has(major)) continue;
    const binary = fromNpm(major);
    const version = binary && versionOf(binary);
    if (version) found.set(major, { binary, version });
  }
  return [...found.values()].sort((a, b) => compareVersions(a.version, b.version));
}

function compareVersions(a, b) {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Starts the compiled server on `binary`, asks it for health and the web app, stops it; throws on any miss. */
async function serve(binary, dataDir) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' };
  const server = spawn(binary, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env: { ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  try {
    let health = null;
    // Up to ten minutes: the first start seeds the demo school, which took six on a machine busy with CI.
    for (let i = 0; i < 1200 && !health && server.exitCode === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      health = await fetch(`${base}/api/health`)
        .then((response) => (response.ok ? response.json() : null))
        .catch(() => null);
    }
    if (!health) {
      const ended = server.exitCode === null ? 'in ten minutes' : `(it exited with code ${server.exitCode})`;
      throw new Error(`the server did not answer /api/health ${ended}`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`  /api/health after ${seconds} s: ${JSON.stringify(health.data)}`);
    const page = await fetch(`${base}/`).then((response) => response.text());
    if (!page.includes('<div id="root">')) throw new Error('/ did not serve the web app');
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
  const verified = spawnSync(binary, ['apps/server/dist/audit-verify.js'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  console.log(`  audit:verify: ${verified.stdout.trim()}`);
  if (verified.status !== 0)
    throw new Error(`audit:verify exited with ${verified.status}: ${verified.stderr}`);
}

function notice(lines) {
  const banner = '!'.repeat(78);
  console.error(`\n${banner}\n${lines.map((line) => `  ${line}`).join('\n')}\n${banner}\n`);
}

const ensured = spawnSync(process.execPath, [path.join(root, 'scripts/ensure.mjs'), 'build'], {
  cwd: root,
  stdio: 'inherit',
});
if (ensured.status !== 0) process.exit(ensured.status ?? 1);

const nodes = newerNodes();
if (nodes.length === 0) {
  notice([
    '未在较新的 Node（22、24）上检查编译后的应用：本机没有安装，npm 也取不到。',
    `Newer Node check SKIPPED: no Node ${MAJORS.join(' or ')} installed, and npm could not fetch node@${MAJORS.at(-1)}.`,
    'Install one with:  nvm install 24   or   npm exec --package=node@24 -- node -v',
    '  or from https://nodejs.org/ (Debian: https://github.com/nodesource/distributions)',
  ]);
  process.exit(required ? 1 : 0);
}
let failed = false;
for (const { binary, version } of nodes) {
  console.log(`== Node ${version} (${binary})`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-newer-node-'));
  try {
    await serve(binary, dataDir);
    console.log(`  ok on Node ${version}`);
  } catch (error) {
    failed = true;
    console.error(`  FAILED on Node ${version}: ${error.message}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
const missing = MAJORS.filter((major) => !nodes.some((node) => node.version.startsWith(`${major}.`)));
if (missing.length > 0) notice([`Node ${missing.join(', ')}: not installed and not fetched; not checked.`]);
process.exit(failed || (required && missing.length > 0) ? 1 : 0);
