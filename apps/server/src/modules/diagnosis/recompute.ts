import {
  cycleKeyOf,
  effectiveValue,
  gradeOf,
  judge,
  monitoredOf,
  pickResultSample,
  type SampleSource,
  type SamplingPeriod,
  warningFires,
} from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, queryNamedRows, queryRows } from '../../db/client.ts';
import { transactionOf } from '../../db/transaction.ts';
import { newId } from '../../platform/ids.ts';
import { textArray } from '../../platform/sql.ts';
import { schoolTimeZone } from '../../platform/time.ts';
import { notifyWarningsRaised, type RaisedWarningRow } from './diagnosis-notices.ts';
import { RULE_COLUMNS, type RuleColumns, ruleOf, todayOf } from './point-rule.ts';

// Analysis, the seeds and the benchmarks still import these from here; their home is point-rule.ts.
export { calRuleOf, RULE_COLUMNS, type RuleColumns, ruleOf, todayOf } from './point-rule.ts';

/**
 * The recompute of stored diagnosis data (DESIGN §7), batch oriented: object tasks are taken in chunks,
 * each chunk is read with two set-based queries (points with their rule and previous result; samples),
 * judged in memory with the pure rules of `judgement.ts`, and written back with one `UPDATE … FROM
 * (VALUES …)` and one `INSERT … ON CONFLICT` per slice. Deterministic and idempotent: only
 * rows whose values change are written, and a warning is raised once per point and cycle.
 */
export interface RecomputeOptions {
  objectTaskIds?: readonly string[];
  /** Narrower than object tasks: just these assigned points. */
  assignedPointIds?: readonly string[];
  now?: Date;
}

export interface RecomputeResult {
  points: number;
  warningsRaised: number;
}

const OBJECT_TASK_CHUNK = 100;
const POOL_WORKERS = 2;
const POINT_CHUNK = 5000;
/** At most this many points by id: a save's, a grading's or a target edit's (no JIT to turn off). */
const FEW_POINTS = 50;
/** Rows per write statement, below the driver's 65,535 parameter limit. */
const WRITE_SLICE = 2000;

interface PointRow extends RuleColumns, ValueColumns {
  id: string;
  sampling_period: string;
  warning_period: string;
  collection_method: string;
  state: string;
  start_date: string;
  end_date: string;
  prev_result: string | null;
}

interface SampleRow {
  id: string;
  assigned_point_id: string;
  ms: number | string;
  value: string;
  source: SampleSource;
}

/** An assigned point's values and stored judgement, as the queries read them (alias `ap`). */
export interface ValueColumns {
  target_value: string | null;
  revised_target: string | null;
  result: string | null;
  result_source: string | null;
  revised_result: string | null;
  grade: string | null;
  previous_result: string | null;
  previous_grade: string | null;
  below: boolean;
  unfinished: boolean;
}

/** The period whose cycles count warnings: the warning period, else the sampling period. */
export function warningPeriodOf(row: { warning_period: string; sampling_period: string }): SamplingPeriod {
  return (row.warning_period !== 'no' ? row.warning_period : row.sampling_period) as SamplingPeriod;
}

export async function recompute(db: Db, options: RecomputeOptions = {}): Promise<RecomputeResult> {
  const now = options.now ?? new Date();
  const total: RecomputeResult = { points: 0, warningsRaised: 0 };
  const add = (r: RecomputeResult) => {
    total.points += r.points;
    total.warningsRaised += r.warningsRaised;
  };

  const chunks: SQL[] = [];
  // A save's few points are planned cheap, below where PostgreSQL would compile anything: turning JIT
  // off for them is a round trip spent on every save for nothing.
  let jitOff = true;
  if (options.assignedPointIds) {
    const ids = [...new Set(options.assignedPointIds)];
    jitOff = ids.length > FEW_POINTS;
    for (let i = 0; i < ids.length; i += POINT_CHUNK) {
      chunks.push(sql`ap.id = any(${textArray(ids.slice(i, i + POINT_CHUNK))})`);
    }
  } else {
    let objectTaskIds: string[];
    if (options.objectTaskIds) objectTaskIds = [...new Set(options.objectTaskIds)];
    else {
      const rows = await queryRows<{ id: string }>(db, sql`select id from object_tasks order by id`);
      objectTaskIds = rows.map((r) => r.id);
    }
    for (let i = 0; i < objectTaskIds.length; i += OBJECT_TASK_CHUNK) {
      chunks.push(sql`ap.object_task_id = any(${textArray(objectTaskIds.slice(i, i + OBJECT_TASK_CHUNK))})`);
    }
  }

  // On a PostgreSQL pool two chunks run at once, so that one's judging in Node overlaps the other's
  // queries; PGlite has one connection and takes them one by one.
  const workers = (db as { $client?: unknown }).$client instanceof pg.Pool ? POOL_WORKERS : 1;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(workers, chunks.length) }, async () => {
      while (next < chunks.length) {
        const chunk = chunks[next]!;
        next += 1;
        add(await recomputeChunk(db, chunk, now, jitOff));
      }
    }),
  );
  return total;
}

