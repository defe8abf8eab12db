/**
 * The load benchmark's database, on either engine: a scratch PostgreSQL database, or a PGlite data
 * directory laid out as `npm start` lays it (`<DATA_DIR>/pglite`, `<DATA_DIR>/files`), each migrated and
 * seeded with the demo school before the server starts, and read with plain SQL only while the server is
 * stopped (PGlite has one connection, the server's) to find the goal nodes and to count what was written.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { createLocalFileStorage } from '../../../apps/server/src/platform/file-storage.ts';
import { seedIfEmpty } from '../../../apps/server/src/seed/seed.ts';
import { createScratchDatabase } from '../harness.ts';

export type Engine = 'postgres' | 'pglite';

export interface Sql {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface Store {
  engine: Engine;
  /** The scratch database's name or the data directory. */
  name: string;
  /** PostgreSQL: the database's URL; PGlite: none (the server opens `dataDir`). */
  url?: string;
  dataDir: string;
  open(): Promise<Sql>;
  drop(): Promise<void>;
}

export async function prepareStore(engine: Engine): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-bench-load-'));
  const scratch = engine === 'postgres' ? await createScratchDatabase('eduqa_bench_load') : null;
  const database = await openDatabase(
    scratch ? { url: scratch.url } : { dataDir: path.join(dataDir, 'pglite') },
  );
  try {
    await database.migrate();
    await seedIfEmpty({
      db: database.db,
      demo: true,
      storage: createLocalFileStorage(path.join(dataDir, 'files')),
    });
  } finally {
    await database.close();
  }
  return {
    engine,
    name: scratch?.name ?? dataDir,
    ...(scratch ? { url: scratch.url } : {}),
    dataDir,
    open: () => (scratch ? openPostgres(scratch.url) : openPglite(dataDir)),
    async drop() {
      await scratch?.drop();
      if (process.env.BENCH_KEEP_DB === '1') process.stdout.write(`(kept data directory ${dataDir})\n`);
      else fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openPostgres(url: string): Promise<Sql> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    close: () => client.end(),
  };
}

async function openPglite(dataDir: string): Promise<Sql> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const client = database.pglite;
  if (!client) throw new Error('no PGlite client');
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    close: () => database.close(),
  };
}

/** A goal node whose principal can report progress now or after its open report is audited. */
export interface GoalNode {
  id: string;
  principal: string;
  creator: string;
  /** An open report (审核中) waiting for the task's creator, or null when the node takes a new one. */
  openReportId: string | null;
  /** The open report is a final one: passing it finishes the node, which then leaves the cycle. */
  openReportFinal: boolean;
  done: boolean;
}

export async function executingNodes(sql: Sql): Promise<GoalNode[]> {
  const rows = await sql.query<{
    id: string;
    principal: string;
    creator: string;
    open_report: string | null;
    open_type: string | null;
  }>(
    `select n.id, p.account as principal, c.account as creator, r.id as open_report, r.type as open_type
       from goal_nodes n join goal_tasks t on t.id = n.task_id
       join users p on p.id = n.principal_user_id join users c on c.id = t.creator_user_id
       left join lateral (select id, type from goal_progress where node_id = n.id
              and audit_state in ('reviewing', 'childPass') order by reported_at desc limit 1) r on true
      where n.state in ('executeing', 'delayNotDone') order by n.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    principal: r.principal,
    creator: r.creator,
    openReportId: r.open_report,
    openReportFinal: r.open_type === 'final',
    done: false,
  }));
}

export interface Written {
  /** Progress reports the benchmark made (their content carries its mark). */
  reports: number;
  /** Reports audited since the benchmark began. */
  audits: number;
  /** The sum of the benchmark form's record revisions: one per saved draft. */
  draftRevisions: number;
  /** Of the points the benchmark saved a result to, those updated since it began. */
  pointsUpdated: number;
}

export const REPORT_MARK = '（压测）';

export async function databaseNow(sql: Sql): Promise<string> {
  const [row] = await sql.query<{ now: string }>(`select now()::text as now`);
  return row?.now ?? '';
}

export async function countWritten(
  sql: Sql,
  since: string,
  bench: { formId: string; pointIds: string[] },
): Promise<Written> {
  const [row] = await sql.query<Written>(
    `select (select count(*) from goal_progress where content like '%' || $4 || '%')::int as reports,
            (select count(*) from goal_progress where audited_at >= $1::timestamptz)::int as audits,
            (select coalesce(sum(revision), 0) from form_records where form_id = $2)::int as "draftRevisions",
            (select count(*) from assigned_points where id = any($3::text[])
               and updated_at >= $1::timestamptz)::int as "pointsUpdated"`,
    [since, bench.formId, bench.pointIds, REPORT_MARK],
  );
  if (!row) throw new Error('no counts');
  return row;
}
