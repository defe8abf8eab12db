import type { QualityReportScope, QualityRow, WarningRow } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { HAS_RESULT } from '../diagnosis/diagnosis.scopes.ts';
import { pageWarnedPointsIn } from '../diagnosis/diagnosis-points.repo.ts';
import { loadRows, type Page } from '../diagnosis/diagnosis-rows.repo.ts';

/** What defines a report's points: the condition on object tasks (alias `ot`). */
export interface ReportScopeKey {
  taskId: string;
  scope: QualityReportScope;
  objectTaskId: string | null;
  departmentId: string | null;
}

/** The tables a report's counts open: all its points, those below standard, those without a result. */
export type ReportPointTable = 'points' | 'below' | 'unfinished';

export function scopeCondition(key: ReportScopeKey): SQL {
  switch (key.scope) {
    case 'objectTask':
      return sql`ot.id = ${key.objectTaskId}`;
    case 'department':
      return sql`ot.task_id = ${key.taskId} and exists (select 1 from diagnosis_objects so
                 where so.id = ot.object_id and so.department_id = ${key.departmentId})`;
    case 'task':
      return sql`ot.task_id = ${key.taskId}`;
  }
}

/** The rows a table of the report shows: the same rows its count counted. */
function tableCondition(key: ReportScopeKey, table: ReportPointTable): SQL {
  const scope = scopeCondition(key);
  if (table === 'below') return sql`${scope} and ap.below`;
  if (table === 'unfinished') {
    return sql`${scope} and coalesce(nullif(btrim(ap.revised_result), ''), nullif(btrim(ap.result), '')) is null`;
  }
  return scope;
}

/** A point in the report's scope, as the overview counts it. */
export interface PointFact {
  pointName: string;
  level1: string | null;
  level2: string | null;
  grade: string | null;
  hasResult: boolean;
  below: boolean;
  warnings: number;
  handled: number;
}

/** A point of 改进成效: last cycle's value beside this cycle's, with the measure taken. */
export interface ImprovementFact {
  pointName: string;
  objectName: string;
  lastTaskName: string;
  lastValue: string | null;
  currentValue: string | null;
  measure: string;
  wasBelow: boolean;
  wasWarned: boolean;
  dataType: string;
  direction: string;
  calcMode: string;
}

/** The report's numbers, read live from the diagnosis tables through the scope's condition. */
export function reportDataQueries(db: Db) {
  return {
    ...reportFactQueries(db),
    ...reportTableQueries(db),

    async improvements(key: ReportScopeKey): Promise<ImprovementFact[]> {
      return queryRows<ImprovementFact>(db, improvementsQuery(key));
    },
  };
}

function reportFactQueries(db: Db) {
  return {
    async pointFacts(key: ReportScopeKey): Promise<PointFact[]> {
      const rows = await queryRows<
        Omit<PointFact, 'warnings' | 'handled'> & { warnings: number | string; handled: number | string }
      >(db, pointFactsQuery(key));
      return rows.map((r) => ({ ...r, warnings: Number(r.warnings), handled: Number(r.handled) }));
    },

    async headerItems(key: ReportScopeKey, limit: number) {
      return queryRows<{ id: string; name: string; person: string | null }>(
        db,
        sql`select ot.id, o.name, u.name as person from object_tasks ot
            join diagnosis_objects o on o.id = ot.object_id left join users u on u.id = ot.charger_user_id
            where ${scopeCondition(key)} order by o.code, o.id limit ${limit}`,
      );
    },

    async countObjectTasks(key: ReportScopeKey): Promise<number> {
      const [row] = await queryRows<{ n: number | string }>(
        db,
        sql`select count(*) as n from object_tasks ot where ${scopeCondition(key)}`,
      );
      return Number(row?.n ?? 0);
    },
  };
}

