/**
 * The server of the reports benchmark, in its own process: the real app (`buildApp`, as `npm start` wires
 * it) on the benchmark's PostgreSQL database, plus routes registered here, not in the app:
 *   GET /bench/floor/facts?rwid=…&query=facts|improvements  the report repo's own statement (`pointFacts`
 *       or `improvements` of a task-scope report), compiled to the same text and parameters, through the
 *       raw `pg` driver, answering the rows — no session, no permission check, no overview, no wire mapping;
 *   GET /bench/memory[?reset=1]  this process's resident memory from /proc/self/status: VmRSS now and
 *       VmHWM, its peak since the last reset (`reset=1` writes 5 to /proc/self/clear_refs, which sets the
 *       peak back to the current RSS, after a full garbage collection when the server runs with
 *       `--expose-gc`), so the runner reads the peak of one Word generation exactly; and
 *       V8's used heap and external memory (buffers) from `process.memoryUsage()`.
 */
import fs from 'node:fs';
import type { SQL } from 'drizzle-orm';
import { type Db, toRawQuery } from '../../../apps/server/src/db/client.ts';
import { createQualityReportsRepo } from '../../../apps/server/src/modules/reports/reports.repo.ts';
import { openFloorServer } from '../floor-server.ts';

const { app, pool, listen } = await openFloorServer();

/** The statement a repo function runs, taken from a stand-in database that records it instead. */
async function statementOf(work: (db: Db) => Promise<unknown>) {
  let statement: SQL | undefined;
  const recorder = {
    execute: async (query: SQL) => {
      statement = query;
      return { rows: [] };
    },
  } as unknown as Db;
  await work(recorder);
  if (!statement) throw new Error('the repo ran no statement');
  return toRawQuery(statement);
}

app.get('/bench/floor/facts', async (request) => {
  const { rwid, query } = request.query as { rwid: string; query?: string };
  const key = { taskId: rwid, scope: 'task' as const, objectTaskId: null, departmentId: null };
  const { text, values } = await statementOf((db) => {
    const repo = createQualityReportsRepo(db);
    return query === 'improvements' ? repo.improvements(key) : repo.pointFacts(key);
  });
  return { rows: (await pool.query(text, values)).rows };
});

const kb = (status: string, field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]);

app.get('/bench/memory', async (request) => {
  if ((request.query as { reset?: string }).reset === '1') {
    // Under BENCH_SERVER_NODE_ARGS=--expose-gc, the garbage of earlier work is collected first.
    (globalThis as { gc?: () => void }).gc?.();
    fs.writeFileSync('/proc/self/clear_refs', '5');
  }
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  const { heapUsed, external } = process.memoryUsage();
  return {
    rssKb: kb(status, 'VmRSS'),
    peakKb: kb(status, 'VmHWM'),
    heapKb: Math.round(heapUsed / 1024),
    externalKb: Math.round(external / 1024),
  };
});

await listen();
