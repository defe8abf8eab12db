import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_DIR } from '../server-dir.ts';
import type { EmbeddedClient } from './embedded-client.ts';
import { refuseNewerDatabase } from './migrations.ts';
import { withNamedStatements } from './pglite-named.ts';
import { openPgliteThread } from './pglite-thread.ts';
import { nameStatement } from './statement-names.ts';

/**
 * Without the schema: relational queries (`db.query.x`) are not used, and with the schema's 110 tables every
 * transaction built a query builder for each (a transaction of one statement 0.54–0.99 → 0.40–0.52 ms).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Driver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: Driver;
  /** The PostgreSQL pool (for pg-boss); none on PGlite. */
  pool?: pg.Pool;
  /** The embedded database itself (for the algorithms' warehouse copy); none on PostgreSQL. */
  pglite?: EmbeddedClient;
  /**
   * Applies the migrations of `folder` (default: this code's) that the database lacks; refuses a database
   * a newer version has migrated further (DatabaseNewerError), before changing anything.
   */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

export interface PoolSettings {
  max: number;
  connectTimeoutMs: number;
}
export const DEFAULT_POOL: PoolSettings = { max: 10, connectTimeoutMs: 5_000 };

export const MIGRATIONS_FOLDER = path.join(SERVER_DIR, 'drizzle');

/**
 * PGlite (embedded, one connection) when no URL is given, else PostgreSQL. `dataDir` undefined
 * means an in-memory PGlite, used by tests.
 */
export async function openDatabase(options: {
  url?: string | undefined;
  dataDir?: string | undefined;
  pool?: PoolSettings | undefined;
  /** An in-memory PGlite started from a saved data directory (`dumpDataDir`), not from an empty one. */
  loadDataDir?: Blob | undefined;
  /**
   * PGlite in a worker thread, so that no statement runs on the server's event loop; default: when
   * file-backed (`npm start`). Tests keep their in-memory database in their own thread unless they ask.
   */
  thread?: boolean | undefined;
  /** The database thread ended while open (see openPgliteThread). */
  onLost?: ((error: Error) => void) | undefined;
}): Promise<Database> {
  if (options.url) {
    const settings = { ...DEFAULT_POOL, ...options.pool };
    const pool = new pg.Pool({
      connectionString: options.url,
      max: settings.max,
      // While the database restarts a connect fails fast instead of queueing requests behind it.
      connectionTimeoutMillis: settings.connectTimeoutMs,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
    // An idle connection that the server drops (a restart terminates them all) emits 'error' on the pool,
    // which would otherwise crash the process; the pool opens a new connection at the next query.
    pool.on('error', (error) => process.stderr.write(`PostgreSQL idle connection error: ${error.message}\n`));
    const db = drizzlePg({ client: pool, casing: 'snake_case' });
    return {
      db,
      driver: 'postgres',
      pool,
      migrate: async (folder = MIGRATIONS_FOLDER) => {
        await refuseNewerDatabase(db, folder);
        await migratePg(db, { migrationsFolder: folder });
      },
      close: () => pool.end(),
    };
  }
  const client = await openPglite(options);
  // Drizzle asks for a PGlite but calls only what EmbeddedClient has (its session and migrator).
  const db = drizzlePglite({ client: client as PGlite, casing: 'snake_case' });
  return {
    db,
    driver: 'pglite',
    pglite: client,
    migrate: async (folder = MIGRATIONS_FOLDER) => {
      await refuseNewerDatabase(db, folder);
      await migratePglite(db, { migrationsFolder: folder });
    },
    close: () => client.close(),
  };
}

async function openPglite(options: {
  dataDir?: string | undefined;
  loadDataDir?: Blob | undefined;
  thread?: boolean | undefined;
  onLost?: ((error: Error) => void) | undefined;
}): Promise<EmbeddedClient> {
  if (options.thread ?? Boolean(options.dataDir)) {
    return openPgliteThread(
      {
        dataDir: options.dataDir,
        loadDataDir: options.loadDataDir
          ? new Uint8Array(await options.loadDataDir.arrayBuffer())
          : undefined,
      },
      options.onLost,
    );
  }
  const client = options.dataDir
    ? new PGlite(options.dataDir)
    : new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  await client.waitReady;
  return withNamedStatements(client);
}

/** How many migrations are applied, and the newest one's creation stamp. */
export async function migrationLevel(db: Db): Promise<{ applied: number; latest: number | null }> {
  const [row] = await queryRows<{ applied: string | number; latest: string | number | null }>(
    db,
    sql`select count(*) as applied, max(created_at) as latest from drizzle.__drizzle_migrations`,
  );
  return { applied: Number(row?.applied ?? 0), latest: row?.latest == null ? null : Number(row.latest) };
}

/** Raw SQL rows; both drivers answer `execute` with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

// The database's own casing (drizzle's `casing`), so that a table's columns in a fragment are named as `db.execute` names them.
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * `queryRows` for the few statements run on nearly every request (the session lookup, the large lists):
 * as a named statement the database parses it once per connection and, after a few runs, reuses a
 * generic plan, where an unnamed one is parsed and planned every time (planning cost more than running
 * these). The name follows the text, so two filter combinations never share a name. Only for texts from
 * a small set (statement-names.ts): each stays prepared on every pooled connection. On PGlite the
 * database's thread prepares the texts named here (pglite-named.ts), and so does PGlite in the server's
 * own thread (the tests).
 */
export async function queryNamedRows<T>(db: Db, label: string, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = nameStatement(label, built.sql, built.params.length);
  const prepared = db._.session.prepareQuery(built, undefined, name, false);
  const result = (await prepared.execute()) as { rows: T[] };
  return result.rows;
}

/** A query as PostgreSQL text and parameters, to run it through a raw driver (the benchmarks' floors). */
export function toRawQuery(query: SQL): { text: string; values: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, values: params };
}
