#!/usr/bin/env node
// Makes `npm start` and `npm test` work alone on a fresh clone: installs dependencies when they are
// missing or older than the lockfile, and builds the web app (step `build`) and the server (steps
// `build` and `server`) when their sources are newer than their build.
// Node built-ins only: this runs before anything is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const step = process.argv[2] ?? 'install';

function run(command, args) {
  console.log(`> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function newest(dir) {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : mtime(full));
  }
  return latest;
}

const installed = path.join(root, 'node_modules/.package-lock.json');
const lock = path.join(root, 'package-lock.json');
if (!fs.existsSync(installed) || mtime(lock) > mtime(installed)) {
  run(
    'npm',
    fs.existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'],
  );
}

const contract = newest(path.join(root, 'packages/contract/src'));

if (step === 'build') {
  const built = path.join(root, 'apps/web/dist/index.html');
  const sources = Math.max(
    newest(path.join(root, 'apps/web/src')),
    contract,
    mtime(path.join(root, 'apps/web/index.html')),
    mtime(path.join(root, 'apps/web/vite.config.ts')),
    newest(path.join(root, 'apps/web/build')),
    mtime(lock),
  );
  if (mtime(built) < sources) run('npm', ['run', 'build', '-w', '@eduqa/web']);
}

if (step === 'build' || step === 'server') {
  // The oldest output stands for the build: an interrupted build leaves some entry points missing.
  const entries = ['main', 'backup-cli', 'audit-verify', 'warehouse-sandbox.worker'];
  const built = Math.min(...entries.map((name) => mtime(path.join(root, `apps/server/dist/${name}.js`))));
  const sources = Math.max(
    newest(path.join(root, 'apps/server/src')),
    contract,
    mtime(path.join(root, 'apps/server/build.mjs')),
    mtime(lock),
  );
  if (built < sources) run('npm', ['run', 'build', '-w', '@eduqa/server']);
}
