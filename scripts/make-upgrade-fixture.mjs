#!/usr/bin/env node
// Makes the upgrade test's fixture (apps/server/test/fixtures/upgrade/) from an EARLIER RELEASE of this
// repository, taken from its git history rather than typed:
//
//   node scripts/make-upgrade-fixture.mjs [--commit <rev>] [--out <dir>]
//
// 1. checks the earlier commit out with `git worktree add` into a temporary folder and installs its own
//    dependencies there (`npm ci`);
// 2. starts that version's server once on a fresh embedded database (its migrations, its national school
//    list, its demo school and their files, as a school that installed that release got them), then stops it;
// 3. writes that data folder as a backup archive with today's `npm run backup` (tables as NDJSON, files,
//    a manifest with the migration level), and beside it earlier-release.json naming the commit.
//
// The earlier commit's migrations must be a strict prefix of today's (checked first): the test restores the
// archive at its own level and applies today's migrations over it, as a start of the new version would.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '..');
const MIGRATIONS = 'apps/server/drizzle';
// 0000–0021: the last commit before 0022_stored_files and 0023_audit_trail, so the test crosses both.
const DEFAULT_COMMIT = '07edf3c';

const { values } = parseArgs({
  options: {
    commit: { type: 'string', default: DEFAULT_COMMIT },
    out: { type: 'string', default: path.join(ROOT, 'apps/server/test/fixtures/upgrade') },
  },
});
const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const say = (line) => process.stdout.write(`${line}\n`);

const commit = git('rev-parse', '--verify', `${values.commit}^{commit}`);
const subject = git('show', '-s', '--format=%s', commit);

/** The earlier journal's entries must be today's first ones, tag and stamp alike. */
function checkPrefix() {
  const earlier = JSON.parse(git('show', `${commit}:${MIGRATIONS}/meta/_journal.json`)).entries;
  const today = JSON.parse(
    fs.readFileSync(path.join(ROOT, MIGRATIONS, 'meta/_journal.json'), 'utf8'),
  ).entries;
  if (earlier.length >= today.length) throw new Error(`${commit} 的迁移（${earlier.length} 个）不比今天的少`);
  earlier.forEach((entry, i) => {
    if (entry.tag !== today[i].tag || entry.when !== today[i].when)
      throw new Error(`${commit} 的迁移 ${entry.tag} 与今天的 ${today[i].tag} 不同`);
    const sql = `${MIGRATIONS}/${entry.tag}.sql`;
    if (git('show', `${commit}:${sql}`) !== fs.readFileSync(path.join(ROOT, sql), 'utf8').trim())
      throw new Error(`${sql} 自 ${commit} 以来被改过`);
  });
  return { count: earlier.length, lastTag: earlier.at(-1).tag };
}

function run(command, args, options) {
  say(`$ ${command} ${args.join(' ')}`);
  execFileSync(command, args, { stdio: 'inherit', ...options });
}

/** This shell's environment on the embedded database in `dataDir`, whatever the shell was set up for. */
function embedded(dataDir, extra) {
  const env = { ...process.env, DATA_DIR: dataDir, ...extra };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'FILE_STORAGE', 'DATA_SOURCE_KEY'])
    delete env[name];
  return env;
}

/** The earlier server, started once on `dataDir` until it says it is listening (its seed done), then stopped. */
function startAndStop(source, dataDir) {
  const env = embedded(dataDir, { PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'true', LOG_LEVEL: 'warn' });
  return new Promise((resolve, reject) => {
    const child = spawn('node', ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: source, env });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGTERM'), 10 * 60_000);
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      out += chunk;
      if (out.includes('已启动')) child.kill('SIGTERM');
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (out.includes('已启动')) resolve();
      else reject(new Error(`旧版本的服务没有启动（退出码 ${code}，信号 ${signal}）`));
    });
  });
}

const level = checkPrefix();
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-upgrade-fixture-'));
const source = path.join(temp, 'source');
const dataDir = path.join(temp, 'data');
const backups = path.join(temp, 'backups');
try {
  run('git', ['worktree', 'add', '--detach', source, commit], { cwd: ROOT });
  run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: source });
  await startAndStop(source, dataDir);
  // Today's backup writes the archive: it reads any level's tables from the catalog, and names the level.
  run('node', ['--import', 'tsx', 'apps/server/src/backup-cli.ts', 'backup', '--out', backups], {
    cwd: ROOT,
    env: embedded(dataDir, {}),
  });
  const [archive] = fs.readdirSync(backups).filter((name) => name.endsWith('.tar.gz'));
  fs.mkdirSync(values.out, { recursive: true });
  fs.copyFileSync(path.join(backups, archive), path.join(values.out, 'earlier-release.tar.gz'));
  const about = { commit, subject, migrations: level, madeBy: 'scripts/make-upgrade-fixture.mjs' };
  fs.writeFileSync(path.join(values.out, 'earlier-release.json'), `${JSON.stringify(about, null, 2)}\n`);
  const size = fs.statSync(path.join(values.out, 'earlier-release.tar.gz')).size;
  say(
    `已写入 ${values.out}（${(size / 1024 / 1024).toFixed(2)} MB，来自 ${commit.slice(0, 10)}，迁移 ${level.lastTag}）`,
  );
} finally {
  if (fs.existsSync(source)) {
    try {
      git('worktree', 'remove', '--force', source);
    } catch (error) {
      say(`git worktree remove 未成功（${error.message.trim()}），改为删除目录后 git worktree prune`);
    }
  }
  fs.rmSync(temp, { recursive: true, force: true });
  // Forgets the checkout if its removal above failed (only entries whose folder is gone are pruned).
  git('worktree', 'prune');
}
