/**
 * The floor of the recompute: the same computation as the app's `recompute(db)` — results of algorithm
 * points from their latest in-period sample, grades from the `cal_rule` jsonb and the direction,
 * below-standard and unfinished flags, the previous task's result and grade, and one warning per point
 * and sampling cycle (ON CONFLICT DO NOTHING) — written as ONE SQL statement (a CTE chain with two
 * data-modifying CTEs). It mirrors `judgement.ts` rule by rule (DESIGN §7), so that both produce the
 * same rows.
 *
 * Parameter $1: "now" (timestamptz), which decides which tasks are closed.
 */

const NUMBER_RE = `'^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)$'`;

/** parseValue(dataType, raw) of judgement.ts: the number of a cell, or null. */
function num(dataType: string, raw: string): string {
  const t = `nullif(btrim(${raw}), '')`;
  const pct = `btrim(regexp_replace(${t}, '%$', ''))`;
  return `(case
    when ${t} is null then null
    when ${dataType} = 'whether' then case ${t} when '是' then 1::float8 when '否' then 0::float8 end
    when ${dataType} = 'have' then case ${t} when '有' then 1::float8 when '无' then 0::float8 end
    when ${dataType} = 'percent' then case when ${pct} ~ ${NUMBER_RE} then ${pct}::float8 end
    else case when ${t} ~ ${NUMBER_RE} then ${t}::float8 end
  end)`;
}

/** levelGradeOf(raw): 'A'–'D' or null. */
function levelGrade(raw: string): string {
  const t = `upper(btrim(${raw}))`;
  return `(case when ${t} in ('A', 'B', 'C', 'D') then ${t} end)`;
}

/**
 * gradeOf(rule, value): `r` the rule row (data_type, calc_mode, direction, thresholds, grades — the
 * readable pairs already in evaluation order), `raw` the value, `n` its parsed number.
 */
function grade(r: string, raw: string, n: string): string {
  return `(case
    when nullif(btrim(${raw}), '') is null then null
    when ${r}.calc_mode = 'level' then ${levelGrade(raw)}
    when ${r}.data_type in ('whether', 'have') then case when ${n} = 1 then 'Y' else 'N' end
    when ${n} is null then null
    else coalesce((
      select u.g from unnest(${r}.thresholds, ${r}.grades) with ordinality as u(th, g, o)
      where case when ${r}.direction = '>' then ${n} >= u.th else ${n} <= u.th end
      order by u.o limit 1), 'D')
  end)`;
}

/** The rank of a grade, 0 the best (gradeRank of judgement.ts): A–G, Y as A, N as D. */
function rank(g: string): string {
  return `(case ${g} when 'Y' then 0 when 'N' then 3 else nullif(strpos('ABCDEFG', ${g}), 0) - 1 end)`;
}

/** The Shanghai wall-clock time of a timestamptz (UTC+8, no daylight saving). */
const local = (at: string) => `((${at} at time zone 'UTC') + interval '8 hours')`;

