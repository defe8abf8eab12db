// The app's ambient module declarations live outside this package's `include`.
/// <reference path="../../apps/server/src/modules/attachments/archiver.d.ts" />
/**
 * What every benchmark server process shares: the real app (`buildApp`, as `npm start` wires it) on the
 * benchmark's PostgreSQL database and a raw `pg` pool for the floor routes the benchmark registers beside
 * it; `listen()` starts serving, says `ready` to the runner and closes all three on SIGTERM or SIGINT.
 */
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createLocalFileStorage } from '../../apps/server/src/platform/file-storage.ts';

/** `sameAsApp`: the app's own pool settings for both, so the floor has no more connections than the app. */
export async function openFloorServer(options: { sameAsApp?: boolean } = {}) {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
  const database = await openDatabase({
    url: config.databaseUrl,
    ...(options.sameAsApp ? { pool: config.databasePool } : {}),
  });
  const { app } = await buildApp({
    config,
    database,
    storage: createLocalFileStorage(path.join(config.dataDir, 'files')),
    logger: false,
  });
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    max: options.sameAsApp ? config.databasePool.max : 10,
  });

  async function listen() {
    const shutdown = async () => {
      await app.close();
      await pool.end();
      await database.close();
      process.exit(0);
    };
    process.on('SIGTERM', () => void shutdown());
    process.on('SIGINT', () => void shutdown());
    await app.listen({ port: config.port, host: '127.0.0.1' });
    process.stdout.write('ready\n');
  }
  return { app, pool, listen };
}
