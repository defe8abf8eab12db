/**
 * The quality-report benchmark (issue 14): on the generated college of `bench:diagnosis`, a diagnosis
 * publisher creates the task-scope report of this year's school task (300 points) and of a large task
 * (`BENCH_LARGE_LEVEL`, default teacher: 1,000 objects × 20 points at scale 1) through the real HTTP API;
 * it times the report's data (`report/selectbybgid`, checked against SQL counts) against the repo's own
 * `pointFacts` statement run through the raw `pg` driver, the report's tables, and the Word generation
 * job (time, size, images, and the server process's peak RSS read from its /proc/self/status VmHWM).
 * `BENCH_SCALE` sizes the college (default 1), `BENCH_RUNS` the timed calls per route (default 20),
 * `BENCH_WORD_RUNS` the Word generations per report (default 2: the first loads docx, ECharts and resvg).
 */
import os from 'node:os';
import path from 'node:path';
import {
  type QualityReportScope,
  qualityReportFutureTasks,
  qualityReportEndpoints as R,
} from '@eduqa/contract';
import JSZip from 'jszip';
import pg from 'pg';
import { openDatabase } from '../../../apps/server/src/db/client.ts';
import { WORD_TABLE_ROWS } from '../../../apps/server/src/modules/reports/report-generation.ts';
import { seedIfEmpty } from '../../../apps/server/src/seed/seed.ts';
import { type ApiSession, openSession } from '../computed/api.ts';
import { generate, NOW, YEAR } from '../diagnosis/generate.ts';
import { SET_BASED_RECOMPUTE } from '../diagnosis/set-based.ts';
import { loadAverage, signIn, startBenchServer, withScratchDatabase } from '../harness.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WORD_RUNS = Number(process.env.BENCH_WORD_RUNS ?? 2);
const LARGE_LEVEL = process.env.BENCH_LARGE_LEVEL ?? 'teacher';
const PUBLISHER = 'sunhua';
const POLL_MS = 100;
/** The job's progress after the view (20), the tables (40), the document (92) and storing it (100). */
const MILESTONES = [20, 40, 92, 100];
const PHASES = ['view', 'tables', 'document', 'store'];
// The memory route collects garbage before each Word generation, so that its peak is the generation's own.
process.env.BENCH_SERVER_NODE_ARGS = `--expose-gc ${process.env.BENCH_SERVER_NODE_ARGS ?? ''}`;

const log = (line: string) => process.stdout.write(`${line}\n`);
const ms = (n: number) => `${n < 100 ? n.toFixed(1) : Math.round(n).toLocaleString()} ms`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

interface Timings {
  first: number;
  median: number;
  p95: number;
}
/** The first call alone, then `RUNS` more: their median and p95 (nearest rank). */
async function repeat<T>(work: () => Promise<T>): Promise<{ value: T } & Timings> {
  const first = await timed(work);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push((await timed(work)).ms);
  times.sort((a, b) => a - b);
  return {
    value: first.value,
    first: first.ms,
    median: times[Math.floor((times.length - 1) / 2)] ?? Number.NaN,
    p95: times[Math.ceil(times.length * 0.95) - 1] ?? Number.NaN,
  };
}