export const SET_BASED_RECOMPUTE = `
with
params as (
  select $1::timestamptz as now, ${local('$1::timestamptz')}::date as today
),
-- The grading rule of every point: readable pairs, in evaluation order (thresholds descending for
-- '>', ascending for '<', ties in stored order).
rules as (
  select qp.id as qp_id, qp.data_type, qp.calc_mode, qp.direction, qp.collection_method, qp.sampling_period,
         qp.warning_period,
         nullif(qp.warning_mode, '') as warning_mode, nullif(qp.warning_condition, '') as warning_condition,
         qp.warning_value,
         coalesce(array_agg(p.th order by case when qp.direction = '>' then -p.th else p.th end, p.ord)
                  filter (where p.th is not null), '{}') as thresholds,
         coalesce(array_agg(p.g order by case when qp.direction = '>' then -p.th else p.th end, p.ord)
                  filter (where p.th is not null), '{}') as grades
  from quality_points qp
  left join lateral (
    select e.ord,
           ${num(`case when qp.data_type = 'percent' then 'percent' else 'float' end`, `e.item->>'value'`)} as th,
           upper(btrim(e.item->>'dxLevel')) as g
    from jsonb_array_elements(qp.cal_rule) with ordinality as e(item, ord)
  ) p on p.g in ('A', 'B', 'C', 'D', 'Y', 'N')
  group by qp.id
),
points as materialized (
  select ap.id, ap.result as old_result, ap.grade as old_grade, ap.previous_result as old_previous_result,
         ap.previous_grade as old_previous_grade, ap.below as old_below, ap.unfinished as old_unfinished,
         ap.target_value, ap.revised_target, ap.revised_result, ap.quality_point_id,
         t.state = 'finished' or t.end_date < (select today from params) as closed,
         case when r.collection_method <> 'report' then coalesce(ls.value, ap.result) else ap.result end as new_result,
         pv.result as previous_result
  from assigned_points ap
  join object_tasks ot on ot.id = ap.object_task_id
  join diagnosis_tasks t on t.id = ot.task_id
  join rules r on r.qp_id = ap.quality_point_id
  -- an algorithm point's result: its latest sample inside the task period (Shanghai days)
  left join lateral (
    select s.value from point_samples s
    where r.collection_method <> 'report' and s.assigned_point_id = ap.id
      and ${local('s.sampled_at')}::date between t.start_date and t.end_date
    order by s.sampled_at desc, s.id desc limit 1
  ) ls on true
  -- the previous result: the same point of the same object in the level's previous task
  left join lateral (
    select coalesce(nullif(btrim(p2.revised_result), ''), nullif(btrim(p2.result), '')) as result
    from object_tasks o2
    join diagnosis_tasks t2 on t2.id = o2.task_id
    join assigned_points p2 on p2.object_task_id = o2.id and p2.quality_point_id = ap.quality_point_id
    where o2.object_id = ot.object_id and t2.level = t.level and t2.end_date < t.end_date
    order by t2.end_date desc, t2.id desc
    limit 1
  ) pv on true
),
effective as materialized (
  select p.*, r.*, v.target, v.result, ${num('r.data_type', 'v.target')} as target_n,
         ${num('r.data_type', 'v.result')} as result_n, ${num('r.data_type', 'p.previous_result')} as previous_n
  from points p
  join rules r on r.qp_id = p.quality_point_id
  cross join lateral (select coalesce(nullif(btrim(p.revised_target), ''), nullif(btrim(p.target_value), '')) as target,
                             coalesce(nullif(btrim(p.revised_result), ''), nullif(btrim(p.new_result), '')) as result) v
),
judged as (
  select e.id, e.new_result,
         ${grade('e', 'e.result', 'e.result_n')} as grade,
         e.previous_result,
         ${grade('e', 'e.previous_result', 'e.previous_n')} as previous_grade,
         case
           when e.result is null then false
           when e.calc_mode = 'level' then coalesce(
             strpos('ABCD', ${levelGrade('e.result')}) > strpos('ABCD', ${levelGrade('e.target')}), false)
           when e.data_type in ('whether', 'have') then coalesce(e.result_n, 0) <> coalesce(e.target_n, 1)
           when e.result_n is null or e.target_n is null then false
           when e.direction = '>' then e.result_n < e.target_n
           else e.result_n > e.target_n
         end as below,
         e.closed and e.result is null as unfinished,
         e.old_result, e.old_grade, e.old_previous_result, e.old_previous_grade, e.old_below, e.old_unfinished
  from effective e
),
updated as (
  update assigned_points ap set
    result = j.new_result, grade = j.grade, previous_result = j.previous_result,
    previous_grade = j.previous_grade, below = j.below, unfinished = j.unfinished, updated_at = now()
  from judged j
  where ap.id = j.id
    and (j.old_result, j.old_grade, j.old_previous_result, j.old_previous_grade, j.old_below, j.old_unfinished)
        is distinct from (j.new_result, j.grade, j.previous_result, j.previous_grade, j.below, j.unfinished)
  returning 1
),
-- Samples of points with a warning rule, each in its cycle (the warning period, else the sampling period).
monitored as materialized (
  select s.id as sample_id, s.assigned_point_id, s.sampled_at, s.value, r.*,
         ${num('r.data_type', 's.value')} as value_n,
         case when r.warning_period <> 'no' then r.warning_period else r.sampling_period end as period
  from point_samples s
  join assigned_points ap on ap.id = s.assigned_point_id
  join rules r on r.qp_id = ap.quality_point_id
  where r.warning_mode is not null and coalesce(r.warning_value, '') <> '' and nullif(btrim(s.value), '') is not null
),
cycles as materialized (
  select m.*,
         case m.period
           when 'month' then to_char(${local('m.sampled_at')}, 'YYYY-MM')
           when 'week' then to_char(${local('m.sampled_at')}, 'IYYY-"W"IW')
           when 'day' then to_char(${local('m.sampled_at')}, 'YYYY-MM-DD')
         end as cycle_key,
         ${grade('m', 'm.value', 'm.value_n')} as value_grade,
         ${num('m.data_type', 'm.warning_value')} as limit_n
  from monitored m
),
fired as (
  select distinct on (c.assigned_point_id, c.cycle_key)
         c.assigned_point_id, c.cycle_key, c.sampled_at, c.warning_value,
         case when c.warning_mode = 'level' then coalesce(c.value_grade, '') else btrim(c.value) end as monitored_value
  from cycles c
  where c.cycle_key is not null
    and case
      when c.warning_mode = 'level' then
        ${rank('c.value_grade')} >= ${rank(`case when upper(btrim(c.warning_value)) in ('A','B','C','D','E','F','G') then upper(btrim(c.warning_value)) end`)}
      when c.value_n is null or c.limit_n is null then false
      else case c.warning_condition
        when '<' then c.value_n < c.limit_n
        when '<=' then c.value_n <= c.limit_n
        when '=' then c.value_n = c.limit_n
        when '>=' then c.value_n >= c.limit_n
        when '>' then c.value_n > c.limit_n
        else false
      end
    end
  order by c.assigned_point_id, c.cycle_key, c.sampled_at, c.sample_id
),
raised as (
  insert into point_warnings (id, assigned_point_id, cycle_key, warned_at, warning_value, monitored_value)
  select replace(gen_random_uuid()::text, '-', ''), f.assigned_point_id, f.cycle_key, f.sampled_at,
         f.warning_value, f.monitored_value
  from fired f
  on conflict (assigned_point_id, cycle_key) do nothing
  returning 1
)
select (select count(*) from judged)::int as points, (select count(*) from updated)::int as updated,
       (select count(*) from raised)::int as warnings_raised
`;

