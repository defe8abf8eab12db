import type { ReviewObjectTask } from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern, sqlAnd } from '../../platform/sql.ts';
import { formatDateTime } from '../../platform/time.ts';
import { visibleObjectTask } from './diagnosis.scopes.ts';

export interface ReviewQueueFilter {
  /** The caller: only the object tasks (alias `ot`) they read are queued. */
  reader: Actor;
  taskId?: string | undefined;
  level?: string | undefined;
  departmentId?: string | undefined;
  keyword?: string | undefined;
}

interface ReviewRow extends Omit<ReviewObjectTask, 'submittedAt'> {
  submittedAt: number | string | null;
}

/** The auditor's queue (待审核): object tasks with submitted points, newest submission first. */
export function createReviewQueries(db: Db) {
  return {
    /**
     * One statement: the submitted points grouped by object task (how many, and when the latest was
     * submitted, from its audit trail), joined to task, object, department and charger, filtered and
     * paged with the total beside each row.
     */
    async pageReviewQueue(filter: ReviewQueueFilter, paging: { pageNum: number; pageSize: number }) {
      const parts: SQL[] = [visibleObjectTask(filter.reader)];
      if (filter.taskId) parts.push(sql`t.id = ${filter.taskId}`);
      if (filter.level) parts.push(sql`t.level = ${filter.level}`);
      if (filter.departmentId) parts.push(sql`o.department_id = ${filter.departmentId}`);
      if (filter.keyword) {
        const pattern = likePattern(filter.keyword);
        parts.push(sql`(t.name ilike ${pattern} or o.name ilike ${pattern} or cu.name ilike ${pattern})`);
      }
      const page = await pagedRows<ReviewRow>(
        db,
        sql`
          select ot.id, t.id as "taskId", t.name as "taskName", o.id as "objectId", o.name as "objectName",
                 t.level, o.department_id as "departmentId", d.name as "departmentName",
                 ot.charger_user_id as "chargerId", cu.name as "chargerName",
                 q.submitted_count as "submittedCount",
                 (extract(epoch from q.submitted_at) * 1000)::float8 as "submittedAt"
          from (
            select ap.object_task_id, count(distinct ap.id)::int as submitted_count,
                   max(pa.created_at) as submitted_at
            from assigned_points ap
            left join point_audits pa on pa.assigned_point_id = ap.id and pa.action = 'submit'
            where ap.audit_state = 'submitted'
            group by ap.object_task_id
          ) q
          join object_tasks ot on ot.id = q.object_task_id
          join diagnosis_tasks t on t.id = ot.task_id
          join diagnosis_objects o on o.id = ot.object_id
          left join departments d on d.id = o.department_id
          left join users cu on cu.id = ot.charger_user_id
          where ${sqlAnd(parts)}
          order by q.submitted_at desc nulls last, t.name, o.code, ot.id`,
        paging,
      );
      return {
        total: page.total,
        records: page.records.map(
          (r): ReviewObjectTask => ({
            ...r,
            submittedCount: Number(r.submittedCount),
            submittedAt: r.submittedAt === null ? null : formatDateTime(new Date(Number(r.submittedAt))),
          }),
        ),
      };
    },
  };
}
