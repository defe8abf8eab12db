#!/usr/bin/env node
// Runs the Playwright journeys against a freshly started server on a temporary data directory.
// No Chromium → the journeys are skipped loudly, unless E2E_REQUIRED=1 makes that a failure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
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

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-e2e-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
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
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stop().finally(() => process.exit(1));
  });
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
if (!ready) {
  console.error('e2e: the server did not start');
  await stop();
  process.exit(1);
}

const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/@playwright/test/cli.js'),
    'test',
    '--config',
    'playwright.config.ts',
    ...process.argv.slice(2),
  ],
  {
    cwd: import.meta.dirname,
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: baseURL, CHROMIUM_PATH: chromium },
  },
);
await stop();
process.exit(result.status ?? 1);
