import {
  auditReport,
  canChangeReport,
  deriveScheduleStatus,
  type ExamType,
  type NodeState,
  type Page,
  type ProgressAuditState,
  type ProgressType,
  REPORT_LEVEL_LABELS,
  REPORT_SCOPE_LABELS,
  REPORT_STATE_LABELS,
  type ReportAuditBodySchema,
  type ReportGenerateBodySchema,
  type ReportJob,
  type ReportLevel,
  type ReportPageQuerySchema,
  type ReportState,
  reportFileName,
  submitReport,
  type TargetReport,
  type TaskType,
  toPage,
  type YearTaskState,
} from '@eduqa/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { Job, Jobs } from '../../platform/jobs/jobs.ts';
import { pageOf } from '../../platform/paging.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { FilesService } from '../files/files.service.ts';
import {
  buildReportDocument,
  type ReportDocumentData,
  type ReportDocumentTask,
} from './goal-reports.document.ts';
import { createReportLibrary, REPORT_LIBRARY_MESSAGES } from './goal-reports.library.ts';
import type { ReportDbRow, ReportFilter, ReportsRepo } from './goal-reports.repo.ts';
import { goalReportCovers, goalReports } from './goal-reports.table.ts';

type In<T extends z.ZodType> = z.output<T>;

export const REPORTS_MESSAGES = {
  ...REPORT_LIBRARY_MESSAGES,
  reportNotFound: '目标报告不存在',
  jobNotFound: '报告生成任务不存在',
  documentNotFound: '报告尚未生成',
  needSubject: '请选择年度目标或目标任务',
  needEditor: '只有年度目标的发布者（任务报告：任务负责人或责任部门负责人）可以执行此操作',
  needAuditor: '只有任务创建人（年度目标报告：校领导）可以审核报告',
  ownSubmission: '不能审核自己提交的报告',
  interrupted: '报告生成已中断，请重新生成',
  failed: '报告生成失败，请重试',
  levelChanged: '生成期间自评等级已修改，请重新生成',
} as const;
const M = REPORTS_MESSAGES;

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The job kind of a report generation on the jobs platform. */
export const GOAL_REPORT_JOB = 'goal-report';
const FALLBACK_COVER = { title: '目标报告', subtitle: '', schoolName: '' };

const refuse = (message: string) => new AppError('UNPROCESSABLE', message);
const forbid = (message: string) => new AppError('FORBIDDEN', message);
const time = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : formatDateTime(new Date(value));
function check<T>(result: { ok: true; to: T } | { ok: false; message: string }): T {
  if (!result.ok) throw refuse(result.message);
  return result.to;
}
function changedOnce(rows: readonly unknown[]) {
  if (rows.length !== 1) throw new AppError('CONFLICT', M.stale);
}

const CoverSchema = z.object({ title: z.string(), subtitle: z.string(), schoolName: z.string() });
/** What a generation needs once its request has been answered; the starter's roles decide what it sees. */
const GenerationSchema = z.object({
  reportId: z.string(),
  subjectId: z.string(),
  roleIds: z.array(z.string()),
  cover: CoverSchema,
  template: z.object({ id: z.string(), name: z.string(), outline: z.string() }).nullable(),
});

/** The report's view of a platform job: waiting reads as running, finished as done. */
function toReportJob(job: Job): ReportJob {
  return {
    id: job.id,
    state: job.state === 'finished' ? 'done' : job.state === 'failed' ? 'failed' : 'running',
    progress: job.progress,
    fileId: job.state === 'finished' ? job.fileKey : null,
    message: job.message,
  };
}