/**
 * One chunk in one transaction: all-or-nothing writes. JIT is off for a large chunk: its queries are
 * short, and compiling them costs more than it saves.
 */
function recomputeChunk(db: Db, where: SQL, now: Date, jitOff: boolean): Promise<RecomputeResult> {
  return transactionOf(
    db,
    (tx) => tx,
  )(async (tx) => {
    if (jitOff) await tx.execute(sql`set local jit = off`);
    return judgeChunk(tx, where, now);
  });
}

async function judgeChunk(db: Db, where: SQL, now: Date): Promise<RecomputeResult> {
  const points = await readPoints(db, where);
  if (points.length === 0) return { points: 0, warningsRaised: 0 };
  const { samplesOf, raised } = await readSamplesAndWarnings(db, where);
  const today = todayOf(now);
  const updates: SQL[] = [];
  const warnings: SQL[] = [];
  for (const p of points) {
    const judged = judgePoint(p, { samples: samplesOf.get(p.id) ?? [], raised, today });
    if (judged.update) updates.push(judged.update);
    warnings.push(...judged.warnings);
  }
  return { points: points.length, warningsRaised: await writeChunk(db, updates, warnings) };
}

/**
 * A chunk's reads are named statements: its ids are one array parameter, so each read has one text per
 * kind of chunk (points, object tasks), and saving one point's result at a deadline no longer plans the
 * previous-result lateral join on every call.
 */
function readPoints(db: Db, where: SQL) {
  return queryNamedRows<PointRow>(
    db,
    'recompute_points',
    sql`
      select ap.id, ap.target_value, ap.revised_target, ap.result, ap.result_source, ap.revised_result, ap.grade,
             ap.previous_result, ap.previous_grade, ap.below, ap.unfinished,
             ${RULE_COLUMNS}, qp.sampling_period, qp.warning_period, qp.collection_method,
             t.state, t.start_date::text as start_date, t.end_date::text as end_date,
             prev.result as prev_result
      from assigned_points ap
      join object_tasks ot on ot.id = ap.object_task_id
      join diagnosis_tasks t on t.id = ot.task_id
      join quality_points qp on qp.id = ap.quality_point_id
      left join lateral (
        select coalesce(nullif(btrim(p2.revised_result), ''), nullif(btrim(p2.result), '')) as result
        from object_tasks o2
        join diagnosis_tasks t2 on t2.id = o2.task_id
        join assigned_points p2 on p2.object_task_id = o2.id and p2.quality_point_id = ap.quality_point_id
        where o2.object_id = ot.object_id and t2.level = t.level and t2.end_date < t.end_date
        order by t2.end_date desc, t2.id desc
        limit 1
      ) prev on true
      where ${where}`,
  );
}

interface RaisedWarning {
  assigned_point_id: string;
  cycle_key: string;
  ms: number | string;
  open: boolean;
}

async function readSamplesAndWarnings(db: Db, where: SQL) {
  // Per point through its index (lateral, kept from being flattened by `offset 0`): the planner's
  // estimates for freshly written samples and warnings are often far off, and a hash join over the
  // whole table costs a chunk hundreds of milliseconds.
  const samples = await queryNamedRows<SampleRow>(
    db,
    'recompute_samples',
    sql`
      select s.id, ap.id as assigned_point_id, s.ms, s.value, s.source
      from assigned_points ap
      join quality_points qp on qp.id = ap.quality_point_id
      cross join lateral (
        select s.id, s.sampled_at, (extract(epoch from s.sampled_at) * 1000)::float8 as ms, s.value, s.source
        from point_samples s where s.assigned_point_id = ap.id offset 0
      ) s
      where ${where} and (qp.warning_mode is not null or qp.collection_method <> 'report')
      order by ap.id, s.sampled_at, s.id`,
  );
  // The warnings already raised, so that a recompute sends only what is new.
  const existing = await queryNamedRows<RaisedWarning>(
    db,
    'recompute_warnings',
    sql`
      select w.assigned_point_id, w.cycle_key, (extract(epoch from w.warned_at) * 1000)::float8 as ms,
             w.handled_at is null as open
      from assigned_points ap
      join quality_points qp on qp.id = ap.quality_point_id
      cross join lateral (select * from point_warnings w where w.assigned_point_id = ap.id offset 0) w
      where ${where} and qp.warning_mode is not null`,
  );
  const raised = new Map(existing.map((e) => [`${e.assigned_point_id}|${e.cycle_key}`, e]));
  const samplesOf = new Map<string, SampleRow[]>();
  for (const s of samples) {
    const list = samplesOf.get(s.assigned_point_id);
    if (list) list.push(s);
    else samplesOf.set(s.assigned_point_id, [s]);
  }

  return { samplesOf, raised };
}

