import { ROLE_IDS } from '@eduqa/contract';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { newId } from '../../platform/ids.ts';
import { likePattern, sqlAnd, sqlList } from '../../platform/sql.ts';
import { goalReportCovers, goalReports } from './goal-reports.table.ts';
import { myDepartments, seesAll } from './goals.repo.ts';

/**
 * Target-report queries. A report's subject is a year target or a task; the report row itself is created at
 * the first change, so lists start from the subjects the actor may see and join the reports on.
 */

type Executor = Pick<Db, 'execute'>;
const rows = <T>(db: Executor, query: SQL) => queryRows<T>(db as Db, query);

/** Who audits a year target's report: school leaders and administrators. */
export const isYearReportAuditor = (actor: Actor) =>
  actor.roleIds.includes(ROLE_IDS.schoolLeader) || actor.roleIds.includes(ROLE_IDS.admin);

/**
 * The subjects an actor may see, with whether they may edit (self level, generate, submit) and audit:
 * - a year target: seen by publishers, school leaders and administrators; edited by its creator;
 * - a task (not withdrawn): seen by its creator, those who see everything, its principal and the managers
 *   of its responsible department; edited by the principal and the department's managers; audited by the
 *   task's creator.
 */
export function subjects(actor: Actor): SQL {
  const me = actor.userId;
  const allYears = sql.raw(String(seesAll(actor)));
  const auditsYears = sql.raw(String(isYearReportAuditor(actor)));
  const taskEditor = sql`(t.principal_user_id = ${me} or t.department_id in ${myDepartments(me)})`;
  return sql`(
    select y.id as subject_id, 'yearTarget' as scope, y.id as year_target_id, y.name as year_target_name,
      y.cycle_year, y.description, y.created_at as year_target_created_at, 0 as scope_order,
      null::text as task_id, null::text as task_name, null::text as parent_id, null::text as department_name,
      null::text as principal_name, 0 as sort, y.created_at as subject_created_at,
      y.creator_user_id = ${me} as can_edit, ${auditsYears} as can_audit
    from goal_year_targets y where ${allYears}
    union all
    select t.id, 'task', y.id, y.name, y.cycle_year, y.description, y.created_at, 1,
      t.id, t.name, t.parent_id, d.name, pu.name, t.sort, t.created_at,
      ${taskEditor}, t.creator_user_id = ${me}
    from goal_tasks t join goal_year_targets y on y.id = t.year_target_id
      join departments d on d.id = t.department_id join users pu on pu.id = t.principal_user_id
    where not t.is_withdrawn and (t.creator_user_id = ${me} or ${allYears} or ${taskEditor})
  )`;
}

export interface GoalReportRow {
  subject_id: string;
  scope: 'yearTarget' | 'task';
  year_target_id: string;
  year_target_name: string;
  cycle_year: number;
  description: string;
  task_id: string | null;
  task_name: string | null;
  department_name: string | null;
  principal_name: string | null;
  can_edit: boolean;
  can_audit: boolean;
  report_id: string | null;
  level_self: string | null;
  state: string | null;
  opinion: string | null;
  file_id: string | null;
  generated_at: Date | string | null;
  submitter_user_id: string | null;
  submitted_at: Date | string | null;
  auditor_name: string | null;
  audited_at: Date | string | null;
  report_created_at: Date | string | null;
  total: string | number;
}

export interface ReportFilter {
  subjectId?: string | undefined;
  keyword?: string | undefined;
  cycleYear?: number | undefined;
  yearTargetId?: string | undefined;
  scope?: 'yearTarget' | 'task' | undefined;
  state?: string | undefined;
}

export interface DocumentTaskRow {
  id: string;
  parent_id: string | null;
  name: string;
  type: string;
  exam_type: string;
  target_value: string;
  department_name: string;
  principal_name: string;
  start_date: string;
  end_date: string;
  state: string;
  sort: number;
  created_at: Date | string;
  level_self: string | null;
}

export function createGoalReportsRepo(db: Db) {
  return { ...reportQueries(db), ...reportWrites(db), ...documentQueries(db) };
}

/** What a state change may set on a report row. */
export type ReportChange = Partial<
  Pick<
    typeof goalReports.$inferInsert,
    | 'levelSelf'
    | 'fileId'
    | 'generatedAt'
    | 'templateId'
    | 'state'
    | 'opinion'
    | 'submitterUserId'
    | 'submittedAt'
    | 'auditorUserId'
    | 'auditedAt'
  >
> & { updatedAt: Date };

