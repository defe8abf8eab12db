// The app's ambient module declarations live outside this package's `include`.
/// <reference path="../../../apps/server/src/modules/attachments/archiver.d.ts" />
/**
 * The server of the forms benchmarks, run in its own process: the real app (`buildApp`, as `npm start`
 * wires it, serving the built web app too) on the benchmark's PostgreSQL database, plus one floor route
 * registered here, not in the app: `POST /bench/floor/commit/:id` is a bare commit — lock one row of
 * `bench_floor_fills` (a copy of the task's fill tasks the runner makes), move it to 待审核 with
 * `revision + 1`, commit — through the raw `pg` driver with a pool as large as the app's. No session,
 * no CSRF, no permission check, no records, no unique claims.
 */
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { createLocalFileStorage } from '../../../apps/server/src/platform/file-storage.ts';

const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
const database = await openDatabase({ url: config.databaseUrl, pool: config.databasePool });
const { app } = await buildApp({
  config,
  database,
  storage: createLocalFileStorage(path.join(config.dataDir, 'files')),
  logger: false,
});

const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.databasePool.max });

app.post('/bench/floor/commit/:id', async (request, reply) => {
  const { id } = request.params as { id: string };
  const client = await pool.connect();
  try {
    await client.query('begin');
    const locked = await client.query('select state from bench_floor_fills where id = $1 for update', [id]);
    const moved = await client.query(
      `update bench_floor_fills set state = 'unaudited', revision = revision + 1, committed_at = now()
       where id = $1 and state = $2`,
      [id, locked.rows[0]?.state],
    );
    await client.query('commit');
    if (moved.rowCount !== 1) return reply.code(422).send({ moved: 0 });
    return { moved: 1 };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
});

async function shutdown() {
  await app.close();
  await pool.end();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

await app.listen({ port: config.port, host: '127.0.0.1' });
process.stdout.write('ready\n');