async function main() {
  await withScratchDatabase('eduqa_bench_rep', async (url, name) => {
    log(
      `== quality-report benchmark on PostgreSQL, database ${name}, scale ${SCALE}, ${RUNS} runs per route`,
    );
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
    log(`generated ${gen.value.assignedPoints.toLocaleString()} assigned points in ${ms(gen.ms)}`);
    // bench:diagnosis checks that this statement leaves the same rows as the app's recompute(db).
    await raw.query('set jit = off');
    const recomputed = await timed(() => raw.query(SET_BASED_RECOMPUTE, [NOW.toISOString()]));
    log(`recomputed grades, flags, previous results and warnings (set-based) in ${ms(recomputed.ms)}`);
    await raw.query('vacuum analyze');
  } finally {
    await database.close();
  }

  const server = await startBenchServer(path.join(import.meta.dirname, 'server.ts'), url);
  try {
    const session = await openSession(server.baseUrl, PUBLISHER);
    const cookie = await signIn(server.baseUrl, PUBLISHER);
    const results: TaskFigures[] = [];
    for (const level of ['school', LARGE_LEVEL]) {
      results.push(await measureTask({ raw, session, cookie, baseUrl: server.baseUrl, level }));
    }
    printTable(results);
    log(`  load average at the end: ${loadAverage()}`);
  } finally {
    await server.stop();
    await raw.end();
  }
}

interface Expected {
  points: number;
  below: number;
  unfinished: number;
  warnings: number;
  warnedPoints: number;
  objectTasks: number;
}

/** What the report must count, read by SQL from the task's rows. */
async function expectedOf(raw: pg.Client, taskId: string): Promise<Expected> {
  const { rows } = await raw.query(
    `select count(*)::int as points, count(*) filter (where ap.below)::int as below,
            count(*) filter (where coalesce(nullif(btrim(ap.revised_result), ''), nullif(btrim(ap.result), '')) is null)::int as unfinished,
            (select count(*) from point_warnings w join assigned_points a on a.id = w.assigned_point_id
               join object_tasks o on o.id = a.object_task_id where o.task_id = $1)::int as warnings,
            (select count(distinct w.assigned_point_id) from point_warnings w join assigned_points a on a.id = w.assigned_point_id
               join object_tasks o on o.id = a.object_task_id where o.task_id = $1)::int as "warnedPoints",
            (select count(*) from object_tasks where task_id = $1)::int as "objectTasks"
     from assigned_points ap join object_tasks ot on ot.id = ap.object_task_id where ot.task_id = $1`,
    [taskId],
  );
  return rows[0] as Expected;
}

interface WordRun {
  clientMs: number;
  queuedMs: number;
  runMs: number;
  /** The job's phases between MILESTONES, as the 100 ms poll saw them. */
  phases: number[];
  bytes: number;
  images: number;
  tableRows: number;
  rssBeforeKb: number;
  peakKb: number;
  /** V8's used heap + external memory before and after (what a garbage collection has not yet freed). */
  heapBeforeKb: number;
  heapAfterKb: number;
}

interface TaskFigures {
  level: string;
  expected: Expected;
  answerBytes: number;
  view: Timings;
  floorFacts: Timings;
  floorImprovements: Timings;
  improvementRows: number;
  pointsTable: Timings;
  warningsTable: Timings;
  words: WordRun[];
}

async function measureTask(input: {
  raw: pg.Client;
  session: ApiSession;
  cookie: string;
  baseUrl: string;
  level: string;
}): Promise<TaskFigures> {
  const { raw, session, cookie, baseUrl, level } = input;
  const taskId = `bench-task-${level}-${YEAR}`;
  const expected = await expectedOf(raw, taskId);
  log('');
  log(
    `${taskId}: ${expected.objectTasks.toLocaleString()} object tasks, ${expected.points.toLocaleString()} points, ` +
      `${expected.below.toLocaleString()} below standard, ${expected.unfinished.toLocaleString()} unfinished, ` +
      `${expected.warnings.toLocaleString()} warnings on ${expected.warnedPoints.toLocaleString()} points`,
  );
  const scope: QualityReportScope = 'task';
  const report = await session.call(R.insert, { body: { rwid: taskId, scope } });
  const bgid = report.bgid;

  const view = await repeat(() => session.call(R.selectById, { query: { bgid } }));
  const o = view.value.overview;
  const checks: Array<[string, number, number]> = [
    ['points (zkdzsl)', o.zkdzsl, expected.points],
    ['below standard (wdbzkdsl)', o.wdbzkdsl, expected.below],
    ['unfinished (wwczkdsl)', o.wwczkdsl, expected.unfinished],
    ['warnings (yjcs)', o.yjcs, expected.warnings],
    ['warned points (yjzkdsl)', o.yjzkdsl, expected.warnedPoints],
    ['object tasks (itemCount)', view.value.itemCount, expected.objectTasks],
  ];
  for (const [label, got, want] of checks) {
    if (got !== want) {
      log(`  WRONG ${label}: the report says ${got}, SQL ${want}`);
      process.exitCode = 1;
    }
  }
  log(`  report/selectbybgid agrees with SQL on ${checks.map((c) => c[0]).join(', ')}`);
  const answer = await fetch(`${baseUrl}${R.selectById.path}?bgid=${encodeURIComponent(bgid)}`, {
    headers: { cookie },
  });
  const answerBytes = (await answer.arrayBuffer()).byteLength;

  const floorGet = async (query: 'facts' | 'improvements') => {
    const response = await fetch(
      `${baseUrl}/bench/floor/facts?rwid=${encodeURIComponent(taskId)}&query=${query}`,
    );
    return ((await response.json()) as { rows: unknown[] }).rows.length;
  };
  const floorFacts = await repeat(() => floorGet('facts'));
  if (floorFacts.value !== expected.points) {
    log(`  WRONG floor: ${floorFacts.value} rows, SQL ${expected.points}`);
    process.exitCode = 1;
  }
  const floorImprovements = await repeat(() => floorGet('improvements'));
  if (floorImprovements.value !== view.value.improvements.length) {
    log(
      `  WRONG improvements: the report has ${view.value.improvements.length}, the floor ${floorImprovements.value}`,
    );
    process.exitCode = 1;
  }

  const pointsTable = await repeat(() =>
    session.call(R.pointTable, { query: { bgid, table: 'points', pageNum: 1, pageSize: 10 } }),
  );
  const warningsTable = await repeat(() =>
    session.call(R.warningTable, { query: { bgid, pageNum: 1, pageSize: 10 } }),
  );
  if (pointsTable.value.total !== expected.points || warningsTable.value.total !== expected.warnedPoints) {
    log(
      `  WRONG table totals: points ${pointsTable.value.total} (SQL ${expected.points}), ` +
        `warnings ${warningsTable.value.total} (SQL ${expected.warnedPoints})`,
    );
    process.exitCode = 1;
  }

  const words: WordRun[] = [];
  for (let i = 0; i < WORD_RUNS; i++) words.push(await generateWord({ raw, session, cookie, baseUrl, bgid }));
  return {
    level,
    expected,
    answerBytes,
    view,
    floorFacts,
    floorImprovements,
    improvementRows: view.value.improvements.length,
    pointsTable,
    warningsTable,
    words,
  };
}

async function memory(baseUrl: string, reset = false) {
  const response = await fetch(`${baseUrl}/bench/memory${reset ? '?reset=1' : ''}`);
  return (await response.json()) as { rssKb: number; peakKb: number; heapKb: number; externalKb: number };
}

/** POST downloadword, poll the job every 100 ms, download the file; the server's peak RSS meanwhile. */
async function generateWord(input: {
  raw: pg.Client;
  session: ApiSession;
  cookie: string;
  baseUrl: string;
  bgid: string;
}): Promise<WordRun> {
  const { raw, session, cookie, baseUrl, bgid } = input;
  const before = await memory(baseUrl, true);
  const started = performance.now();
  const { taskId } = await session.call(R.downloadWord, { body: { bgid } });
  // When the poll first saw each milestone the job reports (view built, tables read, document built, stored).
  const seen = new Map<number, number>();
  for (;;) {
    const job = await session.call(qualityReportFutureTasks.result, { query: { taskId } });
    if (job.state === 'failed') throw new Error(`Word generation failed: ${job.message}`);
    const progress = job.state === 'finished' ? 100 : job.progress;
    for (const milestone of MILESTONES)
      if (progress >= milestone && !seen.has(milestone)) seen.set(milestone, Date.now());
    if (job.state === 'finished') break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const response = await fetch(`${baseUrl}${R.wordFile.path}?bgid=${encodeURIComponent(bgid)}`, {
    headers: { cookie },
  });
  if (!response.ok) throw new Error(`report/word: ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const clientMs = performance.now() - started;
  const after = await memory(baseUrl);
  const job = (
    await raw.query(
      `select extract(epoch from started_at - created_at) * 1000 as queued,
              extract(epoch from finished_at - started_at) * 1000 as ran,
              extract(epoch from started_at) * 1000 as "startedAt"
       from jobs where id = $1`,
      [taskId],
    )
  ).rows[0] as { queued: string; ran: string; startedAt: string };
  let previous = Number(job.startedAt);
  const phases = MILESTONES.map((milestone) => {
    const at = seen.get(milestone) ?? previous;
    const phase = Math.max(0, at - previous);
    previous = Math.max(previous, at);
    return phase;
  });
  const zip = await JSZip.loadAsync(bytes);
  const document = await zip.file('word/document.xml')?.async('string');
  return {
    clientMs,
    queuedMs: Number(job.queued),
    runMs: Number(job.ran),
    phases,
    bytes: bytes.byteLength,
    images: Object.keys(zip.files).filter((f) => f.startsWith('word/media/')).length,
    tableRows: (document ?? '').match(/<w:tr[ >]/g)?.length ?? 0,
    rssBeforeKb: before.rssKb,
    peakKb: after.peakKb,
    heapBeforeKb: before.heapKb + before.externalKb,
    heapAfterKb: after.heapKb + after.externalKb,
  };
}

function printTable(results: TaskFigures[]) {
  const timing = (t: Timings) =>
    `${ms(t.first).padStart(10)}${ms(t.median).padStart(11)}${ms(t.p95).padStart(11)}`;
  log('');
  log(`figures (first call, then median and p95 of ${RUNS})`);
  for (const r of results) {
    log('');
    log(
      `  ${r.level} task, scope task: ${r.expected.points.toLocaleString()} points on ${r.expected.objectTasks.toLocaleString()} object tasks`,
    );
    log(`  ${''.padEnd(58)}${'first'.padStart(10)}${'median'.padStart(11)}${'p95'.padStart(11)}`);
    const rows: Array<[string, Timings]> = [
      [`app: GET report/selectbybgid (${(r.answerBytes / 1024).toFixed(0)} KiB)`, r.view],
      ['floor: the repo pointFacts statement, raw pg', r.floorFacts],
      [`floor: the repo improvements statement, raw pg (${r.improvementRows} rows)`, r.floorImprovements],
      ['app: GET report/table/points?table=points&pageSize=10', r.pointsTable],
      ['app: GET report/table/warnings?pageSize=10', r.warningsTable],
    ];
    for (const [label, t] of rows) log(`  ${label.padEnd(58)}${timing(t)}`);
    log(
      `  ratio selectbybgid / pointFacts floor (medians): ${(r.view.median / r.floorFacts.median).toFixed(2)}×`,
    );
    for (const [i, w] of r.words.entries()) {
      log(
        `  Word #${i + 1}: ${ms(w.clientMs)} from POST to downloaded (queued ${ms(w.queuedMs)}, job ${ms(w.runMs)}); ` +
          `${(w.bytes / 1024).toFixed(0)} KiB, ${w.images} images, ${w.tableRows.toLocaleString()} table rows ` +
          `(≤ ${WORD_TABLE_ROWS.toLocaleString()} per table)`,
      );
      log(
        `           phases ${w.phases.map((p, j) => `${PHASES[j]} ${ms(p)}`).join(', ')}; ` +
          `server RSS ${mb(w.rssBeforeKb)} before, peak ${mb(w.peakKb)}; ` +
          `heap + external ${mb(w.heapBeforeKb)} before, ${mb(w.heapAfterKb)} after`,
      );
    }
  }
}

await main();
