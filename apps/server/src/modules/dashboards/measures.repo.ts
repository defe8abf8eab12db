import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { schoolZoneSql } from '../../platform/time.ts';
import { effectiveValues } from '../analysis/peers.repo.ts';

/**
 * The built-in measures' reads: one set-based statement each, school-wide (the service decides who may
 * ask). Counts come back as numbers or numeric strings, as the drivers answer them.
 */

type Num = number | string | null;

/**
 * 当前诊断任务 (alias `tk`: id, level): per level, the open tasks (state normal); a level without an open
 * task counts its latest one (by end date), so every level keeps its most recent figures between cycles.
 */
const currentTasks = sql`current_tasks as (
    select r.id, r.level from (
      select t.id, t.level, t.state,
        bool_or(t.state = 'normal') over (partition by t.level) as level_has_open,
        row_number() over (partition by t.level order by t.end_date desc, t.start_date desc, t.id desc) as recency
      from diagnosis_tasks t
    ) r
    where r.state = 'normal' or (not r.level_has_open and r.recency = 1)
  )`;

/** The assigned points of the current tasks (alias `ap`, with `tk` the task and `qp` the quality point). */
const currentPoints = sql`current_tasks tk
    join object_tasks ot on ot.task_id = tk.id
    join assigned_points ap on ap.object_task_id = ot.id
    join quality_points qp on qp.id = ap.quality_point_id`;

/** DESIGN §7 effective result: the revised result when present, else the result (the quality report's rule). */
const hasResult = sql`coalesce(nullif(btrim(ap.revised_result), ''), nullif(btrim(ap.result), '')) is not null`;

export interface AttainmentRow {
  level: string;
  points: Num;
  evaluated: Num;
  reached: Num;
  tasks: Num;
}

export interface PeerValueRow {
  indicatorId: string;
  name: string;
  unit: string;
  direction: string;
  schoolCode: string;
  value: number;
  isDemo: boolean;
  year: number;
}

export function createMeasuresRepo(db: Db) {
  const rows = <T>(query: SQL) => queryRows<T>(db, query);
  return {
    /**
     * Per task level: the assigned points of the current tasks, those with a result, and those with a result
     * and not below standard (report-overview's evaluated and reached), with how many tasks they came from.
     */
    attainmentByLevel(): Promise<AttainmentRow[]> {
      return rows<AttainmentRow>(sql`with ${currentTasks}
        select tk.level, count(*) as points,
          count(*) filter (where ${hasResult}) as evaluated,
          count(*) filter (where ${hasResult} and not ap.below) as reached,
          count(distinct tk.id) as tasks
        from ${currentPoints}
        group by tk.level`);
    },

    /**
     * Warning records of the current tasks' points by warning grade: a level-comparison point's record carries
     * its warning grade A–G as the warning value; a result-comparison record has no grade ('result').
     */
    warningsByGrade() {
      return rows<{ grade: string; n: Num }>(sql`with ${currentTasks}
        select case when qp.warning_mode = 'level' and upper(btrim(w.warning_value)) in ('A', 'B', 'C', 'D', 'E', 'F', 'G')
                    then upper(btrim(w.warning_value)) else 'result' end as grade,
               count(*) as n
        from ${currentPoints}
        join point_warnings w on w.assigned_point_id = ap.id
        group by 1`);
    },

    /**
     * Warning records raised and handled per month (yyyy-MM on the school's clock) from `since`
     * (the first instant of the first month shown) on, over every task.
     */
    warningsByMonth(since: Date) {
      return rows<{ month: string; raised: Num; handled: Num }>(sql`
        with events as (
          select to_char(w.warned_at at time zone ${schoolZoneSql()}, 'YYYY-MM') as month, 1 as raised, 0 as handled
          from point_warnings w where w.warned_at >= ${since.toISOString()}::timestamptz
          union all
          select to_char(w.handled_at at time zone ${schoolZoneSql()}, 'YYYY-MM'), 0, 1
          from point_warnings w where w.handled_at >= ${since.toISOString()}::timestamptz
        )
        select month, sum(raised) as raised, sum(handled) as handled from events group by month`);
    },

    /** The current tasks' assigned points by their quality point's collection method. */
    pointsByCollectionMethod() {
      return rows<{ method: string; n: Num }>(sql`with ${currentTasks}
        select qp.collection_method as method, count(*) as n from ${currentPoints} group by 1`);
    },

    /**
     * The year whose target tasks the department chart counts: `year` when a year target of it has tasks,
     * else the latest earlier year with tasks, else the earliest later one; null without any task.
     */
    async goalYear(year: number): Promise<number | null> {
      const [row] = await rows<{ cycle_year: number }>(sql`
        select y.cycle_year from goal_year_targets y
        where exists (select 1 from goal_tasks t where t.year_target_id = y.id and not t.is_withdrawn)
        order by (y.cycle_year <= ${year}) desc,
                 case when y.cycle_year <= ${year} then -y.cycle_year else y.cycle_year end
        limit 1`);
      return row ? Number(row.cycle_year) : null;
    },

    /** The school named ours in 智能分析's settings, with its level and province. */
    async ownSchool() {
      const [row] = await rows<{ code: string; name: string; level: string; province: string }>(sql`
        select ps.code, ps.name, ps.level, ps.province from analysis_settings s
        join peer_schools ps on ps.code = s.own_school_code
        order by s.updated_at desc, s.id limit 1`);
      return row ?? null;
    },

    /** How many schools of a level and province the national list (全国高等学校名单) holds. */
    async listedSchools(own: { level: string; province: string }) {
      const [row] = await rows<{ n: number | string }>(sql`
        select count(*) as n from peer_schools where level = ${own.level} and province = ${own.province}`);
      return Number(row?.n ?? 0);
    },

    /**
     * The 计分卡 values of the schools of the own school's level and province (the own school included) —
     * the peers module's effective values, so the own school's linked quality point results count as its
     * values — in the latest year where the own school and another of them have a value of the same
     * indicator; failing that, the own school's latest year, else the latest year of any of them.
     */
    peerScorecard(own: { level: string; province: string; code: string }) {
      const values = effectiveValues({
        schools: { kind: 'level', level: own.level, province: own.province },
        indicatorIds: null,
      });
      return rows<PeerValueRow>(sql`
        with vals as (
          select ev."schoolCode" as school_code, ev."indicatorId" as indicator_id, ev.year, ev.value,
                 ev."isDemo" as is_demo
          from (${values}) ev
          join peer_indicators i on i.id = ev."indicatorId" and i.table_kind = 'scorecard'
        ), chosen as (
          select coalesce(
            (select max(o.year) from vals o where o.school_code = ${own.code} and exists (
               select 1 from vals p where p.indicator_id = o.indicator_id and p.year = o.year
                 and p.school_code <> o.school_code)),
            (select max(year) from vals where school_code = ${own.code}),
            (select max(year) from vals)) as year
        )
        select i.id as "indicatorId", i.name, i.unit, i.direction, v.school_code as "schoolCode", v.value,
          v.is_demo as "isDemo", v.year
        from vals v join chosen c on v.year = c.year
        join peer_indicators i on i.id = v.indicator_id
        order by i.sort_order, i.name, v.school_code`);
    },
  };
}

export type MeasuresRepo = ReturnType<typeof createMeasuresRepo>;
