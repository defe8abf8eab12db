import type { QualityReportScope, QualityReportState, ReviewResult } from '@eduqa/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { queryGroups, transactionOf } from '../../db/transaction.ts';
import type { Actor } from '../../platform/access.ts';
import { pagedRows } from '../../platform/paging.ts';
import { likePattern, sqlAnd } from '../../platform/sql.ts';
import { noticesOn } from '../notices/notices.writer.ts';
import { createReportCoversRepo } from './report-covers.repo.ts';
import { type ReportScopeKey, reportDataQueries } from './report-data.repo.ts';
import { reportLibraryQueries } from './report-library.repo.ts';
import { reportPeopleQueries } from './report-people.repo.ts';
import { type ReportRoles, reportTodoCondition, visibleReport } from './reports.access.ts';
import { qualityReportCovers, qualityReports } from './reports.table.ts';

export { type ReportPointTable, type ReportScopeKey, scopeCondition } from './report-data.repo.ts';

/** A report row with the names its list and page show, and the caller's standing on it. */
export interface ReportRow {
  id: string;
  name: string;
  taskId: string;
  taskName: string;
  taskLevel: string;
  scope: QualityReportScope;
  objectTaskId: string | null;
  departmentId: string | null;
  subjectName: string;
  principalUserId: string;
  principalName: string;
  creatorUserId: string;
  creatorName: string;
  templateId: string | null;
  coverId: string | null;
  state: QualityReportState;
  rejectReason: string | null;
  expertResult: ReviewResult | null;
  expertScore: number | null;
  schoolResult: ReviewResult | null;
  fileId: string | null;
  generatedAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  /** The caller is an assigned expert / has reviewed / sees it only through a share. */
  isExpert: boolean;
  hasReviewed: boolean;
  isShared: boolean;
  /** The object task's charger (object scope) or the department's head (department scope). */
  ownerUserId: string | null;
  score: number | null;
}

/** The list's filters; `view` narrows to the caller's review queue or to what was shared with them. */
export interface ReportListFilter {
  keyword?: string | undefined;
  state?: QualityReportState | undefined;
  taskId?: string | undefined;
  departmentId?: string | undefined;
  view?: 'all' | 'todo' | 'shared' | undefined;
}

/**
 * A change of a report, written only while it is in the state it was checked in. The stamps take the
 * database's clock; `nextRound` starts the next review round after a rejection.
 */
export type ReportChange = Partial<{
  name: string;
  templateId: string | null;
  coverId: string | null;
  state: QualityReportState;
  rejectReason: string | null;
  expertResult: ReviewResult | null;
  expertScore: number | null;
  schoolResult: ReviewResult | null;
  stampSubmitted: true;
  stampDone: true;
  nextRound: true;
}>;

const reportSelect = (me: string) => sql`
  select r.id, r.name, r.task_id as "taskId", t.name as "taskName", t.level as "taskLevel", r.scope,
         r.object_task_id as "objectTaskId", r.department_id as "departmentId",
         case r.scope when 'objectTask' then coalesce(o.name, '') when 'department' then coalesce(d.name, '')
              else t.name end as "subjectName",
         r.principal_user_id as "principalUserId", pu.name as "principalName",
         r.creator_user_id as "creatorUserId", cu.name as "creatorName",
         r.template_id as "templateId", r.cover_id as "coverId", r.state, r.reject_reason as "rejectReason",
         r.expert_result as "expertResult", r.expert_score as "expertScore", r.school_result as "schoolResult",
         r.file_id as "fileId", r.generated_at as "generatedAt", r.created_at as "createdAt", r.updated_at as "updatedAt",
         exists (select 1 from quality_report_experts e where e.report_id = r.id and e.user_id = ${me}) as "isExpert",
         exists (select 1 from quality_report_reviews rv join quality_reports rr on rr.id = rv.report_id
                 where rv.report_id = r.id and rv.reviewer_user_id = ${me} and rv.kind = 'expert'
                   and rv.round = r.round
                 ) as "hasReviewed",
         (r.creator_user_id <> ${me} and r.principal_user_id <> ${me}
          and not exists (select 1 from quality_report_experts e where e.report_id = r.id and e.user_id = ${me})
          and exists (select 1 from quality_report_shares s left join users su on su.id = ${me}
                      where s.report_id = r.id and (s.user_id = ${me} or s.department_id = su.department_id))) as "isShared",
         case r.scope when 'objectTask' then ot.charger_user_id when 'department' then d.head_user_id end as "ownerUserId",
         ${scoreOf()} as score
  from quality_reports r
  join diagnosis_tasks t on t.id = r.task_id
  join users pu on pu.id = r.principal_user_id
  join users cu on cu.id = r.creator_user_id
  left join object_tasks ot on ot.id = r.object_task_id
  left join diagnosis_objects o on o.id = ot.object_id
  left join departments d on d.id = r.department_id`;

