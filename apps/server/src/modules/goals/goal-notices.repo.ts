import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { sqlList } from '../../platform/sql.ts';

/** A task as its messages name it, with the people they may reach (goal-notices.ts picks among them). */
export interface TaskAudienceRow {
  id: string;
  name: string;
  yearTargetName: string;
  creatorId: string;
  /** Who issued the task: its creator, the only one who gives it out or changes it. */
  creatorName: string;
  principalId: string;
  departmentId: string;
  departmentName: string;
  /** The responsible department's head: beside the principal, the one who decomposes the task. */
  headId: string | null;
  isWithdrawn: boolean;
}

/** The asker of a request the goal area decides: who gets the decision. */
type AskedTable = 'goal_delays' | 'goal_task_audits';
const ASKER_COLUMN: Record<AskedTable, string> = {
  goal_delays: 'requester_user_id',
  goal_task_audits: 'submitter_user_id',
};

/** The reads of the goal area's messages: one statement each, over sets of tasks. */
export function createGoalNoticesRepo(db: Db) {
  return {
    async taskAudiences(taskIds: readonly string[]): Promise<Map<string, TaskAudienceRow>> {
      if (taskIds.length === 0) return new Map();
      const rows = await queryRows<TaskAudienceRow>(
        db,
        sql`select t.id, t.name, y.name as "yearTargetName", t.creator_user_id as "creatorId",
              coalesce(c.name, '') as "creatorName", t.principal_user_id as "principalId", t.department_id as "departmentId",
              coalesce(d.name, '') as "departmentName", d.head_user_id as "headId",
              t.is_withdrawn as "isWithdrawn"
            from goal_tasks t join goal_year_targets y on y.id = t.year_target_id
              left join departments d on d.id = t.department_id
              left join users c on c.id = t.creator_user_id
            where t.id in (${sqlList(taskIds)})`,
      );
      return new Map(rows.map((r) => [r.id, r]));
    },

    /** The collaborating departments (协办部门) of each task; a task without any is absent. */
    async taskCollaborators(taskIds: readonly string[]): Promise<Map<string, string[]>> {
      if (taskIds.length === 0) return new Map();
      const rows = await queryRows<{ taskId: string; departmentId: string }>(
        db,
        sql`select task_id as "taskId", department_id as "departmentId" from goal_task_collaborators
            where task_id in (${sqlList(taskIds)}) order by task_id, department_id`,
      );
      const byTask = new Map<string, string[]>();
      for (const row of rows) byTask.set(row.taskId, [...(byTask.get(row.taskId) ?? []), row.departmentId]);
      return byTask;
    },

    /** Who asked for the delay or submitted the decomposition `id`. */
    async askerOf(table: AskedTable, id: string): Promise<string | null> {
      const [row] = await queryRows<{ userId: string }>(
        db,
        sql`select ${sql.raw(ASKER_COLUMN[table])} as "userId" from ${sql.raw(table)} where id = ${id}`,
      );
      return row?.userId ?? null;
    },
  };
}