function reportWrites(db: Db) {
  return {
    /** The report row of a subject, created at its first change. */
    async ensureReport(subject: { subjectId: string; yearTargetId: string; taskId: string | null }) {
      await db
        .insert(goalReports)
        .values({ id: newId(), ...subject })
        .onConflictDoNothing({ target: goalReports.subjectId });
      const [found] = await db
        .select({ id: goalReports.id })
        .from(goalReports)
        .where(eq(goalReports.subjectId, subject.subjectId));
      return found!.id;
    },

    /**
     * Changes a report only while it is in one of `states` (and, for a generated document, only while its
     * level is still the one the document shows); answers how many rows changed, so a stale change is seen.
     */
    async changeReport(
      id: string,
      when: { states?: readonly string[]; levelSelf?: string | null },
      change: ReportChange,
    ) {
      const conditions = [eq(goalReports.id, id)];
      if (when.states) conditions.push(inArray(goalReports.state, [...when.states]));
      if (when.levelSelf !== undefined)
        conditions.push(
          when.levelSelf === null ? isNull(goalReports.levelSelf) : eq(goalReports.levelSelf, when.levelSelf),
        );
      const changed = await db
        .update(goalReports)
        .set(change)
        .where(and(...conditions))
        .returning({ id: goalReports.id });
      return changed.length;
    },

    async reportRef(id: string) {
      const [found] = await db
        .select({ subjectId: goalReports.subjectId, fileId: goalReports.fileId })
        .from(goalReports)
        .where(eq(goalReports.id, id));
      return found;
    },

    /** The chosen cover, or the default one when none is chosen. */
    async cover(coverId: string | undefined) {
      const [found] = await db
        .select({
          title: goalReportCovers.title,
          subtitle: goalReportCovers.subtitle,
          schoolName: goalReportCovers.schoolName,
        })
        .from(goalReportCovers)
        .where(coverId ? eq(goalReportCovers.id, coverId) : eq(goalReportCovers.isDefault, true));
      return found;
    },
  };
}

function reportQueries(db: Db) {
  return {
    /** A page of the actor's report subjects with their reports. */
    async reports(actor: Actor, filter: ReportFilter, page: { limit: number; offset: number }) {
      const where: SQL[] = [sql`true`];
      if (filter.subjectId) where.push(sql`s.subject_id = ${filter.subjectId}`);
      if (filter.keyword) {
        const pattern = likePattern(filter.keyword);
        where.push(sql`(s.year_target_name ilike ${pattern} or s.task_name ilike ${pattern})`);
      }
      if (filter.cycleYear) where.push(sql`s.cycle_year = ${filter.cycleYear}`);
      if (filter.yearTargetId) where.push(sql`s.year_target_id = ${filter.yearTargetId}`);
      if (filter.scope) where.push(sql`s.scope = ${filter.scope}`);
      if (filter.state) where.push(sql`coalesce(r.state, 'draft') = ${filter.state}`);
      return rows<GoalReportRow>(
        db,
        sql`select s.subject_id, s.scope, s.year_target_id, s.year_target_name, s.cycle_year, s.description,
              s.task_id, s.task_name, s.department_name, s.principal_name, s.can_edit, s.can_audit,
              r.id as report_id, r.level_self, r.state, r.opinion, r.file_id, r.generated_at,
              r.submitter_user_id, r.submitted_at, au.name as auditor_name, r.audited_at,
              r.created_at as report_created_at,
              count(*) over () as total
            from ${subjects(actor)} s
            left join goal_reports r on r.subject_id = s.subject_id
            left join users au on au.id = r.auditor_user_id
            where ${sqlAnd(where)}
            order by s.cycle_year desc, s.year_target_created_at desc, s.year_target_id, s.scope_order,
              s.sort, s.subject_created_at, s.subject_id
            limit ${page.limit} offset ${page.offset}`,
      );
    },
  };
}

function documentQueries(db: Db) {
  return {
    /** The tasks a document lists: a year target's (not withdrawn), or one task and its sub-tasks. */
    async documentTasks(input: { yearTargetId: string; taskId: string | null }) {
      const only = input.taskId ? sql`and (t.id = ${input.taskId} or t.parent_id = ${input.taskId})` : sql``;
      return rows<DocumentTaskRow>(
        db,
        sql`select t.id, t.parent_id, t.name, t.type, t.exam_type, t.target_value, d.name as department_name,
              pu.name as principal_name, to_char(t.start_date, 'YYYY-MM-DD') as start_date,
              to_char(t.end_date, 'YYYY-MM-DD') as end_date, t.state, t.sort, t.created_at, r.level_self
            from goal_tasks t join departments d on d.id = t.department_id
            join users pu on pu.id = t.principal_user_id
            left join goal_reports r on r.subject_id = t.id
            where t.year_target_id = ${input.yearTargetId} and not t.is_withdrawn ${only}
            order by t.sort, t.created_at, t.id`,
      );
    },

    async documentNodes(taskIds: readonly string[]) {
      if (taskIds.length === 0) return [];
      return rows<{
        task_id: string;
        name: string;
        principal_name: string;
        start_date: string;
        end_date: string;
        state: string;
      }>(
        db,
        sql`select n.task_id, n.name, u.name as principal_name, to_char(n.start_date, 'YYYY-MM-DD') as start_date,
              to_char(n.end_date, 'YYYY-MM-DD') as end_date, n.state
            from goal_nodes n join users u on u.id = n.principal_user_id
            where n.task_id in (${sqlList(taskIds)}) order by n.start_date, n.created_at, n.id`,
      );
    },

    /** The latest progress report of each task. */
    async latestProgress(taskIds: readonly string[]) {
      if (taskIds.length === 0) return [];
      return rows<{
        task_id: string;
        node_name: string;
        type: string;
        content: string;
        completion: number | null;
        audit_state: string;
        reported_at: Date | string;
      }>(
        db,
        sql`select distinct on (p.task_id) p.task_id, n.name as node_name, p.type, p.content, p.completion,
              p.audit_state, p.reported_at
            from goal_progress p join goal_nodes n on n.id = p.node_id
            where p.task_id in (${sqlList(taskIds)}) order by p.task_id, p.reported_at desc, p.id desc`,
      );
    },
  };
}

export type GoalReportsRepo = ReturnType<typeof createGoalReportsRepo>;
