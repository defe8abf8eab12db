/**
 * The computed-results benchmark (issue 12, `npm run bench:collection`): collecting one level's diagnosis task of the generated college of
 * `bench:diagnosis` through the real HTTP API — stage every value through the algorithms module's
 * guarded, read-only runner and the data-quality gate, then accept (samples with lineage, recompute) —
 * against running the same algorithms' SQL directly with the raw `pg` client, as a ratio; and checks
 * that both give the same values. `BENCH_SCALE` sizes the college (default 0.1), `BENCH_LEVEL` picks
 * the level (major, course or teacher; default teacher).
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import {
  algorithmEndpoints as A,
  computedEndpoints as C,
  computedFutureTasks,
  datasourceEndpoints as DS,
  algorithmFolderEndpoints as F,
  algorithmGroupEndpoints as G,
} from '@eduqa/contract';
import pg from 'pg';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { seedIfEmpty } from '../../../apps/server/src/seed/seed.ts';
import { generate, YEAR } from '../diagnosis/generate.ts';
import { loadAverage, startBenchServer, withScratchDatabase } from '../harness.ts';
import { type ApiSession, openSession } from './api.ts';
import { type AlgorithmPoint, algorithmPoints, algorithmSql, type BenchLevel, createFacts } from './facts.ts';
import { keyOf, runDirect, runEnveloped, runGuards, runSetBased, targetsOf, type Values } from './floor.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 0.1);
const LEVEL = (process.env.BENCH_LEVEL ?? 'teacher') as BenchLevel;
const POLL_MS = 100;

const log = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

async function main() {
  if (!['major', 'course', 'teacher'].includes(LEVEL))
    throw new Error('BENCH_LEVEL: major, course or teacher');
  await withScratchDatabase('eduqa_bench_coll', async (url, name) => {
    log(`== collection benchmark on PostgreSQL, database ${name}, scale ${SCALE}, level ${LEVEL}`);
    log(`   ${os.cpus().length} CPUs, load average ${loadAverage()} at start`);
    await run(url);
  });
}

async function run(url: string) {
  const database = await openDatabase({ url });
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  try {
    await database.migrate();
    await seedIfEmpty({ db: database.db, demo: true });
    log('generating the college…');
    const gen = await timed(() => generate(raw, { scale: SCALE, log }));
    log(`generated ${gen.value.assignedPoints.toLocaleString()} assigned points in ${seconds(gen.ms)}`);
    const facts = await timed(() => createFacts(raw, LEVEL));
    const points = await algorithmPoints(raw, LEVEL);
    const taskId = `bench-task-${LEVEL}-${YEAR}`;
    const { targets, cycles } = await targetsOf(raw, taskId);
    log(
      `dw.bench_facts: ${facts.value.rows.toLocaleString()} rows in ${seconds(facts.ms)}; ` +
        `readable by eduqa_algorithm: ${facts.value.readable ? 'yes' : 'NO'}`,
    );
    log(
      `task ${taskId}: ${new Set(targets.map((t) => t.objectCode)).size.toLocaleString()} objects × ` +
        `${points.length} algorithm points × ${cycles.length} monthly cycles (${cycles[0]?.start} … ${cycles.at(-1)?.end}) ` +
        `= ${(targets.length * cycles.length).toLocaleString()} values`,
    );
    await raw.query('vacuum analyze');

    const server = await startBenchServer(path.join(import.meta.dirname, '../diagnosis/server.ts'), url);
    let app: AppFigures;
    try {
      const admin = await openSession(server.baseUrl, 'admin');
      await configure(admin, points);
      log(
        `configured through the API: 1 data source, 1 folder, ${points.length} groups, versions and bindings`,
      );
      app = await collect(admin, taskId);
    } finally {
      await server.stop();
    }

    const direct = await timed(() => runDirect(raw, targets, cycles));
    const prepared = await timed(() => runDirect(raw, targets, cycles, true));
    const setBased = await timed(() => runSetBased(raw, taskId, cycles));
    const enveloped = await timed(() => runEnveloped(raw, targets, cycles));
    const guards = await timed(() => runGuards(targets, cycles));
    const staged = await stagedValues(raw, app.runId);
    report({ app, direct: { ms: direct.ms, values: direct.value }, prepared, setBased, staged });
    log('  what the runner pays once per run, not per statement (the same statements again):');
    log(`    raw pg, each in its own read-only transaction envelope   ${seconds(enveloped.ms).padStart(12)}`);
    log(`    the SQL guard (parser) alone, once per statement         ${seconds(guards.ms).padStart(12)}`);
    log(`  load average at the end: ${loadAverage()}`);
  } finally {
    await raw.end();
    await database.close();
  }
}

/** A built-in source, a folder, and per point: a group, version 1 published and made current, the binding. */
async function configure(admin: ApiSession, points: AlgorithmPoint[]) {
  const source = await admin.call(DS.insert, { body: { name: '规模测试内置库', type: 'builtin' } });
  const folder = await admin.call(F.insert, { body: { name: '规模测试算法' } });
  for (const point of points) {
    const fields = {
      name: `${point.name}算法`,
      folderId: folder.id,
      dataSourceId: source.id,
      pointIds: [point.id],
    };
    const group = await admin.call(G.insert, { body: fields });
    const version = await admin.call(A.insert, {
      body: { groupId: group.id, type: 'result', sql: algorithmSql(point) },
    });
    await admin.call(A.publish, { params: { id: version.id } });
    await admin.call(G.update, { body: { ...fields, id: group.id, currentResultVersion: version.version } });
    await admin.call(C.saveBinding, { body: { zkdid: point.id, resultGroupId: group.id } });
  }
}