/** 得分: the object task's score, or the mean of the scored object tasks in scope (alias r). */
function scoreOf(): SQL {
  return sql`(select round(avg(sc.score)::numeric, 2)::float8 from object_task_scores sc
     join object_tasks ot2 on ot2.id = sc.object_task_id
     where case r.scope when 'objectTask' then ot2.id = r.object_task_id
                        when 'department' then ot2.task_id = r.task_id and exists (
                          select 1 from diagnosis_objects so2 where so2.id = ot2.object_id and so2.department_id = r.department_id)
                        else ot2.task_id = r.task_id end)`;
}

function listConditions(actor: Actor, roles: ReportRoles, filter: ReportListFilter): SQL[] {
  const me = actor.userId;
  const where = [visibleReport(actor, roles)];
  if (filter.keyword) where.push(sql`r.name ilike ${likePattern(filter.keyword)}`);
  if (filter.state) where.push(sql`r.state = ${filter.state}`);
  if (filter.taskId) where.push(sql`r.task_id = ${filter.taskId}`);
  if (filter.departmentId)
    where.push(sql`r.scope = 'department' and r.department_id = ${filter.departmentId}`);
  if (filter.view === 'todo') where.push(reportTodoCondition(actor, roles.schoolReviews));
  if (filter.view === 'shared') {
    where.push(sql`exists (select 1 from quality_report_shares s left join users su on su.id = ${me}
                 where s.report_id = r.id and (s.user_id = ${me} or s.department_id = su.department_id))`);
  }
  return where;
}

/** Reading reports as a caller sees them: only those `visibleReport` lets them read. */
function reportReadQueries(db: Db) {
  return {
    page(input: {
      actor: Actor;
      roles: ReportRoles;
      filter: ReportListFilter;
      paging: { pageNum: number; pageSize: number };
    }) {
      const where = sqlAnd(listConditions(input.actor, input.roles, input.filter));
      return pagedRows<ReportRow>(
        db,
        sql`${reportSelect(input.actor.userId)} where ${where} order by r.created_at desc, r.id desc`,
        input.paging,
      );
    },

    async find(actor: Actor, roles: ReportRoles, id: string): Promise<ReportRow | undefined> {
      const [row] = await queryRows<ReportRow>(
        db,
        sql`${reportSelect(actor.userId)} where r.id = ${id} and ${visibleReport(actor, roles)}`,
      );
      return row;
    },
  };
}

/** What a new report is made of: its diagnosis task, object task or department. */
function reportSubjectQueries(db: Db) {
  return {
    async task(taskId: string) {
      const [row] = await queryRows<{ id: string; name: string; publisherUserId: string }>(
        db,
        sql`select id, name, publisher_user_id as "publisherUserId" from diagnosis_tasks where id = ${taskId}`,
      );
      return row;
    },

    async objectTask(objectTaskId: string) {
      const [row] = await queryRows<{
        id: string;
        taskId: string;
        chargerUserId: string | null;
        objectName: string;
      }>(
        db,
        sql`select ot.id, ot.task_id as "taskId", ot.charger_user_id as "chargerUserId", o.name as "objectName"
            from object_tasks ot join diagnosis_objects o on o.id = ot.object_id where ot.id = ${objectTaskId}`,
      );
      return row;
    },

    /** 批量生成: every object task of the task, and whether it already has an object report of the task. */
    batchObjectTasks(taskId: string) {
      return queryRows<{ id: string; objectName: string; hasReport: boolean }>(
        db,
        sql`select ot.id, o.name as "objectName",
                   exists (select 1 from quality_reports r where r.task_id = ot.task_id
                           and r.scope = 'objectTask' and r.object_task_id = ot.id) as "hasReport"
            from object_tasks ot join diagnosis_objects o on o.id = ot.object_id
            where ot.task_id = ${taskId} order by o.name, ot.id`,
      );
    },

    async department(departmentId: string) {
      const [row] = await queryRows<{ id: string; name: string; headUserId: string | null }>(
        db,
        sql`select id, name, head_user_id as "headUserId" from departments where id = ${departmentId}`,
      );
      return row;
    },
  };
}

