import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { cloneTemplate } from '../../test/database-templates.ts';
import { MIGRATIONS_FOLDER } from './client.ts';
import { appliedMigrations, DatabaseNewerError, migrationNumber, readJournal } from './migrations.ts';

/**
 * A database a newer version of the program migrated further (its migrations table holds migrations this
 * code does not know) is refused before anything changes: by `migrate`, and so by the server's start, which
 * says why in Chinese and exits non-zero. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;
const journal = readJournal(MIGRATIONS_FOLDER);
const NEWER = 7;
const MESSAGE = `数据库版本（迁移 ${migrationNumber(journal.length + NEWER)}）比本程序新（迁移 ${migrationNumber(journal.length)}），请使用新版本的程序`;
const MAIN = path.resolve(import.meta.dirname, '../main.ts');

/** What a newer version's start leaves in drizzle's table: NEWER rows stamped after this code's last. */
const NEWER_ROWS = `insert into drizzle.__drizzle_migrations (hash, created_at)
  select 'newer-' || n, ${journal.at(-1)!.when} + n * 1000 from generate_series(1, ${NEWER}) as n`;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function newerDatabase() {
  const copy = await cloneTemplate(url, inject('databaseTemplates').plain);
  cleanups.push(async () => {
    await copy.database.close();
    await copy.drop();
    fs.rmSync(copy.filesDir, { recursive: true, force: true });
  });
  await copy.database.db.execute(sql.raw(NEWER_ROWS));
  return copy;
}

/** The server's start (main.ts) in a process of its own: its exit code and what it wrote to stderr. */
function start(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

/** The environment of a start on `dataDir` (and `databaseUrl` when given), whatever this shell set. */
function startEnv(dataDir: string, databaseUrl?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
  for (const name of ['DATABASE_URL', 'FILE_STORAGE', 'DATA_SOURCE_KEY', 'METRICS_TOKEN']) delete env[name];
  env.SEED_DEMO = 'false';
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

describe('a database newer than the code', () => {
  it('is refused by migrate, which changes nothing', async () => {
    const { database } = await newerDatabase();
    const before = await appliedMigrations(database.db);
    expect(before.applied).toBe(journal.length + NEWER);
    const refused = await database.migrate().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DatabaseNewerError);
    expect((refused as Error).message).toBe(MESSAGE);
    expect(await appliedMigrations(database.db)).toEqual(before);
  });

  it('migrates as before at its own level or below', async () => {
    const copy = await cloneTemplate(url, inject('databaseTemplates').plain);
    try {
      await expect(copy.database.migrate()).resolves.toBeUndefined();
      expect((await appliedMigrations(copy.database.db)).applied).toBe(journal.length);
    } finally {
      await copy.database.close();
      await copy.drop();
      fs.rmSync(copy.filesDir, { recursive: true, force: true });
    }
  });

  it('stops the server at start with the message in Chinese and exit code 1', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-newer-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (url) {
      databaseUrl = (await newerDatabase()).url;
    } else {
      // The embedded database on disk, where a start opens it, from the migrated template.
      const template = inject('databaseTemplates').plain.source;
      if (template.kind !== 'pglite') throw new Error('a PGlite template was expected');
      const pglite = new PGlite(path.join(dataDir, 'pglite'), {
        loadDataDir: new Blob([fs.readFileSync(template.dump)]),
      });
      await pglite.exec(NEWER_ROWS);
      await pglite.close();
    }
    const { code, stderr } = await start(startEnv(dataDir, databaseUrl));
    expect(stderr).toContain(MESSAGE);
    // A refusal, not a crash: no stack trace.
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(code).toBe(1);
  }, 180_000);
});