interface AppFigures {
  runId: string;
  stageMs: number;
  serverStageMs: number;
  acceptMs: number;
  valueCount: number;
  flaggedCount: number;
  appliedCount: number;
}

/** POST run, poll the job to the gate, then accept: each timed from the client. */
async function collect(admin: ApiSession, taskId: string): Promise<AppFigures> {
  const started = performance.now();
  const start = await admin.call(C.run, { body: { rwid: taskId } });
  for (;;) {
    const job = await admin.call(computedFutureTasks.result, { query: { taskId: start.taskId } });
    if (job.state === 'failed') throw new Error(`collection failed: ${job.message}`);
    if (job.state === 'finished') break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const stageMs = performance.now() - started;
  const atGate = await admin.call(C.runDetail, { query: { runId: start.runId } });
  if (atGate.state !== 'gate')
    throw new Error(`the run is ${atGate.state}, not at the gate: ${atGate.message}`);
  const accepted = await timed(() => admin.call(C.accept, { body: { runId: start.runId } }));
  return {
    runId: start.runId,
    stageMs,
    serverStageMs: Date.parse(atGate.endTime ?? '') - Date.parse(atGate.startTime),
    acceptMs: accepted.ms,
    valueCount: atGate.valueCount,
    flaggedCount: atGate.flaggedCount,
    appliedCount: accepted.value.appliedCount,
  };
}

async function stagedValues(client: pg.ClientBase, runId: string): Promise<Values> {
  const rows = await client.query(
    'select assigned_point_id, cycle_key, value, input_rows from collection_run_values where run_id = $1',
    [runId],
  );
  const values: Values = new Map();
  for (const r of rows.rows as Array<{
    assigned_point_id: string;
    cycle_key: string;
    value: string | null;
    input_rows: number;
  }>)
    values.set(keyOf(r.assigned_point_id, r.cycle_key), { value: r.value, inputRows: Number(r.input_rows) });
  return values;
}

/** md5 of the sorted `key|value|input rows` lines. */
function checksum(values: Values): string {
  const lines = [...values].map(([k, v]) => `${k}|${v.value ?? ''}|${v.inputRows}`).sort();
  return createHash('md5').update(lines.join('\n')).digest('hex');
}

function differences(a: Values, b: Values): string[] {
  const out: string[] = [];
  for (const [k, v] of a) {
    const w = b.get(k);
    if (!w || w.value !== v.value || w.inputRows !== v.inputRows)
      out.push(`${k}: ${JSON.stringify(v)} vs ${JSON.stringify(w ?? null)}`);
  }
  for (const k of b.keys()) if (!a.has(k)) out.push(`${k}: missing vs ${JSON.stringify(b.get(k))}`);
  return out;
}

function report(input: {
  app: AppFigures;
  direct: { ms: number; values: Values };
  prepared: { ms: number; value: Values };
  setBased: { ms: number; value: Values };
  staged: Values;
}) {
  const { app, direct, prepared, setBased, staged } = input;
  const n = app.valueCount;
  const rate = (ms: number) => `${Math.round(n / (ms / 1000)).toLocaleString()} values/s`;
  const rows: Array<[string, number, string]> = [
    [
      'app: POST run → job at the gate (staging)',
      app.stageMs,
      `${rate(app.stageMs)}; server-side ${seconds(app.serverStageMs)}`,
    ],
    [
      'app: POST run/accept (samples, lineage, recompute)',
      app.acceptMs,
      `${app.appliedCount.toLocaleString()} samples written`,
    ],
    ['app: staging + accepting', app.stageMs + app.acceptMs, rate(app.stageMs + app.acceptMs)],
    ['floor: same statements, raw pg, one connection', direct.ms, rate(direct.ms)],
    ['floor: the same, prepared once per text (named)', prepared.ms, rate(prepared.ms)],
    ['floor: one set-based GROUP BY', setBased.ms, rate(setBased.ms)],
  ];
  log('');
  log(
    `collection of ${n.toLocaleString()} values (${app.flaggedCount.toLocaleString()} flagged by the gate, all accepted)`,
  );
  for (const [label, ms, note] of rows) log(`  ${label.padEnd(52)}${seconds(ms).padStart(10)}   ${note}`);
  log(`  ratio app staging / direct statements:              ${(app.stageMs / direct.ms).toFixed(2)}×`);
  log(
    `  ratio app staging + accepting / direct statements:  ${((app.stageMs + app.acceptMs) / direct.ms).toFixed(2)}×`,
  );
  log(`  ratio app staging / prepared statements:            ${(app.stageMs / prepared.ms).toFixed(2)}×`);
  log(`  ratio app staging / set-based statement:            ${(app.stageMs / setBased.ms).toFixed(2)}×`);
  const sums = {
    staged: checksum(staged),
    direct: checksum(direct.values),
    prepared: checksum(prepared.value),
    setBased: checksum(setBased.value),
  };
  const same =
    sums.staged === sums.direct &&
    sums.direct === sums.prepared &&
    sums.direct === sums.setBased &&
    staged.size === n;
  log(
    `  same values: ${same ? 'yes' : 'NO'} (md5 staged ${sums.staged}, direct ${sums.direct}, prepared ${sums.prepared}, set-based ${sums.setBased})`,
  );
  if (!same) {
    for (const d of differences(staged, direct.values).slice(0, 5)) log(`  staged vs direct ${d}`);
    for (const d of differences(direct.values, setBased.value).slice(0, 5)) log(`  direct vs set-based ${d}`);
    process.exitCode = 1;
  }
}

await main();