function reportTableQueries(db: Db) {
  const countPoints = async (where: SQL): Promise<number> => {
    const [row] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from assigned_points ap join object_tasks ot on ot.id = ap.object_task_id where ${where}`,
    );
    return Number(row?.n ?? 0);
  };
  return {
    /** A page of a table of the report, as the diagnosis fill table shows its rows to `userId`. */
    pointTable(input: {
      userId: string;
      key: ReportScopeKey;
      table: ReportPointTable;
      page: Page;
    }): Promise<QualityRow[]> {
      return loadRows(db, input.userId, tableCondition(input.key, input.table), { page: input.page });
    },

    countPointTable: (key: ReportScopeKey, table: ReportPointTable) =>
      countPoints(tableCondition(key, table)),

    async isPointInScope(key: ReportScopeKey, assignedPointId: string): Promise<boolean> {
      return (await countPoints(sql`${scopeCondition(key)} and ap.id = ${assignedPointId}`)) > 0;
    },

    /** The report's warned points, as diagnosis's warned-point grid lists them. */
    warnedPoints(key: ReportScopeKey, page: Page): Promise<{ records: WarningRow[]; total: number }> {
      return pageWarnedPointsIn(db, scopeCondition(key), { state: 'all' }, page);
    },
  };
}

function pointFactsQuery(key: ReportScopeKey): SQL {
  return sql`
    with recursive pts as (
      select ap.id, ap.below, ap.grade, qp.name as point_name, qp.indicator_id, qp.sort as point_sort, o.name as object_name,
             ${sql.raw(HAS_RESULT)} as has_result
      from assigned_points ap
      join object_tasks ot on ot.id = ap.object_task_id
      join diagnosis_objects o on o.id = ot.object_id
      join quality_points qp on qp.id = ap.quality_point_id
      where ${scopeCondition(key)}
    ),
    path as (
      select i.id, i.parent_id, i.name, i.depth, i.id as leaf from indicators i
      where i.id in (select distinct indicator_id from pts)
      union all
      select i.id, i.parent_id, i.name, i.depth, p.leaf from indicators i join path p on i.id = p.parent_id
    ),
    levels as (
      select leaf, max(name) filter (where depth = 1) as level1, max(name) filter (where depth = 2) as level2
      from path group by leaf
    ),
    warn as (
      select w.assigned_point_id, count(*) as warnings, count(w.handled_at) as handled
      from point_warnings w where w.assigned_point_id in (select id from pts) group by w.assigned_point_id
    )
    select p.point_name as "pointName", l.level1, l.level2, p.grade, p.has_result as "hasResult", p.below,
           coalesce(w.warnings, 0) as warnings, coalesce(w.handled, 0) as handled
    from pts p left join levels l on l.leaf = p.indicator_id left join warn w on w.assigned_point_id = p.id
    order by p.object_name, p.point_sort, p.id`;
}

/**
 * 改进成效: points in scope whose previous cycle's point (same object and quality point, the latest
 * earlier task of the level — the rule recompute uses for 上次结果) was below standard or warned and
 * carries a measure: the point's own, else the latest handled warning's.
 */
function improvementsQuery(key: ReportScopeKey): SQL {
  return sql`
    with cur as (
      select ap.id, ap.quality_point_id, ot.object_id, t.level, t.end_date,
             coalesce(nullif(btrim(ap.revised_result), ''), nullif(btrim(ap.result), '')) as current_value
      from assigned_points ap
      join object_tasks ot on ot.id = ap.object_task_id
      join diagnosis_tasks t on t.id = ot.task_id
      where ${scopeCondition(key)}
    ),
    prev as (
      select distinct on (c.id) c.id as cur_id, c.current_value, p2.id as prev_id, p2.below, p2.measure,
             t2.name as task_name,
             coalesce(nullif(btrim(p2.revised_result), ''), nullif(btrim(p2.result), '')) as value
      from cur c
      join object_tasks o2 on o2.object_id = c.object_id
      join diagnosis_tasks t2 on t2.id = o2.task_id and t2.level = c.level and t2.end_date < c.end_date
      join assigned_points p2 on p2.object_task_id = o2.id and p2.quality_point_id = c.quality_point_id
      order by c.id, t2.end_date desc, t2.id desc
    ),
    judged as (
      select p.*, exists (select 1 from point_warnings w where w.assigned_point_id = p.prev_id) as warned
      from prev p
    ),
    measured as (
      select j.*, coalesce(nullif(btrim(j.measure), ''), (
               select w.measure from point_warnings w where w.assigned_point_id = j.prev_id
                 and w.handled_at is not null and btrim(coalesce(w.measure, '')) <> ''
               order by w.handled_at desc, w.id desc limit 1)) as chosen_measure
      from judged j where j.below or j.warned
    )
    select qp.name as "pointName", o.name as "objectName", m.task_name as "lastTaskName", m.value as "lastValue",
           m.current_value as "currentValue", m.chosen_measure as measure, m.below as "wasBelow",
           m.warned as "wasWarned", qp.data_type as "dataType", qp.direction, qp.calc_mode as "calcMode"
    from measured m
    join assigned_points ap on ap.id = m.cur_id
    join object_tasks ot on ot.id = ap.object_task_id
    join diagnosis_objects o on o.id = ot.object_id
    join quality_points qp on qp.id = ap.quality_point_id
    where m.chosen_measure is not null
    order by o.code, qp.sort, ap.id`;
}