/** One point judged with its samples: the row update when anything changed, and the new warnings. */
function judgePoint(
  p: PointRow,
  context: { samples: SampleRow[]; raised: Map<string, RaisedWarning>; today: string },
): { update: SQL | null; warnings: SQL[] } {
  const { samples: pointSamples, raised, today } = context;
  const rule = ruleOf(p);
  let update: SQL | null = null;
  const warnings: SQL[] = [];

  // Results from samples by the contract's 结果取值规则 (a collected value replaces a typed one of its
  // cycle, a cycle the collection has no value for keeps the typed one), unless the point is reported by
  // hand. A typed sample so replaced neither makes the result nor raises a warning.
  let result = p.result;
  let resultSource = p.result_source;
  let replaced: ReadonlySet<string> = new Set();
  if (p.collection_method !== 'report') {
    const pick = pickResultSample(
      pointSamples.map((s) => ({ ...s, ms: Number(s.ms) })),
      {
        period: p.sampling_period as SamplingPeriod,
        startDate: p.start_date,
        endDate: p.end_date,
        timeZone: schoolTimeZone(),
      },
    );
    if (pick.chosen) {
      result = pick.chosen.value;
      resultSource = pick.chosen.source;
    }
    replaced = pick.replaced;
  }
  const closed = p.state === 'finished' || p.end_date < today;
  const judged = judge(rule, {
    target: effectiveValue(p.target_value, p.revised_target),
    result: effectiveValue(result, p.revised_result),
    closed,
  });
  const previousResult = p.prev_result;
  const previousGrade = gradeOf(rule, previousResult);
  if (
    result !== p.result ||
    resultSource !== p.result_source ||
    judged.grade !== p.grade ||
    judged.below !== p.below ||
    judged.unfinished !== p.unfinished ||
    previousResult !== p.previous_result ||
    previousGrade !== p.previous_grade
  ) {
    update = sql`(${p.id}, ${result}::text, ${resultSource}::text, ${judged.grade}::text, ${previousResult}::text, ${previousGrade}::text, ${judged.below}::boolean, ${judged.unfinished}::boolean)`;
  }

  if (rule.warningMode && rule.warningValue) {
    const period = warningPeriodOf(p);
    const seen = new Set<string>();
    for (const s of pointSamples) {
      if (replaced.has(s.id) || !warningFires(rule, s.value)) continue;
      const at = new Date(Number(s.ms));
      const cycle = cycleKeyOf(period, at, schoolTimeZone());
      if (cycle === null || seen.has(cycle)) continue;
      seen.add(cycle);
      const known = raised.get(`${p.id}|${cycle}`);
      if (known && !(known.open && at.getTime() < Number(known.ms))) continue;
      warnings.push(
        sql`(${newId()}, ${p.id}, ${cycle}, ${at.toISOString()}::timestamptz, ${rule.warningValue}, ${monitoredOf(rule, s.value)})`,
      );
    }
  }
  return { update, warnings };
}

/** The updates and warnings of a chunk, in slices; answers how many warnings were new. */
async function writeChunk(db: Db, updates: SQL[], warnings: SQL[]): Promise<number> {
  let warningsRaised = 0;
  for (let i = 0; i < updates.length; i += WRITE_SLICE) {
    await db.execute(sql`
      update assigned_points ap set
        result = v.result, result_source = v.result_source, grade = v.grade, previous_result = v.previous_result,
        previous_grade = v.previous_grade, below = v.below, unfinished = v.unfinished, updated_at = now()
      from (values ${sql.join(updates.slice(i, i + WRITE_SLICE), sql`, `)})
        as v(id, result, result_source, grade, previous_result, previous_grade, below, unfinished)
      where ap.id = v.id`);
  }
  for (let i = 0; i < warnings.length; i += WRITE_SLICE) {
    // One record per point and cycle. A sample arriving late but earlier in the cycle moves an open
    // record to it, so the record is the cycle's first firing sample whatever the order of arrival.
    // The statement answers each written row with its point's facts, so that the new warnings' messages
    // (to each point's charger) cost one insert more, on this chunk's transaction.
    const written = await queryRows<RaisedWarningRow & { inserted: boolean }>(
      db,
      sql`
        with written as (
          insert into point_warnings (id, assigned_point_id, cycle_key, warned_at, warning_value, monitored_value)
          values ${sql.join(warnings.slice(i, i + WRITE_SLICE), sql`, `)}
          on conflict (assigned_point_id, cycle_key) do update
            set warned_at = excluded.warned_at, monitored_value = excluded.monitored_value
            where point_warnings.handled_at is null and excluded.warned_at < point_warnings.warned_at
          returning assigned_point_id, warned_at, warning_value, monitored_value, (xmax = 0) as inserted)
        select w.inserted, w.assigned_point_id as "pointId", ot.charger_user_id as "chargerUserId",
               coalesce(qp.name, '') as "pointName", coalesce(o.name, '') as "objectName",
               w.warning_value as "warningValue", w.monitored_value as "monitoredValue"
        from written w left join assigned_points ap on ap.id = w.assigned_point_id
          left join quality_points qp on qp.id = ap.quality_point_id
          left join object_tasks ot on ot.id = ap.object_task_id
          left join diagnosis_objects o on o.id = ot.object_id
        order by w.warned_at`,
    );
    const raised = written.filter((r) => r.inserted);
    warningsRaised += raised.length;
    await notifyWarningsRaised(db, raised);
  }
  return warningsRaised;
}
