import {
  ANALYSIS_GRADES,
  type AnalysisGrade,
  type AnalysisObject,
  type AnalysisPoint,
  type Attainment,
  figuresFromCounts,
  type PagingQuery,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern, sqlAnd, sqlList } from '../../platform/sql.ts';
import { HAS_RESULT, visibleObjectTask } from './diagnosis.scopes.ts';

/**
 * The statements behind 统计分析 and the batch calls: attainment of assigned points grouped by object
 * task or by quality point, a fingerprint of what the analysis of a task reads, and the points a batch
 * audit step moves. Who sees which object tasks arrives as the reader, whose object tasks (alias `ot`) each
 * statement keeps by `visibleObjectTask` (diagnosis.scopes.ts).
 */

/**
 * The figure catalogue's counts (figures.ts), as the report counts them: a point has a result when its
 * effective result (the revised one when present) is not blank; reached = with a result and not below;
 * below counts only points with a result; unfinished = without one (not the closed-task flag). The grade and
 * the below flag are recompute's, read here, never judged again.
 */
const ATTAINMENT = sql.raw(`count(ap.id)::int as "pointCount",
  (count(ap.id) filter (where ${HAS_RESULT}))::int as "evaluatedCount",
  (count(ap.id) filter (where ${HAS_RESULT} and ap.below))::int as "belowCount",
  ${ANALYSIS_GRADES.map((g) => `(count(ap.id) filter (where ap.grade = '${g}'))::int as "grade${g}"`).join(',\n  ')}`);

type AttainmentRow = {
  pointCount: number | string;
  evaluatedCount: number | string;
  belowCount: number | string;
} & Record<`grade${AnalysisGrade}`, number | string>;

function toAttainment(row: AttainmentRow): Attainment {
  const figures = figuresFromCounts({
    pointCount: Number(row.pointCount),
    evaluatedCount: Number(row.evaluatedCount),
    belowCount: Number(row.belowCount),
    warningCount: 0,
    handledCount: 0,
  });
  return {
    pointCount: figures.pointCount,
    evaluatedCount: figures.evaluatedCount,
    reachedCount: figures.reachedCount,
    belowCount: figures.belowCount,
    unfinishedCount: figures.unfinishedCount,
    reachedRate: figures.reachedRate,
    grades: Object.fromEntries(ANALYSIS_GRADES.map((g) => [g, Number(row[`grade${g}`])])) as Record<
      AnalysisGrade,
      number
    >,
  };
}

