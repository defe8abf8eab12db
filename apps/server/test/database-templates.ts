import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createLocalFileStorage } from '../src/platform/file-storage.ts';
import { newId } from '../src/platform/ids.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';

export const ADMIN_PASSWORD = 'Admin1234';

/**
 * A migrated and seeded database saved once per run, that every test file starts from a copy of: the
 * migrations and the demo school (20 s of seeding on PGlite) then cost one copy per file instead of
 * one build per file. On PGlite the copy is the saved data directory; on PostgreSQL a template database.
 * `files` is the file store the seed wrote (the demo's attachments), copied with it.
 */
export interface DatabaseTemplate {
  source: { kind: 'pglite'; dump: string } | { kind: 'postgres'; database: string };
  files: string;
}

export interface DatabaseTemplates {
  plain: DatabaseTemplate;
  demo: DatabaseTemplate;
  /** Where the PGlite dumps and the file stores are kept. */
  dir: string;
}

/** A new database on the PostgreSQL of `url`, named like the test databases so a crashed run is recognisable. */
async function createPgDatabase(url: string, template?: string): Promise<string> {
  const name = `eduqa_test_${newId().slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return name;
}

export async function dropPgDatabase(url: string, name: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string) {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/**
 * TEST_PGLITE_THREAD=1 runs a test file's PGlite in a worker thread, as `npm start` runs its file-backed
 * one; the templates are built in process either way.
 */
const pgliteThread = process.env.TEST_PGLITE_THREAD === '1';

/** An empty database: in-memory PGlite, or a new database on the PostgreSQL of `url`. */
export async function emptyDatabase(url: string | undefined) {
  if (!url) return { database: await openDatabase({ thread: pgliteThread }), drop: async () => {} };
  const name = await createPgDatabase(url);
  const database = await openDatabase({ url: withDatabase(url, name) });
  return { database, drop: () => dropPgDatabase(url, name) };
}

/** Migrates a database and seeds it (the demo school or a lone administrator), its files under `filesDir`. */
export async function migrateAndSeed(database: Database, demo: boolean, filesDir: string) {
  await database.migrate();
  await seedIfEmpty({
    db: database.db,
    demo,
    adminPassword: ADMIN_PASSWORD,
    storage: createLocalFileStorage(filesDir),
  });
}

async function buildTemplate(url: string | undefined, dir: string, demo: boolean): Promise<DatabaseTemplate> {
  const files = path.join(dir, demo ? 'demo-files' : 'plain-files');
  fs.mkdirSync(files, { recursive: true });
  let database: Database;
  let name = '';
  if (url) {
    name = await createPgDatabase(url);
    database = await openDatabase({ url: withDatabase(url, name) });
  } else {
    database = await openDatabase({});
  }
  try {
    await migrateAndSeed(database, demo, files);
    if (database.pglite) {
      const dump = path.join(dir, demo ? 'demo.tar' : 'plain.tar');
      const blob = await database.pglite.dumpDataDir('none');
      fs.writeFileSync(dump, Buffer.from(await blob.arrayBuffer()));
      return { source: { kind: 'pglite', dump }, files };
    }
  } finally {
    await database.close();
  }
  return { source: { kind: 'postgres', database: name }, files };
}

export async function buildTemplates(url: string | undefined): Promise<DatabaseTemplates> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-templates-'));
  const plain = await buildTemplate(url, dir, false);
  const demo = await buildTemplate(url, dir, true);
  return { plain, demo, dir };
}

export async function removeTemplates(url: string | undefined, templates: DatabaseTemplates) {
  for (const { source } of [templates.plain, templates.demo]) {
    if (url && source.kind === 'postgres') await dropPgDatabase(url, source.database);
  }
  fs.rmSync(templates.dir, { recursive: true, force: true });
}

/**
 * A copy of the template: its database (new, dropped again by `drop`; on PostgreSQL its `url` too, for a
 * process of its own) and a new file store holding its files.
 */
export async function cloneTemplate(url: string | undefined, template: DatabaseTemplate) {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-files-'));
  fs.cpSync(template.files, filesDir, { recursive: true });
  const { source } = template;
  if (source.kind === 'pglite') {
    const loadDataDir = new Blob([fs.readFileSync(source.dump)]);
    return {
      database: await openDatabase({ loadDataDir, thread: pgliteThread }),
      drop: async () => {},
      filesDir,
    };
  }
  if (!url) throw new Error('a PostgreSQL template without TEST_DATABASE_URL');
  const name = await createPgDatabase(url, source.database);
  const copyUrl = withDatabase(url, name);
  const database = await openDatabase({ url: copyUrl });
  return { database, drop: () => dropPgDatabase(url, name), filesDir, url: copyUrl };
}