/** What both recomputes must agree on: counts and a checksum of every computed column and warning. */
export const CHECKSUM = `
select
  (select count(*) from assigned_points)::int as points,
  (select count(*) from assigned_points where grade is not null)::int as graded,
  (select count(*) from assigned_points where below)::int as below,
  (select count(*) from assigned_points where unfinished)::int as unfinished,
  (select count(*) from assigned_points where previous_grade is not null)::int as with_previous,
  (select md5(string_agg(concat_ws('|', id, coalesce(result, '∅'), coalesce(grade, '∅'),
     coalesce(previous_result, '∅'), coalesce(previous_grade, '∅'), below, unfinished), ',' order by id))
   from assigned_points) as points_md5,
  (select count(*) from point_warnings)::int as warnings,
  (select md5(string_agg(concat_ws('|', assigned_point_id, cycle_key, extract(epoch from warned_at),
     warning_value, monitored_value), ',' order by assigned_point_id, cycle_key))
   from point_warnings) as warnings_md5
`;

export interface Checksum {
  points: number;
  graded: number;
  below: number;
  unfinished: number;
  with_previous: number;
  points_md5: string;
  warnings: number;
  warnings_md5: string | null;
}

/** Clears what a recompute computes: grades, flags, previous values and the warnings. */
export const RESET = [
  `update assigned_points set grade = null, previous_result = null, previous_grade = null, below = false,
     unfinished = false
   where grade is not null or previous_result is not null or previous_grade is not null or below or unfinished`,
  'delete from point_warnings',
];
