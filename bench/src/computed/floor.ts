import type pg from 'pg';
import { guardSql } from '../../../apps/server/src/modules/algorithms/sql-guard.ts';
import {
  type SamplingCycle,
  samplingCyclesOf,
} from '../../../apps/server/src/modules/computed/computed.cycles.ts';
import { valueText } from '../../../apps/server/src/modules/computed/computed.gate.ts';
import { todayOf } from '../../../apps/server/src/modules/diagnosis/recompute.ts';
import { algorithmSql, directSql } from './facts.ts';

/**
 * The floors of the collection benchmark: the same result algorithms run directly with the raw `pg`
 * client — each statement with the same parameters (object code, each sampling cycle's start and end),
 * one connection, one after the other — and one set-based GROUP BY computing every value at once.
 * A value is keyed by assigned point and cycle, and turned into text as collection stores it.
 */

export interface Target {
  assignedPointId: string;
  objectCode: string;
  pointCode: string;
  dataType: string;
}

export type Values = Map<string, { value: string | null; inputRows: number }>;

export const keyOf = (assignedPointId: string, cycleKey: string) => `${assignedPointId}|${cycleKey}`;

/** The task's algorithm points per object, and its monthly cycles up to today (as collection cuts them). */
export async function targetsOf(client: pg.ClientBase, taskId: string) {
  const task = (
    await client.query(
      `select start_date::text as start, end_date::text as "end" from diagnosis_tasks where id = $1`,
      [taskId],
    )
  ).rows[0] as { start: string; end: string };
  const rows = await client.query(
    `select ap.id as "assignedPointId", o.code as "objectCode", qp.code as "pointCode", qp.data_type as "dataType"
     from object_tasks ot
     join diagnosis_objects o on o.id = ot.object_id
     join assigned_points ap on ap.object_task_id = ot.id
     join quality_points qp on qp.id = ap.quality_point_id
     where ot.task_id = $1 and qp.collection_method = 'algorithm'
     order by o.code, qp.sort, qp.id`,
    [taskId],
  );
  const cycles = samplingCyclesOf({
    period: 'month',
    startDate: task.start,
    endDate: task.end,
    today: todayOf(new Date()),
  });
  return { targets: rows.rows as Target[], cycles };
}

/**
 * Every statement on its own, sequentially, on one connection; `prepared`: each point's text as a
 * named statement, parsed and planned once (as the runner's batch does).
 */
export async function runDirect(
  client: pg.ClientBase,
  targets: Target[],
  cycles: SamplingCycle[],
  prepared = false,
) {
  const text = new Map<string, string>();
  for (const t of targets)
    if (!text.has(t.pointCode))
      text.set(t.pointCode, directSql(algorithmSql({ code: t.pointCode, dataType: t.dataType })));
  const values: Values = new Map();
  for (const t of targets) {
    for (const cycle of cycles) {
      const result = await client.query({
        name: prepared ? `bench_${t.pointCode}` : undefined,
        text: text.get(t.pointCode)!,
        values: [t.objectCode, cycle.start, cycle.end],
      });
      const row = result.rows[0] as { value: unknown; input_rows: string } | undefined;
      values.set(keyOf(t.assignedPointId, cycle.key), {
        value: valueText(row?.value ?? null, t.dataType as Parameters<typeof valueText>[1]),
        inputRows: Number(row?.input_rows ?? 0),
      });
    }
  }
  return values;
}

/** One GROUP BY over every object, point and cycle of the task. */
const SET_BASED = `
  with c(key, s, e) as (select * from unnest($2::text[], $3::date[], $4::date[])),
  t as (
    select ap.id, o.code, qp.code as point_code, qp.data_type
    from object_tasks ot
    join diagnosis_objects o on o.id = ot.object_id
    join assigned_points ap on ap.object_task_id = ot.id
    join quality_points qp on qp.id = ap.quality_point_id
    where ot.task_id = $1 and qp.collection_method = 'algorithm')
  select t.id, c.key, t.data_type,
         case when t.data_type = 'integer' then round(avg(f.v)) else avg(f.v) end as num,
         case when t.data_type in ('whether', 'have') then avg(f.v) >= 50 end as flag,
         count(f.v) as input_rows
  from t cross join c
  left join dw.bench_facts f on f.code = t.code and f.point_code = t.point_code and f.day between c.s and c.e
  group by t.id, c.key, t.data_type`;

export async function runSetBased(client: pg.ClientBase, taskId: string, cycles: SamplingCycle[]) {
  const result = await client.query(SET_BASED, [
    taskId,
    cycles.map((c) => c.key),
    cycles.map((c) => c.start),
    cycles.map((c) => c.end),
  ]);
  const values: Values = new Map();
  for (const row of result.rows as Array<{
    id: string;
    key: string;
    data_type: string;
    num: string | null;
    flag: boolean | null;
    input_rows: string;
  }>) {
    const raw = row.data_type === 'whether' || row.data_type === 'have' ? row.flag : row.num;
    values.set(keyOf(row.id, row.key), {
      value: valueText(raw, row.data_type as Parameters<typeof valueText>[1]),
      inputRows: Number(row.input_rows),
    });
  }
  return values;
}

/**
 * Not a floor, what the runner no longer pays per statement: the same statements each inside its own
 * envelope (a read-only transaction as the algorithms role, search path, statement timeout, the
 * row-limit wrapper) — seven round trips instead of one — as single runs did before collection ran its
 * statements in one envelope, still on the raw driver.
 */
export async function runEnveloped(client: pg.ClientBase, targets: Target[], cycles: SamplingCycle[]) {
  const text = new Map<string, string>();
  for (const t of targets) {
    if (!text.has(t.pointCode)) {
      const statement = directSql(algorithmSql({ code: t.pointCode, dataType: t.dataType }));
      text.set(t.pointCode, `select * from (\n${statement}\n) q limit 1001`);
    }
  }
  for (const t of targets) {
    for (const cycle of cycles) {
      await client.query('begin');
      await client.query('set transaction read only');
      await client.query('set local role eduqa_algorithm');
      await client.query('set local search_path = dw');
      await client.query('set local statement_timeout = 10000');
      await client.query(text.get(t.pointCode)!, [t.objectCode, cycle.start, cycle.end]);
      await client.query('commit');
    }
  }
}

/** The SQL guard (a real parser) on each statement: what the runner's verdict per distinct text saves. */
export async function runGuards(targets: Target[], cycles: SamplingCycle[]) {
  for (const t of targets) {
    const statement = algorithmSql({ code: t.pointCode, dataType: t.dataType });
    for (let i = 0; i < cycles.length; i++)
      await guardSql(statement, { dialect: 'postgresql', builtin: true });
  }
}
