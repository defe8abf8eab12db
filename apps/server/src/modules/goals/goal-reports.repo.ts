import {
  type ProgressReport,
  ROLE_IDS,
  type TargetReport,
  type TargetTask,
  type TaskNode,
} from '@eduqa/contract';
import { and, count, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { newId } from '../../platform/ids.ts';
import { likePattern, sqlAnd, sqlList } from '../../platform/sql.ts';
import { noticesOn } from '../notices/notices.writer.ts';
import { users } from '../org/org.table.ts';
import { createReportCoversRepo } from '../reports/report-covers.repo.ts';
import { goalReportCovers, goalReports, goalReportTemplates } from './goal-reports.table.ts';
import { myDepartments, seesAll } from './goals.repo.ts';

/**
 * Target-report queries. A report's subject is a year target or a task; the report row itself is created at
 * the first change, so lists start from the subjects the actor may see and join the reports on. Rows are
 * named and typed as the contract names them.
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

/** A subject the actor may see, with its report (`reportId` null before the subject's first change). */
export type GoalReportRow = Pick<
  TargetReport,
  | 'scope'
  | 'yearTargetId'
  | 'yearTargetName'
  | 'cycleYear'
  | 'taskId'
  | 'taskName'
  | 'departmentName'
  | 'principalName'
  | 'levelSelf'
  | 'state'
  | 'opinion'
  | 'fileId'
  | 'auditorName'
  | 'canEdit'
  | 'canAudit'
> & {
  subjectId: string;
  description: string;
  reportId: string | null;
  submitterUserId: string | null;
  generatedAt: Date | string | null;
  submittedAt: Date | string | null;
  auditedAt: Date | string | null;
  reportCreatedAt: Date | string | null;
};

export interface ReportFilter {
  subjectId?: string | undefined;
  keyword?: string | undefined;
  cycleYear?: number | undefined;
  yearTargetId?: string | undefined;
  scope?: 'yearTarget' | 'task' | undefined;
  state?: string | undefined;
  /** Only the submitted reports the actor audits (the home page's 待我审核的目标报告). */
  toAudit?: boolean | undefined;
}

/** A report (alias r) of a subject (alias s, from `subjects`) waiting for the actor's audit. */
export const REPORT_AWAITING_AUDIT = sql`(s.can_audit and r.state = 'submitted')`;

/** A task a document lists, with its report's self level. */
export type DocumentTaskRow = Pick<
  TargetTask,
  | 'id'
  | 'parentId'
  | 'name'
  | 'type'
  | 'examType'
  | 'targetValue'
  | 'departmentName'
  | 'principalName'
  | 'startDate'
  | 'endDate'
  | 'state'
> &
  Pick<TargetReport, 'levelSelf'>;

export type DocumentNodeRow = Pick<
  TaskNode,
  'taskId' | 'name' | 'principalName' | 'startDate' | 'endDate' | 'state'
>;

export type LatestProgressRow = Pick<
  ProgressReport,
  'taskId' | 'nodeName' | 'type' | 'content' | 'completion' | 'auditState'
> & { reportedAt: Date | string };

/** A report template with its creator. */
export type TemplateRow = Pick<
  typeof goalReportTemplates.$inferSelect,
  'id' | 'name' | 'outline' | 'createdAt' | 'updatedAt'
> & { creatorId: string; creatorName: string };

function createQueries(db: Db) {
  return {
    ...reportQueries(db),
    ...reportWrites(db),
    ...documentQueries(db),
    ...templateQueries(db),
    ...auditorQueries(db),
    /** 报告封面: the quality reports' cover library on the goal reports' table. */
    covers: createReportCoversRepo(db, goalReportCovers),
    // A state change's messages go out on its own transaction: `tx.notify` inside `transaction`.
    ...noticesOn(db),
  };
}

export type GoalReportQueries = ReturnType<typeof createQueries>;

export function createGoalReportsRepo(db: Db) {
  return {
    ...createQueries(db),
    /** Runs `work` in one transaction with the same queries bound to it (use only those inside). */
    transaction<T>(work: (tx: GoalReportQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createQueries(tx)));
    },
  };
}

/** Who audits a submitted report (`subjects`' can_audit read the other way round), for its message. */
function auditorQueries(db: Db) {
  return {
    /** A task's report: the task's creator; a year target's: the school leaders and administrators. */
    async reportAuditorIds(subject: { taskId: string | null }): Promise<string[]> {
      const found = await rows<{ id: string }>(
        db,
        subject.taskId
          ? sql`select creator_user_id as id from goal_tasks where id = ${subject.taskId} and not is_withdrawn`
          : sql`select distinct ur.user_id as id from user_roles ur join users u on u.id = ur.user_id
                where ur.role_id in (${ROLE_IDS.schoolLeader}, ${ROLE_IDS.admin}) and not u.disabled`,
      );
      return found.map((r) => r.id);
    },
  };
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

    /**
     * The school's own name (智能分析's 本校, from the national list), for a cover that names none; null when
     * the school has not chosen itself there.
     */
    async ownSchoolName() {
      const [found] = await rows<{ name: string }>(
        db,
        sql`select ps.name from analysis_settings s join peer_schools ps on ps.code = s.own_school_code
            order by s.updated_at desc, s.id limit 1`,
      );
      return found?.name ?? null;
    },
  };
}

