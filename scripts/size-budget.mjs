#!/usr/bin/env node
// The web build's size budget (issue 10): the login page's JavaScript — the entry and every chunk it
// imports statically, all the browser must fetch before the login form can draw — at most 300 kB
// with gzip, and no single chunk above 200 kB with gzip. Reads Vite's manifest of apps/web/dist,
// prints a table and exits 1 when a budget is broken. Node built-ins only.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const LOGIN_BUDGET = 300_000;
const CHUNK_BUDGET = 200_000;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');

if (!fs.existsSync(manifestFile)) {
  console.error(`size: ${path.relative(process.cwd(), manifestFile)} is missing; run npm run build first`);
  process.exit(1);
}
/** @type {Record<string, { file: string; isEntry?: boolean; imports?: string[] }>} */
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** The entry of index.html and every chunk it reaches through static imports. */
function loginChunks() {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('size: the manifest has no entry');
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  return new Set([...seen].map((key) => manifest[key]?.file));
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
// The same level as the .gz files the build writes (apps/web/build/precompress.ts).
const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

const login = loginChunks();
const chunks = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => {
    const file = path.join(dist, 'assets', name);
    return { file: `assets/${name}`, raw: fs.statSync(file).size, gzip: gzipSize(file) };
  })
  .sort((a, b) => b.gzip - a.gzip);

const loginRaw = chunks.filter((c) => login.has(c.file)).reduce((sum, c) => sum + c.raw, 0);
const loginGzip = chunks.filter((c) => login.has(c.file)).reduce((sum, c) => sum + c.gzip, 0);
const tooBig = chunks.filter((c) => c.gzip > CHUNK_BUDGET);

const shown = chunks.filter((c, i) => i < 15 || login.has(c.file));
console.table(
  shown.map((c) => ({
    chunk: c.file,
    raw: kb(c.raw),
    gzip: kb(c.gzip),
    login: login.has(c.file) ? 'yes' : '',
    budget: c.gzip > CHUNK_BUDGET ? `OVER ${kb(CHUNK_BUDGET)}` : 'ok',
  })),
);
if (shown.length < chunks.length) console.log(`(${chunks.length - shown.length} smaller chunks not shown)`);
console.log(
  `login page JavaScript: ${login.size} chunks, ${kb(loginRaw)} raw, ${kb(loginGzip)} gzip (budget ${kb(LOGIN_BUDGET)})`,
);
console.log(
  `largest chunk: ${chunks[0]?.file} ${kb(chunks[0]?.gzip ?? 0)} gzip (budget ${kb(CHUNK_BUDGET)} each)`,
);

const problems = [];
if (loginGzip > LOGIN_BUDGET)
  problems.push(`the login page needs ${kb(loginGzip)} gzip, over ${kb(LOGIN_BUDGET)}`);
for (const c of tooBig) problems.push(`${c.file} is ${kb(c.gzip)} gzip, over ${kb(CHUNK_BUDGET)}`);
if (problems.length) {
  for (const problem of problems) console.error(`size budget broken: ${problem}`);
  process.exit(1);
}
console.log('size budget kept');
