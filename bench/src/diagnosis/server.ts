/**
 * The server of the diagnosis benchmark, run in its own process: the real app (`buildApp`, as `npm start`
 * wires it) on the benchmark's PostgreSQL database, plus one floor route registered here, not in the
 * app: `GET /bench/floor/points?dxrwid=…&userId=…` runs the point list's queries (the five of
 * `loadRows`, `rowQueries` of diagnosis-rows.repo.ts: the same SQL text, in parallel as there) through the
 * raw `pg` driver and answers the rows as they come — no session, no permission check, no assembly,
 * no wire mapping.
 */

import type { SQL } from 'drizzle-orm';
import { toRawQuery } from '../../../apps/server/src/db/client.ts';
import { ofObjectTask, rowQueries } from '../../../apps/server/src/modules/diagnosis/diagnosis-rows.repo.ts';
import { openFloorServer } from '../floor-server.ts';

const { app, pool, listen } = await openFloorServer();

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

await listen();
