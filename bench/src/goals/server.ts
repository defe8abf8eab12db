// The app's ambient module declarations live outside this package's `include`.
/// <reference path="../../../apps/server/src/modules/attachments/archiver.d.ts" />
/**
 * The server of the goals benchmark, in its own process: the real app (`buildApp`, as `npm start` wires
 * it) on the benchmark's PostgreSQL database, plus two floor routes registered here, not in the app,
 * each running hand-written SQL for the same answer through the raw `pg` driver — no session, no
 * permission check, no assembly, no wire mapping:
 *   GET /bench/floor/tasks?userId=…      the first page (10) of the tasks of the departments the user heads, with the total
 *   GET /bench/floor/warnings[?departmentId=…]  the process / overdue warning counts per task
 */
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { createLocalFileStorage } from '../../../apps/server/src/platform/file-storage.ts';
import { FLOOR_TASK_PAGE, FLOOR_TASK_TOTAL, FLOOR_WARNINGS } from './floor-sql.ts';

const config = loadConfig();
if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
const database = await openDatabase({ url: config.databaseUrl });
const { app } = await buildApp({
  config,
  database,
  storage: createLocalFileStorage(path.join(config.dataDir, 'files')),
  logger: false,
});

const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });

app.get('/bench/floor/tasks', async (request) => {
  const { userId } = request.query as { userId: string };
  const [page, total] = await Promise.all([
    pool.query(FLOOR_TASK_PAGE, [userId]),
    pool.query(FLOOR_TASK_TOTAL, [userId]),
  ]);
  return { rows: page.rows, total: Number(total.rows[0].n) };
});

app.get('/bench/floor/warnings', async (request) => {
  const { departmentId, today } = request.query as { departmentId?: string; today: string };
  return { rows: (await pool.query(FLOOR_WARNINGS, [departmentId ?? null, today])).rows };
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