export function createDiagnosisAnalysisRepo(db: Db) {
  return {
    /** The task's object tasks the reader reads, each with the attainment of its points, by object name. */
    async pageObjects(
      filter: { taskId: string; reader: Actor; keyword?: string | undefined },
      paging: PagingQuery,
    ): Promise<{ records: AnalysisObject[]; total: number }> {
      const parts = [sql`ot.task_id = ${filter.taskId}`, visibleObjectTask(filter.reader)];
      if (filter.keyword) parts.push(sql`o.name ilike ${likePattern(filter.keyword)}`);
      const page = await pagedRows<
        AttainmentRow & Omit<AnalysisObject, keyof Attainment> & { sortName: string }
      >(
        db,
        sql`select ot.id as "objectTaskId", o.id as "objectId", o.name as "objectName",
                   d.name as "departmentName", cu.name as "chargerName", ${ATTAINMENT}
            from object_tasks ot
            join diagnosis_objects o on o.id = ot.object_id
            left join departments d on d.id = o.department_id
            left join users cu on cu.id = ot.charger_user_id
            left join assigned_points ap on ap.object_task_id = ot.id
            where ${sqlAnd(parts)}
            group by ot.id, o.id, o.name, d.name, cu.name
            order by o.name, ot.id`,
        paging,
      );
      return {
        total: page.total,
        records: page.records.map((r) => ({
          objectTaskId: r.objectTaskId,
          objectId: r.objectId,
          objectName: r.objectName,
          departmentName: r.departmentName,
          chargerName: r.chargerName,
          ...toAttainment(r),
        })),
      };
    },

    /** Each quality point of the task over the object tasks the reader reads (or one of them), in tree order. */
    async points(filter: { taskId: string; reader: Actor; objectTaskId?: string | undefined }) {
      const parts = [sql`ot.task_id = ${filter.taskId}`, visibleObjectTask(filter.reader)];
      if (filter.objectTaskId) parts.push(sql`ot.id = ${filter.objectTaskId}`);
      const rows = await queryRows<AttainmentRow & Omit<AnalysisPoint, keyof Attainment>>(
        db,
        sql`select qp.id as "qualityPointId", qp.name, i.name as "indicatorName", qp.data_type as "dataType",
                   ${ATTAINMENT}
            from assigned_points ap
            join object_tasks ot on ot.id = ap.object_task_id
            join quality_points qp on qp.id = ap.quality_point_id
            join indicators i on i.id = qp.indicator_id
            where ${sqlAnd(parts)}
            group by qp.id, qp.name, i.name, qp.data_type, i.sort, qp.sort
            order by i.sort, i.name, qp.sort, qp.name, qp.id`,
      );
      return rows.map(
        (r): AnalysisPoint => ({
          qualityPointId: r.qualityPointId,
          name: r.name,
          indicatorName: r.indicatorName,
          dataType: r.dataType,
          ...toAttainment(r),
        }),
      );
    },

    /**
     * What the analysis of a task reads, as one string: the count and newest change of its assigned
     * points (every write and every recompute touches `updated_at`) and the object tasks the reader reads.
     * A cache made under the same fingerprint is still the answer.
     */
    async fingerprint(taskId: string, reader: Actor): Promise<string> {
      const [row] = await queryRows<{ points: number | string; changed: string | null; objects: string }>(
        db,
        sql`select (select count(*) from assigned_points ap join object_tasks ot on ot.id = ap.object_task_id
                    where ot.task_id = ${taskId})::int as points,
                   (select max(ap.updated_at)::text from assigned_points ap
                    join object_tasks ot on ot.id = ap.object_task_id where ot.task_id = ${taskId}) as changed,
                   (select md5(coalesce(string_agg(ot.id, ',' order by ot.id), '')) from object_tasks ot
                    where ot.task_id = ${taskId} and ${visibleObjectTask(reader)}) as objects`,
      );
      return `${row?.points ?? 0}|${row?.changed ?? ''}|${row?.objects ?? ''}`;
    },

    /** The object tasks among `ids` the reader reads, with their charger. */
    async objectTasksIn(ids: readonly string[], reader: Actor) {
      return queryRows<{ id: string; chargerUserId: string | null }>(
        db,
        sql`select ot.id, ot.charger_user_id as "chargerUserId" from object_tasks ot
            where ot.id in (${sqlList(ids)}) and ${visibleObjectTask(reader)}`,
      );
    },

    /** The assigned points of the object tasks whose audit state is one of `states`. */
    async pointIdsIn(objectTaskIds: readonly string[], states: readonly string[]): Promise<string[]> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select ap.id from assigned_points ap
            where ap.object_task_id in (${sqlList(objectTaskIds)}) and ap.audit_state in (${sqlList(states)})
            order by ap.id`,
      );
      return rows.map((r) => r.id);
    },

    /** The task of an object task and that task's state. */
    async objectTaskFacts(objectTaskId: string): Promise<{ taskId: string; state: string } | undefined> {
      const [row] = await queryRows<{ taskId: string; state: string }>(
        db,
        sql`select t.id as "taskId", t.state from object_tasks ot join diagnosis_tasks t on t.id = ot.task_id
            where ot.id = ${objectTaskId}`,
      );
      return row;
    },
  };
}

export type DiagnosisAnalysisRepo = ReturnType<typeof createDiagnosisAnalysisRepo>;
