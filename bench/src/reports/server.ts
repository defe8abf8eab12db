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

/**
 * The statements a repo function runs, in order (the report's reads turn JIT off in their transaction first),
 * taken from a stand-in database that records them instead.
 */
async function statementsOf(work: (db: Db) => Promise<unknown>) {
  const statements: SQL[] = [];
  const recorder = {
    execute: async (query: SQL) => {
      statements.push(query);
      return { rows: [] };
    },
    transaction: (inner: (tx: Db) => Promise<unknown>) => inner(recorder),
  } as unknown as Db;
  await work(recorder);
  if (statements.length === 0) throw new Error('the repo ran no statement');
  return statements.map(toRawQuery);
}

app.get('/bench/floor/facts', async (request) => {
  const { rwid, query } = request.query as { rwid: string; query?: string };
  const key = { taskId: rwid, scope: 'task' as const, objectTaskId: null, departmentId: null };
  const statements = await statementsOf((db) => {
    const repo = createQualityReportsRepo(db);
    return query === 'improvements' ? repo.improvements(key) : repo.pointFacts(key);
  });
  // The same transaction as the app's: its settings, then the read whose rows are answered.
  const client = await pool.connect();
  try {
    await client.query('begin');
    let rows: unknown[] = [];
    for (const { text, values } of statements) rows = (await client.query(text, values)).rows;
    await client.query('commit');
    return { rows };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
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