export function createReportsService(deps: {
  repo: ReportsRepo;
  files: FilesService;
  jobs: Jobs;
  now?: () => Date;
}) {
  const { repo, files } = deps;
  const db: Db = repo.db;
  const now = deps.now ?? (() => new Date());
  const generation = deps.jobs.register(GOAL_REPORT_JOB, {
    payload: GenerationSchema,
    interruptedMessage: M.interrupted,
    failedMessage: M.failed,
    run: ({ actorId, payload, report }) => runGeneration({ actorId, ...payload, report }),
  });

  const library = createReportLibrary({ db, now });

  // -------------------------------------------------------------------------------------------------
  // mapping

  function toReport(actor: Actor, row: ReportDbRow, job: Job | undefined): TargetReport {
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
      job: job ? toReportJob(job) : null,
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

  /** The newest generation of each report. */
  async function latestJobs(rows: readonly ReportDbRow[]) {
    return generation.latest(rows.flatMap((r) => (r.report_id ? [r.report_id] : [])));
  }

  async function reportOf(actor: Actor, subjectId: string, scope?: 'task') {
    const row = await subject(actor, subjectId, scope);
    const jobs = await latestJobs([row]);
    return toReport(actor, row, row.report_id ? jobs.get(row.report_id) : undefined);
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

  /** The generation itself, on the jobs platform after the request that asked for it was answered. */
  async function runGeneration(
    input: z.output<typeof GenerationSchema> & {
      actorId: string;
      report: (progress: number) => Promise<void>;
    },
  ) {
    const { report } = input;
    await report(5);
    const actor: Actor = {
      userId: input.actorId,
      roleIds: input.roleIds,
      sessionId: '',
      csrfSecret: '',
      menuKeys: new Set(),
      actions: new Set(),
    };
    const row = await subject(actor, input.subjectId);
    const data = await documentData({ row, cover: input.cover, template: input.template });
    await report(20);
    const bytes = await buildReportDocument(data, async (done, total) => {
      // 20–80 while the tasks are laid out.
      if (done === total || done % 5 === 0) await report(20 + Math.floor((done / total) * 60));
    });
    await report(85);
    const name = reportFileName(data.subjectName);
    const fileId = await files.save({ name, mime: DOCX_MIME, bytes, ownerUserId: input.actorId });
    const at = now();
    // Linked only while the level is the one the document shows (it may have changed meanwhile).
    const linked = await db
      .update(goalReports)
      .set({ fileId, generatedAt: at, templateId: input.template?.id ?? null, updatedAt: at })
      .where(
        and(
          eq(goalReports.id, input.reportId),
          data.levelSelf === null ? isNull(goalReports.levelSelf) : eq(goalReports.levelSelf, data.levelSelf),
        ),
      )
      .returning({ id: goalReports.id });
    if (linked.length !== 1) throw new AppError('CONFLICT', M.levelChanged);
    return { file: { key: fileId, name } };
  }

  return {
    ...library,

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
      const jobs = await latestJobs(found);
      return toPage(
        found.map((r) => toReport(actor, r, r.report_id ? jobs.get(r.report_id) : undefined)),
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
        const found = await library.templateRow(body.templateId);
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
      // A generation already under way for the report is answered instead of a second one.
      const job = await generation.enqueue({
        actorId: actor.userId,
        subjectKey: reportId,
        payload: { reportId, subjectId: row.subject_id, roleIds: [...actor.roleIds], cover, template },
      });
      return toReportJob(job);
    },

    /** The spec's getFutureTaskResult for a report generation: anyone who sees the report may poll it. */
    async job(actor: Actor, id: string): Promise<ReportJob> {
      const job = await deps.jobs.get(id);
      if (!job || job.kind !== GOAL_REPORT_JOB || !job.subjectKey) throw notFound(M.jobNotFound);
      const [report] = await db
        .select({ subjectId: goalReports.subjectId })
        .from(goalReports)
        .where(eq(goalReports.id, job.subjectKey));
      const visible = report
        ? await repo.reports(actor, { subjectId: report.subjectId }, { limit: 1, offset: 0 })
        : [];
      if (visible.length === 0) throw notFound(M.jobNotFound);
      return toReportJob(job);
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
      const { bytes } = await files.read(report.fileId);
      return { name: reportFileName(row.task_name ?? row.year_target_name), bytes };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
