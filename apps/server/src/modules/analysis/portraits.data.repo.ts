import type { PagingQuery, PortraitObject, PortraitSubject, ResultSource } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern } from '../../platform/sql.ts';
import { schoolZoneSql } from '../../platform/time.ts';
import { RESULT_SOURCE_SQL } from '../diagnosis/diagnosis.scopes.ts';
import { visibleObject } from './authority.access.ts';

const objectColumns = sql`o.id, o.code, o.name, d.name as "departmentName"`;

/** The reads of 画像 data: objects, and each block of a portrait in one set-based statement. */
export function createPortraitDataRepo(db: Db) {
  return {
    /** Whether the object of this level exists and the actor may see its portrait. */
    async objectVisible(actor: Actor, subject: PortraitSubject, objectId: string): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select o.id from diagnosis_objects o
            where o.id = ${objectId} and o.level = ${subject} and ${visibleObject(actor)}`,
      );
      return rows.length > 0;
    },

    /** The objects of a level the actor may see, by name or code, in name order. */
    async objectPage(
      actor: Actor,
      filter: { subject: PortraitSubject; keyword?: string | undefined },
      paging: PagingQuery,
    ) {
      const parts: SQL[] = [sql`o.level = ${filter.subject}`, visibleObject(actor)];
      if (filter.keyword) {
        const like = likePattern(filter.keyword);
        parts.push(sql`(o.name ilike ${like} or o.code ilike ${like})`);
      }
      return pagedRows<PortraitObject>(
        db,
        sql`select ${objectColumns} from diagnosis_objects o left join departments d on d.id = o.department_id
            where ${sql.join(parts, sql` and `)} order by o.name, o.code, o.id`,
        paging,
      );
    },

    /** The tasks the object takes part in, newest first, each with its object task. */
    async tasksOf(objectId: string) {
      return queryRows<{ id: string; name: string; period: string; objectTaskId: string }>(
        db,
        sql`select t.id, t.name, t.period, ot.id as "objectTaskId"
            from object_tasks ot join diagnosis_tasks t on t.id = ot.task_id
            where ot.object_id = ${objectId}
            order by t.start_date desc, t.created_at desc, t.id`,
      );
    },

    /**
     * The assigned points of one object task with their level-1 indicator and warning counts: one statement
     * (the indicator path walked once for all points, the warnings grouped once).
     */
    async points(objectTaskId: string): Promise<PortraitPointRow[]> {
      return queryRows<PortraitPointRow>(
        db,
        sql`
          with recursive pts as (
            select ap.id, ap.quality_point_id, qp.name, qp.indicator_id, qp.data_type, qp.sort, ap.result,
                   ap.revised_result, ap.target_value, ap.revised_target, ap.grade, ap.below,
                   ${sql.raw(RESULT_SOURCE_SQL)} as result_source
            from assigned_points ap join quality_points qp on qp.id = ap.quality_point_id
            where ap.object_task_id = ${objectTaskId}
          ),
          path as (
            select i.id, i.parent_id, i.name, i.depth, i.id as leaf from indicators i
            where i.id in (select distinct indicator_id from pts)
            union all
            select i.id, i.parent_id, i.name, i.depth, p.leaf from indicators i join path p on i.id = p.parent_id
          ),
          levels as (select leaf, max(name) filter (where depth = 1) as level1 from path group by leaf),
          warn as (
            select w.assigned_point_id, count(*) as warnings, count(w.handled_at) as handled
            from point_warnings w where w.assigned_point_id in (select id from pts) group by w.assigned_point_id
          )
          select p.id as "assignedPointId", p.quality_point_id as "qualityPointId", p.name,
                 l.level1 as indicator, p.data_type as "dataType", p.result, p.revised_result as "revisedResult",
                 p.target_value as target, p.revised_target as "revisedTarget", p.grade, p.below,
                 p.result_source as "resultSource",
                 coalesce(w.warnings, 0) as warnings, coalesce(w.handled, 0) as handled
          from pts p left join levels l on l.leaf = p.indicator_id left join warn w on w.assigned_point_id = p.id
          order by l.level1 nulls last, p.sort, p.name, p.id`,
      );
    },

    /** The warnings of one object task's points by month (yyyy-MM on the school's calendar), one statement. */
    async warningsByMonth(objectTaskId: string) {
      const rows = await queryRows<{ month: string; count: number | string; handled: number | string }>(
        db,
        sql`select to_char(w.warned_at at time zone ${schoolZoneSql()}, 'YYYY-MM') as month, count(*) as count,
                   count(w.handled_at) as handled
            from point_warnings w join assigned_points ap on ap.id = w.assigned_point_id
            where ap.object_task_id = ${objectTaskId}
            group by 1 order by 1`,
      );
      return rows.map((r) => ({ month: r.month, count: Number(r.count), handled: Number(r.handled) }));
    },

    /**
     * The effective results of the object's points in every task up to the chosen one (by start date), for
     * the points of the chosen task: one statement over all tasks and points.
     */
    async trend(objectId: string, objectTaskId: string): Promise<PortraitTrendRow[]> {
      return queryRows<PortraitTrendRow>(
        db,
        sql`select t.id as "taskId", t.period, ap.quality_point_id as "qualityPointId", qp.name,
                   qp.data_type as "dataType",
                   coalesce(nullif(btrim(ap.revised_result), ''), nullif(btrim(ap.result), '')) as result,
                   coalesce(nullif(btrim(ap.revised_target), ''), nullif(btrim(ap.target_value), '')) as target,
                   ap.grade
            from object_tasks ot
            join diagnosis_tasks t on t.id = ot.task_id
            join assigned_points ap on ap.object_task_id = ot.id
            join quality_points qp on qp.id = ap.quality_point_id
            join diagnosis_tasks chosen on chosen.id = (select task_id from object_tasks where id = ${objectTaskId})
            where ot.object_id = ${objectId}
              and t.start_date <= chosen.start_date
              and ap.quality_point_id in (select quality_point_id from assigned_points where object_task_id = ${objectTaskId})
            order by qp.sort, qp.name, ap.quality_point_id, t.start_date, t.created_at`,
      );
    },

    async object(objectId: string): Promise<PortraitObject | undefined> {
      const [row] = await queryRows<PortraitObject>(
        db,
        sql`select ${objectColumns} from diagnosis_objects o left join departments d on d.id = o.department_id
            where o.id = ${objectId}`,
      );
      return row;
    },
  };
}

export interface PortraitPointRow {
  assignedPointId: string;
  qualityPointId: string;
  name: string;
  indicator: string | null;
  dataType: string;
  result: string | null;
  revisedResult: string | null;
  target: string | null;
  revisedTarget: string | null;
  grade: string | null;
  below: boolean;
  resultSource: ResultSource;
  warnings: number | string;
  handled: number | string;
}

export interface PortraitTrendRow {
  taskId: string;
  period: string;
  qualityPointId: string;
  name: string;
  dataType: string;
  result: string | null;
  target: string | null;
  grade: string | null;
}

export type PortraitDataRepo = ReturnType<typeof createPortraitDataRepo>;
