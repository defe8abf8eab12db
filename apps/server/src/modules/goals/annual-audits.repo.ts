import type * as S from '@eduqa/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { likePattern, sqlAnd } from '../../platform/sql.ts';
import { total } from './annual-tasks.repo.ts';
import { myDepartments, visibleTask } from './goal-scopes.ts';
import type { In } from './goals.common.ts';

/** Where an audit waits: its task's name, year target and department. */
export interface AuditContextRow {
  id: string;
  taskName: string;
  yearTargetName: string;
  departmentName: string;
}

export interface ScheduleContextRow extends AuditContextRow {
  creatorId: string;
  isDeptManager: boolean;
}

type AuditQuery = In<typeof S.AuditingListQuerySchema>;
type Page = { limit: number; offset: number };

const auditContext = sql`t.name as "taskName", y.name as "yearTargetName", d.name as "departmentName"`;

/**
 * The progress reports (alias p, over their task t) waiting for the actor: a department's manager decides the
 * department audit, the task's creator either audit. The home workbench counts with the same condition.
 */
export function progressAwaiting(actor: Actor): SQL {
  const me = actor.userId;
  return sql`((p.audit_state = 'reviewing' and t.department_id in ${myDepartments(me)})
    or (p.audit_state in ('reviewing', 'childPass') and t.creator_user_id = ${me}))`;
}

/** The delay requests (alias dl, over their task t) waiting for the task's creator. */
export function delayAwaiting(actor: Actor): SQL {
  return sql`(dl.audit_state = 0 and t.creator_user_id = ${actor.userId})`;
}

/** The tasks (alias `t`) both audit lists start from: seen by the caller and not withdrawn. */
export function awaitingTask(actor: Actor): SQL {
  return sqlAnd([visibleTask(actor), sql`not t.is_withdrawn`]);
}

/** The filters both audit lists share, over a task (alias `t`) the caller sees and has not withdrawn. */
function auditWhere(actor: Actor, q: AuditQuery, own: SQL): SQL {
  const parts: SQL[] = [awaitingTask(actor), own];
  if (q.yearTargetId) parts.push(sql`t.year_target_id = ${q.yearTargetId}`);
  if (q.keyword) parts.push(sql`t.name ilike ${likePattern(q.keyword)}`);
  return sqlAnd(parts);
}

/** The lists of progress reports and delay requests the caller may decide now. */
export function createAnnualAuditsRepo(db: Db) {
  const rows = <T>(query: SQL) => queryRows<T>(db, query);
  return {
    /**
     * Progress reports (alias p) waiting for the caller, oldest first: a department's manager decides
     * the department audit, the task's creator either audit.
     */
    async schedulePage(actor: Actor, q: AuditQuery, page: Page) {
      const mine = myDepartments(actor.userId);
      const where = auditWhere(actor, q, progressAwaiting(actor));
      const from = sql`from goal_progress p join goal_tasks t on t.id = p.task_id
        join goal_year_targets y on y.id = t.year_target_id join departments d on d.id = t.department_id`;
      const records = await rows<ScheduleContextRow>(
        sql`select p.id, ${auditContext}, t.creator_user_id as "creatorId",
              t.department_id in ${mine} as "isDeptManager"
            ${from} where ${where} order by p.reported_at, p.id limit ${page.limit} offset ${page.offset}`,
      );
      const count = await rows<{ n: string | number }>(sql`select count(*) as n ${from} where ${where}`);
      return { records, total: total(count) };
    },

    /** Delay requests waiting for the task's creator, oldest first. */
    async delayPage(actor: Actor, q: AuditQuery, page: Page) {
      const where = auditWhere(actor, q, delayAwaiting(actor));
      const from = sql`from goal_delays dl join goal_tasks t on t.id = dl.task_id
        join goal_year_targets y on y.id = t.year_target_id join departments d on d.id = t.department_id`;
      const records = await rows<AuditContextRow>(
        sql`select dl.id, ${auditContext}
            ${from} where ${where} order by dl.requested_at, dl.id limit ${page.limit} offset ${page.offset}`,
      );
      const count = await rows<{ n: string | number }>(sql`select count(*) as n ${from} where ${where}`);
      return { records, total: total(count) };
    },
  };
}