/** Writing report rows; a transition reads the state under `lockState` and writes with `change`. */
function reportWriteQueries(db: Db) {
  const r = qualityReports;
  return {
    async insert(row: {
      id: string;
      name: string;
      key: ReportScopeKey;
      templateId: string | null;
      coverId: string | null;
      principalUserId: string;
      creatorUserId: string;
    }) {
      const { key, ...rest } = row;
      await db.insert(r).values({ ...rest, ...key });
    },

    /** Writes the change only while the report is in `from`; the number of rows changed (0: it moved meanwhile). */
    async change(id: string, from: QualityReportState, change: ReportChange): Promise<number> {
      const { stampSubmitted, stampDone, nextRound, ...set } = change;
      const rows = await db
        .update(r)
        .set({
          ...set,
          ...(stampSubmitted ? { submittedAt: sql`now()` } : {}),
          ...(stampDone ? { doneAt: sql`now()` } : {}),
          ...(nextRound ? { round: sql`${r.round} + 1` } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(r.id, id), eq(r.state, from)))
        .returning({ id: r.id });
      return rows.length;
    },

    async remove(ids: readonly string[]) {
      await db.delete(r).where(inArray(r.id, [...ids]));
    },

    /** The report's state, its row locked until the transaction ends (each transition reads, checks, writes). */
    async lockState(id: string): Promise<QualityReportState | undefined> {
      const [row] = await db.select({ state: r.state }).from(r).where(eq(r.id, id)).for('update');
      return row?.state;
    },

    async currentRound(id: string): Promise<number> {
      const [row] = await db.select({ round: r.round }).from(r).where(eq(r.id, id));
      return row?.round ?? 1;
    },

    async linkDocument(id: string, fileId: string) {
      await db.update(r).set({ fileId, generatedAt: sql`now()` }).where(eq(r.id, id));
    },
  };
}

function createQueries(db: Db) {
  return queryGroups(
    reportReadQueries(db),
    reportSubjectQueries(db),
    reportWriteQueries(db),
    reportDataQueries(db),
    reportPeopleQueries(db),
    reportLibraryQueries(db),
    noticesOn(db),
  );
}

export type ReportQueries = ReturnType<typeof createQueries>;

export function createQualityReportsRepo(db: Db) {
  const queries = createQueries(db);
  /**
   * A report's reads over a whole task: PostgreSQL's JIT would compile them (their estimated cost passes its
   * thresholds on a large task) for longer than they run — 1.5 s against 0.5 s for 20,000 points.
   */
  const withoutJit = transactionOf(db, (tx) => ({
    ...reportDataQueries(tx),
    turnOffJit: () => tx.execute(sql`set local jit = off`),
  }));
  const covers = createReportCoversRepo(db, qualityReportCovers);
  return {
    ...queries,
    covers,
    /** The cover a report opens with: its own, else the default one. */
    coverOrDefault: (id: string | null) => (id ? covers.cover(id) : covers.defaultCover()),
    pointFacts: (key: ReportScopeKey) =>
      withoutJit(async (q) => {
        await q.turnOffJit();
        return q.pointFacts(key);
      }),
    improvements: (key: ReportScopeKey) =>
      withoutJit(async (q) => {
        await q.turnOffJit();
        return q.improvements(key);
      }),
    /** Work in one transaction; PGlite is one connection, so `work` uses only the queries it is given. */
    transaction: transactionOf(db, createQueries),
  };
}

export type QualityReportsRepo = ReturnType<typeof createQualityReportsRepo>;
