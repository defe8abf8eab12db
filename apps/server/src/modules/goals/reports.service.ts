import {
  auditReport,
  canChangeReport,
  deriveScheduleStatus,
  type ExamType,
  type NodeState,
  type Page,
  type PagingQuery,
  type ProgressAuditState,
  type ProgressType,
  REPORT_LEVEL_LABELS,
  REPORT_SCOPE_LABELS,
  REPORT_STATE_LABELS,
  type ReportAuditBodySchema,
  type ReportCover,
  type ReportCoverBodySchema,
  type ReportGenerateBodySchema,
  type ReportJob,
  type ReportJobState,
  type ReportLevel,
  type ReportPageQuerySchema,
  type ReportState,
  type ReportTemplate,
  type ReportTemplateBodySchema,
  type ReportTemplateQuerySchema,
  type ReportTemplateUpdateBodySchema,
  reportFileName,
  submitReport,
  type TargetReport,
  type TaskType,
  toPage,
  type YearTaskState,
} from '@eduqa/contract';
import { and, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { FilesService } from '../files/files.service.ts';
import { users } from '../org/org.table.ts';
import { isPublisher, like } from './goals.repo.ts';
import { buildReportDocument, type ReportDocumentData, type ReportDocumentTask } from './reports.document.ts';
import type { ReportDbRow, ReportFilter, ReportsRepo } from './reports.repo.ts';
import { goalReportCovers, goalReportJobs, goalReports, goalReportTemplates } from './reports.table.ts';

type In<T extends z.ZodType> = z.output<T>;

export const REPORTS_MESSAGES = {
  templateNotFound: '报告模板不存在',
  coverNotFound: '报告封面不存在',
  reportNotFound: '目标报告不存在',
  jobNotFound: '报告生成任务不存在',
  documentNotFound: '报告尚未生成',
  duplicateTemplate: '已有同名报告模板',
  needPublisher: '只有年度目标发布者可以管理报告模板和封面',
  needSubject: '请选择年度目标或目标任务',
  needEditor: '只有年度目标的发布者（任务报告：任务负责人或责任部门负责人）可以执行此操作',
  needAuditor: '只有任务创建人（年度目标报告：校领导）可以审核报告',
  ownSubmission: '不能审核自己提交的报告',
  stale: '数据已被他人修改，请刷新后重试',
  interrupted: '报告生成已中断，请重新生成',
  failed: '报告生成失败，请重试',
  levelChanged: '生成期间自评等级已修改，请重新生成',
} as const;
const M = REPORTS_MESSAGES;

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** A running job whose heartbeat is older than this has lost its server. */
const STALE_JOB_MS = 5 * 60_000;
const FALLBACK_COVER = { title: '目标报告', subtitle: '', schoolName: '' };

const refuse = (message: string) => new AppError('UNPROCESSABLE', message);
const forbid = (message: string) => new AppError('FORBIDDEN', message);
const time = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : formatDateTime(new Date(value));
const pageOf = (paging: PagingQuery) => ({
  limit: paging.pageSize,
  offset: (paging.pageNum - 1) * paging.pageSize,
});
function check<T>(result: { ok: true; to: T } | { ok: false; message: string }): T {
  if (!result.ok) throw refuse(result.message);
  return result.to;
}
function changedOnce(rows: readonly unknown[]) {
  if (rows.length !== 1) throw new AppError('CONFLICT', M.stale);
}

/** Runs work after the current request, keeping track of it so a shutdown can wait for it. */
export interface JobRunner {
  start(work: () => Promise<void>): void;
}

export function createReportsService(deps: {
  repo: ReportsRepo;
  files: FilesService;
  jobs: JobRunner;
  log?: (error: unknown, message: string) => void;
  now?: () => Date;
}) {
  const { repo, files, jobs } = deps;
  const db: Db = repo.db;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? (() => {});

  function requirePublisher(actor: Actor) {
    if (!isPublisher(actor)) throw forbid(M.needPublisher);
  }

  // -------------------------------------------------------------------------------------------------
  // mapping

  function jobOf(row: {
    id: string;
    state: string;
    progress: number;
    file_id: string | null;
    message: string;
    updated_at: Date | string;
  }): ReportJob {
    const isStale =
      row.state === 'running' && now().getTime() - new Date(row.updated_at).getTime() > STALE_JOB_MS;
    return {
      id: row.id,
      state: isStale ? 'failed' : (row.state as ReportJobState),
      progress: Number(row.progress),
      fileId: row.file_id,
      message: isStale ? M.interrupted : row.message,
    };
  }

  function toReport(actor: Actor, row: ReportDbRow): TargetReport {
    const state = (row.state ?? 'draft') as ReportState;
    const level = row.level_self as ReportLevel | null;
    const subjectName = row.task_name ?? row.year_target_name;
    return {
      id: row.report_id,
      scope: row.scope,
      scopeName: REPORT_SCOPE_LABELS[row.scope],
      yearTargetId: row.year_target_id,
      yearTargetName: row.year_target_name,
      cycleYear: Number(row.cycle_year),
      taskId: row.task_id,
      taskName: row.task_name,
      departmentName: row.department_name,
      principalName: row.principal_name,
      levelSelf: level,
      levelSelfName: level ? REPORT_LEVEL_LABELS[level] : null,
      state,
      stateName: REPORT_STATE_LABELS[state],
      opinion: row.opinion ?? '',
      fileId: row.file_id,
      fileName: row.file_id ? reportFileName(subjectName) : null,
      generateTime: time(row.generated_at),
      submitTime: time(row.submitted_at),
      auditorName: row.auditor_name,
      auditTime: time(row.audited_at),
      createDate: time(row.report_created_at)?.slice(0, 10) ?? null,
      job:
        row.job_id === null
          ? null
          : jobOf({
              id: row.job_id,
              state: row.job_state ?? 'failed',
              progress: row.job_progress ?? 0,
              file_id: row.job_file_id,
              message: row.job_message ?? '',
              updated_at: row.job_updated_at ?? now(),
            }),
      canEdit: Boolean(row.can_edit),
      canAudit: Boolean(row.can_audit) && row.submitter_user_id !== actor.userId,
    };
  }

  // -------------------------------------------------------------------------------------------------
  // reports

  function subjectIdOf(body: { yearTargetId?: string | undefined; taskId?: string | undefined }) {
    const id = body.taskId ?? body.yearTargetId;
    if (!id) throw new AppError('VALIDATION', M.needSubject);
    return id;
  }

  /** The subject's row as the actor sees it; a subject they cannot see does not exist. */
  async function subject(actor: Actor, subjectId: string, scope?: 'task'): Promise<ReportDbRow> {
    const [row] = await repo.reports(actor, { subjectId, scope }, { limit: 1, offset: 0 });
    if (!row) throw notFound(M.reportNotFound);
    return row;
  }
  async function editable(
    actor: Actor,
    body: { yearTargetId?: string | undefined; taskId?: string | undefined },
  ) {
    const row = await subject(actor, subjectIdOf(body));
    if (!row.can_edit) throw forbid(M.needEditor);
    return row;
  }

  /** The report row of a subject, created at its first change. */
  async function ensureReport(row: ReportDbRow): Promise<string> {
    if (row.report_id) return row.report_id;
    await db
      .insert(goalReports)
      .values({
        id: newId(),
        subjectId: row.subject_id,
        yearTargetId: row.year_target_id,
        taskId: row.task_id,
      })
      .onConflictDoNothing({ target: goalReports.subjectId });
    const [found] = await db
      .select({ id: goalReports.id })
      .from(goalReports)
      .where(eq(goalReports.subjectId, row.subject_id));
    return found!.id;
  }

  async function reportOf(actor: Actor, subjectId: string, scope?: 'task') {
    return toReport(actor, await subject(actor, subjectId, scope));
  }

  /** Gathers what the document shows; tasks in catalog order, each top task followed by its sub-tasks. */
  async function documentData(input: {
    row: ReportDbRow;
    cover: { title: string; subtitle: string; schoolName: string };
    template: { name: string; outline: string } | null;
  }): Promise<ReportDocumentData> {
    const { row } = input;
    const today = formatDateTime(now())!.slice(0, 10);
    const found = await repo.documentTasks({ yearTargetId: row.year_target_id, taskId: row.task_id });
    const ids = found.map((t) => t.id);
    const nodes = await repo.documentNodes(ids);
    const progress = new Map((await repo.latestProgress(ids)).map((p) => [p.task_id, p]));
    const present = new Set(ids);
    const tops = found.filter((t) => !t.parent_id || !present.has(t.parent_id));
    const ordered = tops.flatMap((top) => [top, ...found.filter((t) => t.parent_id === top.id)]);
    const tasks = ordered.map((t): ReportDocumentTask => {
      const latest = progress.get(t.id);
      const state = t.state as YearTaskState;
      return {
        name: t.name,
        isSubTask: t.parent_id !== null && present.has(t.parent_id),
        type: t.type as TaskType,
        examType: t.exam_type as ExamType,
        targetValue: t.target_value,
        departmentName: t.department_name,
        principalName: t.principal_name,
        startDate: t.start_date,
        endDate: t.end_date,
        state,
        scheduleStatus: deriveScheduleStatus({ state, endDate: t.end_date, today }),
        levelSelf: t.level_self as ReportLevel | null,
        latestProgress: latest
          ? {
              nodeName: latest.node_name,
              type: latest.type as ProgressType,
              content: latest.content,
              completion: latest.completion === null ? null : Number(latest.completion),
              auditState: latest.audit_state as ProgressAuditState,
              reportedOn: time(latest.reported_at)!.slice(0, 10),
            }
          : null,
        nodes: nodes
          .filter((n) => n.task_id === t.id)
          .map((n) => ({
            name: n.name,
            principalName: n.principal_name,
            startDate: n.start_date,
            endDate: n.end_date,
            state: n.state as NodeState,
          })),
      };
    });
    return {
      subjectName: row.task_name ?? row.year_target_name,
      yearTargetName: row.year_target_name,
      cycleYear: Number(row.cycle_year),
      description: row.description,
      levelSelf: row.level_self as ReportLevel | null,
      generatedOn: today,
      cover: input.cover,
      outline: input.template
        ? {
            name: input.template.name,
            sections: input.template.outline
              .split(/\r?\n/)
              .map((s) => s.trim())
              .filter(Boolean),
          }
        : null,
      tasks,
    };
  }

  async function touchJob(jobId: string, progress: number) {
    await db
      .update(goalReportJobs)
      .set({ progress, updatedAt: now() })
      .where(and(eq(goalReportJobs.id, jobId), eq(goalReportJobs.state, 'running')));
  }

  /** The generation itself, after the request that asked for it has been answered. */
  async function runGeneration(input: {
    jobId: string;
    reportId: string;
    actor: Actor;
    subjectId: string;
    cover: { title: string; subtitle: string; schoolName: string };
    template: { id: string; name: string; outline: string } | null;
  }) {
    const { jobId } = input;
    try {
      await touchJob(jobId, 5);
      const row = await subject(input.actor, input.subjectId);
      const data = await documentData({ row, cover: input.cover, template: input.template });
      await touchJob(jobId, 20);
      const bytes = await buildReportDocument(data, async (done, total) => {
        // 20–80 while the tasks are laid out; touching the row is the job's heartbeat.
        if (done === total || done % 5 === 0) await touchJob(jobId, 20 + Math.floor((done / total) * 60));
      });
      await touchJob(jobId, 85);
      const fileId = await files.save({
        name: reportFileName(data.subjectName),
        mime: DOCX_MIME,
        bytes,
        ownerUserId: input.actor.userId,
      });
      const at = now();
      await db.transaction(async (tx) => {
        // Linked only while the level is the one the document shows (it may have changed meanwhile).
        const linked = await tx
          .update(goalReports)
          .set({ fileId, generatedAt: at, templateId: input.template?.id ?? null, updatedAt: at })
          .where(
            and(
              eq(goalReports.id, input.reportId),
              data.levelSelf === null
                ? isNull(goalReports.levelSelf)
                : eq(goalReports.levelSelf, data.levelSelf),
            ),
          )
          .returning({ id: goalReports.id });
        await tx
          .update(goalReportJobs)
          .set(
            linked.length === 1
              ? { state: 'done', progress: 100, fileId, updatedAt: at, finishedAt: at }
              : { state: 'failed', message: M.levelChanged, updatedAt: at, finishedAt: at },
          )
          .where(eq(goalReportJobs.id, jobId));
      });
    } catch (error) {
      log(error, `report generation ${jobId} failed`);
      await db
        .update(goalReportJobs)
        .set({ state: 'failed', message: M.failed, updatedAt: now(), finishedAt: now() })
        .where(eq(goalReportJobs.id, jobId))
        .catch((again: unknown) => log(again, `report generation ${jobId} could not be marked failed`));
    }
  }

  const templateColumns = {
    id: goalReportTemplates.id,
    name: goalReportTemplates.name,
    outline: goalReportTemplates.outline,
    creatorId: goalReportTemplates.creatorUserId,
    creatorName: users.name,
    createdAt: goalReportTemplates.createdAt,
    updatedAt: goalReportTemplates.updatedAt,
  };
  const selectTemplates = () =>
    db
      .select(templateColumns)
      .from(goalReportTemplates)
      .innerJoin(users, eq(users.id, goalReportTemplates.creatorUserId));
  async function templateRow(id: string) {
    const [row] = await selectTemplates().where(eq(goalReportTemplates.id, id));
    return row;
  }
  const toTemplate = (row: NonNullable<Awaited<ReturnType<typeof templateRow>>>): ReportTemplate => ({
    id: row.id,
    name: row.name,
    outline: row.outline,
    creatorId: row.creatorId,
    creatorName: row.creatorName,
    createTime: time(row.createdAt)!,
    updateTime: time(row.updatedAt)!,
  });

  const coverColumns = {
    id: goalReportCovers.id,
    title: goalReportCovers.title,
    subtitle: goalReportCovers.subtitle,
    schoolName: goalReportCovers.schoolName,
    isDefault: goalReportCovers.isDefault,
    creatorName: users.name,
    createdAt: goalReportCovers.createdAt,
  };
  async function coverRow(id: string, ex: Db = db): Promise<ReportCover> {
    const [row] = await ex
      .select(coverColumns)
      .from(goalReportCovers)
      .innerJoin(users, eq(users.id, goalReportCovers.creatorUserId))
      .where(eq(goalReportCovers.id, id));
    if (!row) throw notFound(M.coverNotFound);
    const { createdAt, ...rest } = row;
    return { ...rest, createTime: time(createdAt)! };
  }

  /** Makes the newest cover the default when none is (after the default was deleted). */
  async function keepOneDefault(tx: Db) {
    const [current] = await tx
      .select({ id: goalReportCovers.id })
      .from(goalReportCovers)
      .where(eq(goalReportCovers.isDefault, true));
    if (current) return;
    const [newest] = await tx
      .select({ id: goalReportCovers.id })
      .from(goalReportCovers)
      .orderBy(desc(goalReportCovers.createdAt), desc(goalReportCovers.id))
      .limit(1);
    if (newest)
      await tx.update(goalReportCovers).set({ isDefault: true }).where(eq(goalReportCovers.id, newest.id));
  }

  return {
    // -----------------------------------------------------------------------------------------------
    // templates

    async templates(q: In<typeof ReportTemplateQuerySchema>): Promise<Page<ReportTemplate>> {
      const where = q.keyword ? ilike(goalReportTemplates.name, like(q.keyword)) : undefined;
      const { limit, offset } = pageOf(q);
      const found = await selectTemplates()
        .where(where)
        .orderBy(desc(goalReportTemplates.createdAt), desc(goalReportTemplates.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(goalReportTemplates).where(where);
      return toPage(found.map(toTemplate), Number(total?.n ?? 0), q);
    },

    async insertTemplate(actor: Actor, body: In<typeof ReportTemplateBodySchema>) {
      requirePublisher(actor);
      const id = newId();
      await guarded(
        () => db.insert(goalReportTemplates).values({ id, ...body, creatorUserId: actor.userId }),
        { conflict: M.duplicateTemplate },
      );
      return toTemplate((await templateRow(id))!);
    },

    async updateTemplate(actor: Actor, body: In<typeof ReportTemplateUpdateBodySchema>) {
      requirePublisher(actor);
      const updated = await guarded(
        () =>
          db
            .update(goalReportTemplates)
            .set({ name: body.name, outline: body.outline, updatedAt: now() })
            .where(eq(goalReportTemplates.id, body.id))
            .returning({ id: goalReportTemplates.id }),
        { conflict: M.duplicateTemplate },
      );
      if (updated.length === 0) throw notFound(M.templateNotFound);
      return toTemplate((await templateRow(body.id))!);
    },

    async deleteTemplates(actor: Actor, ids: string[]) {
      requirePublisher(actor);
      const deleted = await db
        .delete(goalReportTemplates)
        .where(inArray(goalReportTemplates.id, ids))
        .returning({ id: goalReportTemplates.id });
      if (deleted.length === 0) throw notFound(M.templateNotFound);
    },

    // -----------------------------------------------------------------------------------------------
    // covers

    async covers(q: PagingQuery): Promise<Page<ReportCover>> {
      const { limit, offset } = pageOf(q);
      const found = await db
        .select(coverColumns)
        .from(goalReportCovers)
        .innerJoin(users, eq(users.id, goalReportCovers.creatorUserId))
        .orderBy(
          desc(goalReportCovers.isDefault),
          desc(goalReportCovers.createdAt),
          desc(goalReportCovers.id),
        )
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(goalReportCovers);
      const records = found.map(({ createdAt, ...rest }) => ({ ...rest, createTime: time(createdAt)! }));
      return toPage(records, Number(total?.n ?? 0), q);
    },

    /** The first cover becomes the default; later ones join as non-default. */
    async insertCover(actor: Actor, body: In<typeof ReportCoverBodySchema>) {
      requirePublisher(actor);
      const id = newId();
      await guarded(
        () =>
          db.transaction(async (tx) => {
            const [existing] = await tx
              .select({ id: goalReportCovers.id })
              .from(goalReportCovers)
              .where(eq(goalReportCovers.isDefault, true));
            await tx.insert(goalReportCovers).values({
              id,
              title: body.title,
              subtitle: body.subtitle ?? '',
              schoolName: body.schoolName,
              isDefault: !existing,
              creatorUserId: actor.userId,
            });
          }),
        { conflict: M.stale },
      );
      return coverRow(id);
    },

    async deleteCovers(actor: Actor, ids: string[]) {
      requirePublisher(actor);
      await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(goalReportCovers)
          .where(inArray(goalReportCovers.id, ids))
          .returning({ id: goalReportCovers.id });
        if (deleted.length === 0) throw notFound(M.coverNotFound);
        await keepOneDefault(tx);
      });
    },

    async setDefaultCover(actor: Actor, id: string) {
      requirePublisher(actor);
      await guarded(
        () =>
          db.transaction(async (tx) => {
            const [target] = await tx
              .select({ id: goalReportCovers.id })
              .from(goalReportCovers)
              .where(eq(goalReportCovers.id, id))
              .for('update');
            if (!target) throw notFound(M.coverNotFound);
            await tx
              .update(goalReportCovers)
              .set({ isDefault: false })
              .where(and(eq(goalReportCovers.isDefault, true), sql`${goalReportCovers.id} <> ${id}`));
            await tx.update(goalReportCovers).set({ isDefault: true }).where(eq(goalReportCovers.id, id));
          }),
        { conflict: M.stale },
      );
      return coverRow(id);
    },

    // -----------------------------------------------------------------------------------------------
    // reports

    async reportPage(actor: Actor, q: In<typeof ReportPageQuerySchema>): Promise<Page<TargetReport>> {
      const filter: ReportFilter = {
        keyword: q.keyword,
        cycleYear: q.cycleYear,
        yearTargetId: q.yearTargetId,
        scope: q.scope,
        state: q.state,
      };
      const found = await repo.reports(actor, filter, pageOf(q));
      return toPage(
        found.map((r) => toReport(actor, r)),
        Number(found[0]?.total ?? 0),
        q,
      );
    },

    reportByTask: (actor: Actor, taskId: string) => reportOf(actor, taskId, 'task'),

    async updateLevelSelf(
      actor: Actor,
      body: { yearTargetId?: string | undefined; taskId?: string | undefined; levelSelf: ReportLevel },
    ) {
      const row = await editable(actor, body);
      const allowed = canChangeReport((row.state ?? 'draft') as ReportState);
      if (!allowed.ok) throw refuse(allowed.message);
      const id = await ensureReport(row);
      // The document shows the level: a changed level makes it outdated, so it must be generated again.
      const isChanged = row.level_self !== body.levelSelf;
      changedOnce(
        await db
          .update(goalReports)
          .set({
            levelSelf: body.levelSelf,
            updatedAt: now(),
            ...(isChanged ? { fileId: null, generatedAt: null } : {}),
          })
          .where(and(eq(goalReports.id, id), inArray(goalReports.state, ['draft', 'rejected'])))
          .returning({ id: goalReports.id }),
      );
      return reportOf(actor, row.subject_id);
    },

    async submitAudit(
      actor: Actor,
      body: { yearTargetId?: string | undefined; taskId?: string | undefined },
    ) {
      const row = await editable(actor, body);
      const from = (row.state ?? 'draft') as ReportState;
      const to = check(
        submitReport({ state: from, hasLevel: row.level_self !== null, hasDocument: row.file_id !== null }),
      );
      changedOnce(
        await db
          .update(goalReports)
          .set({ state: to, submitterUserId: actor.userId, submittedAt: now(), updatedAt: now() })
          .where(and(eq(goalReports.id, row.report_id!), eq(goalReports.state, from)))
          .returning({ id: goalReports.id }),
      );
      return reportOf(actor, row.subject_id);
    },

    async audit(actor: Actor, body: In<typeof ReportAuditBodySchema>) {
      const row = await subject(actor, subjectIdOf(body));
      if (!row.can_audit) throw forbid(M.needAuditor);
      if (row.submitter_user_id === actor.userId) throw forbid(M.ownSubmission);
      const from = (row.state ?? 'draft') as ReportState;
      const opinion = body.opinion ?? '';
      const to = check(auditReport({ state: from, decision: body.decision, opinion }));
      changedOnce(
        await db
          .update(goalReports)
          .set({ state: to, opinion, auditorUserId: actor.userId, auditedAt: now(), updatedAt: now() })
          .where(and(eq(goalReports.id, row.report_id!), eq(goalReports.state, from)))
          .returning({ id: goalReports.id }),
      );
      return reportOf(actor, row.subject_id);
    },

    /**
     * Starts a generation job and answers at once; the client polls `job`. A generation already running
     * for the report is answered instead of starting a second one.
     */
    async generate(actor: Actor, body: In<typeof ReportGenerateBodySchema>): Promise<ReportJob> {
      const row = await editable(actor, body);
      const allowed = canChangeReport((row.state ?? 'draft') as ReportState);
      if (!allowed.ok) throw refuse(allowed.message);
      let template: { id: string; name: string; outline: string } | null = null;
      if (body.templateId) {
        const found = await templateRow(body.templateId);
        if (!found) throw notFound(M.templateNotFound);
        template = { id: found.id, name: found.name, outline: found.outline };
      }
      const [chosen] = await db
        .select({
          title: goalReportCovers.title,
          subtitle: goalReportCovers.subtitle,
          schoolName: goalReportCovers.schoolName,
        })
        .from(goalReportCovers)
        .where(body.coverId ? eq(goalReportCovers.id, body.coverId) : eq(goalReportCovers.isDefault, true));
      if (body.coverId && !chosen) throw notFound(M.coverNotFound);
      const cover = chosen ?? FALLBACK_COVER;

      const reportId = await ensureReport(row);
      // A running job whose server stopped is closed first, so a new one may start.
      await db
        .update(goalReportJobs)
        .set({ state: 'failed', message: M.interrupted, finishedAt: now() })
        .where(
          and(
            eq(goalReportJobs.reportId, reportId),
            eq(goalReportJobs.state, 'running'),
            sql`${goalReportJobs.updatedAt} < ${new Date(now().getTime() - STALE_JOB_MS)}`,
          ),
        );
      const jobId = newId();
      const inserted = await db
        .insert(goalReportJobs)
        .values({ id: jobId, reportId, requesterUserId: actor.userId, createdAt: now(), updatedAt: now() })
        .onConflictDoNothing()
        .returning({ id: goalReportJobs.id });
      if (inserted.length === 0) {
        const [running] = await db
          .select({ id: goalReportJobs.id })
          .from(goalReportJobs)
          .where(and(eq(goalReportJobs.reportId, reportId), eq(goalReportJobs.state, 'running')));
        if (!running) throw new AppError('CONFLICT', M.stale);
        return jobOf((await repo.job(running.id))!);
      }
      jobs.start(() => runGeneration({ jobId, reportId, actor, subjectId: row.subject_id, cover, template }));
      return jobOf((await repo.job(jobId))!);
    },

    /** The spec's getFutureTaskResult for a report generation: progress, and the document when done. */
    async job(actor: Actor, id: string): Promise<ReportJob> {
      const job = await repo.job(id);
      if (!job) throw notFound(M.jobNotFound);
      const [report] = await db
        .select({ subjectId: goalReports.subjectId })
        .from(goalReports)
        .where(eq(goalReports.id, job.report_id));
      const visible = report
        ? await repo.reports(actor, { subjectId: report.subjectId }, { limit: 1, offset: 0 })
        : [];
      if (visible.length === 0) throw notFound(M.jobNotFound);
      return jobOf(job);
    },

    /** The latest generated document of a report, named `<subject>目标报告.docx`. */
    async download(actor: Actor, reportId: string) {
      const [report] = await db
        .select({ subjectId: goalReports.subjectId, fileId: goalReports.fileId })
        .from(goalReports)
        .where(eq(goalReports.id, reportId));
      if (!report) throw notFound(M.reportNotFound);
      const row = await subject(actor, report.subjectId);
      if (!report.fileId) throw notFound(M.documentNotFound);
      const { bytes } = await files.open({ id: report.fileId, actor });
      return { name: reportFileName(row.task_name ?? row.year_target_name), bytes };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
