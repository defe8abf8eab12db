// The app's ambient module declarations live outside this package's `include`.
/// <reference path="../../../apps/server/src/modules/attachments/archiver.d.ts" />
/**
 * The server of the diagnosis benchmark, run in its own process: the real app (`buildApp`, as `npm start`
 * wires it) on the benchmark's PostgreSQL database, plus one floor route registered here, not in the
 * app: `GET /bench/floor/points?dxrwid=…&userId=…` runs the point list's queries (the five of
 * `loadRows`, `rowQueries` of diagnosis-rows.repo.ts: the same SQL text, in parallel as there) through the
 * raw `pg` driver and answers the rows as they come — no session, no permission check, no assembly,
 * no wire mapping.
 */
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../../apps/server/src/app.ts';
import { loadConfig } from '../../../apps/server/src/config.ts';
import { openDatabase, toRawQuery } from '../../../apps/server/src/db/client.ts';
import { ofObjectTask, rowQueries } from '../../../apps/server/src/modules/diagnosis/diagnosis-rows.repo.ts';
import { createLocalFileStorage } from '../../../apps/server/src/platform/file-storage.ts';

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

/** One of the app's queries, compiled to the same text and parameters, through the raw driver. */
const run = (query: SQL) => {
  const { text, values } = toRawQuery(query);
  return pool.query(text, values);
};

app.get('/bench/floor/points', async (request) => {
  const { dxrwid, userId } = request.query as { dxrwid: string; userId: string };
  const rows = (await run(rowQueries.rows(userId, ofObjectTask(dxrwid)))).rows as Array<{
    id: string;
    categoryId: string;
    objectTaskId: string;
  }>;
  if (rows.length === 0) return { rows };
  const pointIds = rows.map((r) => r.id);
  const [indicators, sharers, warnings, files] = await Promise.all([
    run(rowQueries.indicators([...new Set(rows.map((r) => r.categoryId))])),
    run(rowQueries.sharers([...new Set(rows.map((r) => r.objectTaskId))])),
    run(rowQueries.warnings(pointIds)),
    run(rowQueries.files(pointIds)),
  ]);
  return {
    rows,
    indicators: indicators.rows,
    sharers: sharers.rows,
    warnings: warnings.rows,
    files: files.rows,
  };
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