function reportQueries(db: Db) {
  return {
    /** A page of the actor's report subjects with their reports, and their total. */
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
      if (filter.toAudit) where.push(REPORT_AWAITING_AUDIT);
      const found = await rows<GoalReportRow & { total: number }>(
        db,
        sql`select s.subject_id as "subjectId", s.scope, s.year_target_id as "yearTargetId",
              s.year_target_name as "yearTargetName", s.cycle_year as "cycleYear", s.description,
              s.task_id as "taskId", s.task_name as "taskName", s.department_name as "departmentName",
              s.principal_name as "principalName", coalesce(s.can_edit, false) as "canEdit",
              coalesce(s.can_audit, false) as "canAudit", r.id as "reportId", r.level_self as "levelSelf",
              coalesce(r.state, 'draft') as state, coalesce(r.opinion, '') as opinion, r.file_id as "fileId",
              r.generated_at as "generatedAt", r.submitter_user_id as "submitterUserId",
              r.submitted_at as "submittedAt", au.name as "auditorName", r.audited_at as "auditedAt",
              r.created_at as "reportCreatedAt",
              (count(*) over ())::int as total
            from ${subjects(actor)} s
            left join goal_reports r on r.subject_id = s.subject_id
            left join users au on au.id = r.auditor_user_id
            where ${sqlAnd(where)}
            order by s.cycle_year desc, s.year_target_created_at desc, s.year_target_id, s.scope_order,
              s.sort, s.subject_created_at, s.subject_id
            limit ${page.limit} offset ${page.offset}`,
      );
      return {
        records: found.map(({ total: _, ...row }): GoalReportRow => row),
        total: found[0]?.total ?? 0,
      };
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
        sql`select t.id, t.parent_id as "parentId", t.name, t.type, t.exam_type as "examType",
              t.target_value as "targetValue", d.name as "departmentName", pu.name as "principalName",
              to_char(t.start_date, 'YYYY-MM-DD') as "startDate", to_char(t.end_date, 'YYYY-MM-DD') as "endDate",
              t.state, r.level_self as "levelSelf"
            from goal_tasks t join departments d on d.id = t.department_id
            join users pu on pu.id = t.principal_user_id
            left join goal_reports r on r.subject_id = t.id
            where t.year_target_id = ${input.yearTargetId} and not t.is_withdrawn ${only}
            order by t.sort, t.created_at, t.id`,
      );
    },

    async documentNodes(taskIds: readonly string[]) {
      if (taskIds.length === 0) return [];
      return rows<DocumentNodeRow>(
        db,
        sql`select n.task_id as "taskId", n.name, u.name as "principalName",
              to_char(n.start_date, 'YYYY-MM-DD') as "startDate", to_char(n.end_date, 'YYYY-MM-DD') as "endDate",
              n.state
            from goal_nodes n join users u on u.id = n.principal_user_id
            where n.task_id in (${sqlList(taskIds)}) order by n.start_date, n.created_at, n.id`,
      );
    },

    /** The latest progress report of each task. */
    async latestProgress(taskIds: readonly string[]) {
      if (taskIds.length === 0) return [];
      return rows<LatestProgressRow>(
        db,
        sql`select distinct on (p.task_id) p.task_id as "taskId", n.name as "nodeName", p.type, p.content,
              p.completion, p.audit_state as "auditState", p.reported_at as "reportedAt"
            from goal_progress p join goal_nodes n on n.id = p.node_id
            where p.task_id in (${sqlList(taskIds)}) order by p.task_id, p.reported_at desc, p.id desc`,
      );
    },
  };
}

/** 报告模板 of goal reports. */
function templateQueries(db: Db) {
  const t = goalReportTemplates;
  const select = () =>
    db
      .select({
        id: t.id,
        name: t.name,
        outline: t.outline,
        creatorId: t.creatorUserId,
        creatorName: users.name,
        createdAt: t.createdAt,
        updatedAt: t.updatedAt,
      })
      .from(t)
      .innerJoin(users, eq(users.id, t.creatorUserId));
  return {
    async template(id: string): Promise<TemplateRow | undefined> {
      const [row] = await select().where(eq(t.id, id));
      return row;
    },

    async templatePage(input: { keyword?: string | undefined; limit: number; offset: number }) {
      const where = input.keyword ? ilike(t.name, likePattern(input.keyword)) : undefined;
      const records: TemplateRow[] = await select()
        .where(where)
        .orderBy(desc(t.createdAt), desc(t.id))
        .limit(input.limit)
        .offset(input.offset);
      const [total] = await db.select({ n: count() }).from(t).where(where);
      return { records, total: Number(total?.n ?? 0) };
    },

    async insertTemplate(row: { id: string; name: string; outline: string; creatorUserId: string }) {
      await db.insert(t).values(row);
    },

    /** Whether the template was there to change. */
    async updateTemplate(id: string, values: { name: string; outline: string; updatedAt: Date }) {
      const updated = await db.update(t).set(values).where(eq(t.id, id)).returning({ id: t.id });
      return updated.length > 0;
    },

    /** How many of the templates were there to delete. */
    async deleteTemplates(ids: readonly string[]) {
      const deleted = await db
        .delete(t)
        .where(inArray(t.id, [...ids]))
        .returning({ id: t.id });
      return deleted.length;
    },
  };
}

export type GoalReportsRepo = ReturnType<typeof createGoalReportsRepo>;
