import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { recompute } from '../../../apps/server/src/modules/diagnosis/recompute.ts';
import { seedIfEmpty } from '../../../apps/server/src/seed/seed.ts';
import {
  CONNECTIONS,
  DURATION,
  measure,
  signIn,
  startBenchServer,
  withClient,
  withScratchDatabase,
} from '../harness.ts';
import { generate, NOW } from './generate.ts';
import { CHECKSUM, type Checksum, RESET, SET_BASED_RECOMPUTE } from './set-based.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);

const log = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

async function main() {
  await withScratchDatabase('eduqa_bench_diag', async (url, name) => {
    log(`== diagnosis benchmark on PostgreSQL, database ${name}, scale ${SCALE}`);
    await run(url);
  });
}

async function run(url: string) {
  const database = await openDatabase({ url });
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  // PostgreSQL's JIT spends seconds compiling the large set-based statement (measured: 8 of 11 s at
  // 23,000 points) and gains nothing here; the floor is the best the database can do, so it runs without.
  await raw.query('set jit = off');
  try {
    await database.migrate();
    await seedIfEmpty({ db: database.db, demo: true });

    // 1. the college
    log('generating…');
    const gen = await timed(() => generate(raw, { scale: SCALE, log }));
    log(
      `generated ${gen.value.objectTasks.toLocaleString()} object tasks, ${gen.value.assignedPoints.toLocaleString()} assigned points, ` +
        `${gen.value.samples.toLocaleString()} samples in ${seconds(gen.ms)}`,
    );

    // 2. recompute: the app's code path, then the set-based statement, each from the same cleared state
    const checksum = async () => (await raw.query(CHECKSUM)).rows[0] as Checksum;
    const reset = async () => {
      for (const statement of RESET) await raw.query(statement);
      await raw.query('vacuum analyze assigned_points');
      await raw.query('vacuum analyze point_warnings');
    };

    await reset();
    const app = await timed(() => recompute(database.db, { now: NOW }));
    const appSum = await checksum();
    const appAgain = await timed(() => recompute(database.db, { now: NOW }));
    const appAgainSum = await checksum();
    await raw.query('drop table if exists bench_app_points, bench_app_warnings');
    await raw.query(`create table bench_app_points as
      select id, result, grade, previous_result, previous_grade, below, unfinished from assigned_points`);
    await raw.query(`create table bench_app_warnings as
      select assigned_point_id, cycle_key, warned_at, warning_value, monitored_value from point_warnings`);

    await reset();
    const setBased = await timed(
      async () =>
        (await raw.query(SET_BASED_RECOMPUTE, [NOW.toISOString()])).rows[0] as {
          points: number;
          updated: number;
          warnings_raised: number;
        },
    );
    const sqlSum = await checksum();
    const sqlAgain = await timed(
      async () =>
        (await raw.query(SET_BASED_RECOMPUTE, [NOW.toISOString()])).rows[0] as {
          updated: number;
          warnings_raised: number;
        },
    );

    const same = JSON.stringify(appSum) === JSON.stringify(sqlSum);
    log('');
    log(`recompute of ${appSum.points.toLocaleString()} assigned points (now = ${NOW.toISOString()})`);
    log(
      `  graded ${appSum.graded.toLocaleString()}, below standard ${appSum.below.toLocaleString()}, ` +
        `unfinished ${appSum.unfinished.toLocaleString()}, with a previous grade ${appSum.with_previous.toLocaleString()}, ` +
        `warnings ${appSum.warnings.toLocaleString()}`,
    );
    const rows: Array<[string, number, string]> = [
      [
        'app: recompute(db)',
        app.ms,
        `${app.value.points.toLocaleString()} points, ${app.value.warningsRaised.toLocaleString()} warnings raised`,
      ],
      [
        'app: recompute(db) again (nothing to change)',
        appAgain.ms,
        `${appAgain.value.warningsRaised} warnings raised, checksum ${JSON.stringify(appAgainSum) === JSON.stringify(appSum) ? 'unchanged' : 'CHANGED'}`,
      ],
      [
        'floor: one set-based SQL statement',
        setBased.ms,
        `${setBased.value.updated.toLocaleString()} rows updated, ${setBased.value.warnings_raised.toLocaleString()} warnings raised`,
      ],
      [
        'floor: the same statement again',
        sqlAgain.ms,
        `${sqlAgain.value.updated} rows updated, ${sqlAgain.value.warnings_raised} warnings raised`,
      ],
    ];
    for (const [label, ms, note] of rows) log(`  ${label.padEnd(46)}${seconds(ms).padStart(10)}   ${note}`);
    log(`  ratio app / set-based SQL: ${(app.ms / setBased.ms).toFixed(2)}×`);
    log(
      `  same results: ${same ? 'yes' : 'NO'} (points md5 ${appSum.points_md5}, warnings md5 ${appSum.warnings_md5})`,
    );
    if (!same) {
      log(`  app ${JSON.stringify(appSum)}`);
      log(`  sql ${JSON.stringify(sqlSum)}`);
      const diff = await raw.query(`
        select a.id, a.result, a.grade, a.previous_result, a.previous_grade, a.below, a.unfinished,
               b.result as s_result, b.grade as s_grade, b.previous_result as s_previous_result,
               b.previous_grade as s_previous_grade, b.below as s_below, b.unfinished as s_unfinished
        from bench_app_points a join assigned_points b on b.id = a.id
        where (a.result, a.grade, a.previous_result, a.previous_grade, a.below, a.unfinished)
          is distinct from (b.result, b.grade, b.previous_result, b.previous_grade, b.below, b.unfinished)
        limit 5`);
      for (const row of diff.rows) log(`  differs: ${JSON.stringify(row)}`);
      const wdiff = await raw.query(`
        (select 'app only' as side, a.* from bench_app_warnings a
         except select 'app only', assigned_point_id, cycle_key, warned_at, warning_value, monitored_value from point_warnings
         limit 5)
        union all
        (select 'sql only', w.assigned_point_id, w.cycle_key, w.warned_at, w.warning_value, w.monitored_value from point_warnings w
         except select 'sql only', a.* from bench_app_warnings a
         limit 5)`);
      for (const row of wdiff.rows) log(`  warning differs: ${JSON.stringify(row)}`);
      process.exitCode = 1;
    }
    await raw.query('drop table if exists bench_app_points, bench_app_warnings');
    await raw.query('vacuum analyze');

    // 3. the point list over HTTP
    await httpBenchmark(url, gen.value.listObjectTaskId, gen.value.charger);
  } finally {
    await raw.end();
    await database.close();
  }
}

