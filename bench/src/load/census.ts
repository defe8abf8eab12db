/**
 * With BENCH_CENSUS=1 on PostgreSQL, before the timed phase: how many statements each page and write
 * costs the database, and their time there. One user of each kind opens each of its pages alone,
 * with `pg_stat_statements` counted from zero for the benchmark's database around it (the job queue's
 * own polling left out), per run once warm. Under load every statement is a round trip that waits for a
 * pooled connection, so the count is what a page costs more than the time of any one statement.
 * Needs `shared_preload_libraries = pg_stat_statements` on the server; says so and skips when it is not.
 */
import { log, type Persona } from './config.ts';
import type { Store } from './database.ts';
import { Recorder } from './transport.ts';
import type { Context, Page } from './users.ts';
import { pagesOf, writesOf } from './users.ts';

interface Cost {
  statements: number;
  ms: number;
  calls: string;
}

/**
 * Each step runs WARM_UP times uncounted, then REPEAT times counted, and the figures are per run: a
 * named statement is planned anew for its first five runs on each of the ten pooled connections, and
 * what matters under load is the steady state after.
 */
const WARM_UP = 60;
const REPEAT = 20;

const COUNT = `select coalesce(sum(calls), 0)::int as statements, coalesce(sum(total_exec_time + total_plan_time), 0)::float8 as ms
  from pg_stat_statements s join pg_database d on d.oid = s.dbid
 where d.datname = current_database() and s.query not like '%pgboss%' and s.query not like '%pg_stat_statements%'`;

export async function census(store: Store, contexts: Map<Persona, Context>) {
  const sql = await store.open();
  try {
    try {
      await sql.query('create extension if not exists pg_stat_statements');
      await sql.query(COUNT);
    } catch (error) {
      log(`census skipped: pg_stat_statements is not loaded (${(error as Error).message})`);
      return;
    }
    const reset = () =>
      sql.query(
        'select pg_stat_statements_reset(0, (select oid from pg_database where datname = current_database()), 0)',
      );
    const costOf = async (ctx: Context, step: Page): Promise<Cost> => {
      const recorder = new Recorder();
      recorder.recording = true;
      for (let i = 0; i < WARM_UP; i++) await step({ ...ctx, recorder: new Recorder() });
      await reset();
      for (let i = 0; i < REPEAT; i++) await step({ ...ctx, recorder });
      const [row] = await sql.query<Omit<Cost, 'calls'>>(COUNT);
      const calls = [...recorder.kinds].map(([label, kind]) => (kind.errors ? `${label} (error)` : label));
      return {
        statements: (row?.statements ?? 0) / REPEAT,
        ms: (row?.ms ?? 0) / REPEAT,
        calls: calls.join(' + '),
      };
    };
    log(
      '\n| user | page or write (calls of the page) | statements | planning + running in the database, ms |',
    );
    log('|---|---|---:|---:|');
    for (const [persona, ctx] of contexts) {
      const steps: Array<[string, Page]> = [
        ...pagesOf(ctx.objects, ctx.user).map((page) => ['page', page] as [string, Page]),
        ...writesOf(ctx).map(([kind, write]) => [`write ${kind}`, write] as [string, Page]),
      ];
      for (const [label, step] of steps) {
        const cost = await costOf(ctx, step);
        log(
          `| ${persona} | ${label}: ${cost.calls} | ${cost.statements.toFixed(1)} | ${cost.ms.toFixed(1)} |`,
        );
      }
    }
  } finally {
    await sql.close();
  }
}