async function httpBenchmark(url: string, objectTaskId: string, account: string) {
  const server = await startBenchServer(path.join(import.meta.dirname, 'server.ts'), url);
  try {
    const cookie = await signIn(server.baseUrl, account);
    const userId = await withClient(
      url,
      async (c) =>
        ((await c.query('select id from users where account = $1', [account])).rows[0] as { id: string }).id,
    );
    const appPath = `/api/herm-zdgj/quality/select?dxrwid=${encodeURIComponent(objectTaskId)}`;
    const floorPath = `/bench/floor/points?dxrwid=${encodeURIComponent(objectTaskId)}&userId=${encodeURIComponent(userId)}`;

    // The two answer the same rows.
    const appBody = (await (await fetch(`${server.baseUrl}${appPath}`, { headers: { cookie } })).json()) as {
      data: unknown[] | null;
      meta?: { message?: string };
    };
    const floorBody = (await (await fetch(`${server.baseUrl}${floorPath}`)).json()) as { rows: unknown[] };
    const appRows = Array.isArray(appBody.data) ? appBody.data.length : -1;
    if (appRows < 0)
      throw new Error(`the point list failed: ${appBody.meta?.message ?? JSON.stringify(appBody)}`);
    const bytes = async (p: string, headers: Record<string, string> = {}) =>
      (await (await fetch(`${server.baseUrl}${p}`, { headers })).arrayBuffer()).byteLength;

    const rows = [
      await measure(`floor: raw pg, same queries (${floorBody.rows.length} rows)`, {
        url: `${server.baseUrl}${floorPath}`,
      }),
      await measure(`GET /api/herm-zdgj/quality/select (${appRows} rows)`, {
        url: `${server.baseUrl}${appPath}`,
        headers: { cookie },
      }),
    ];
    log('');
    log(`point list of one object task, ${CONNECTIONS} connections, ${DURATION} s each`);
    log(
      `  answer size: app ${(await bytes(appPath, { cookie })).toLocaleString()} bytes, floor ${(await bytes(floorPath)).toLocaleString()} bytes`,
    );
    log(
      `  ${'scenario'.padEnd(52)}${'req/s'.padStart(9)}${'p99 ms'.padStart(8)}${'vs floor'.padStart(10)}${'errors'.padStart(8)}`,
    );
    const floor = rows[0]!.rps;
    for (const row of rows) {
      log(
        `  ${row.name.padEnd(52)}${row.rps.toFixed(0).padStart(9)}${String(row.p99).padStart(8)}${`${((row.rps / floor) * 100).toFixed(1)}%`.padStart(10)}${String(row.errors).padStart(8)}`,
      );
    }
  } finally {
    await server.stop();
  }
}

await main();
