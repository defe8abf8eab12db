import {
  auditReport,
  canChangeReport,
  type Page,
  REPORT_LEVEL_LABELS,
  REPORT_SCOPE_LABELS,
  REPORT_STATE_LABELS,
  type ReportAuditBodySchema,
  type ReportGenerateBodySchema,
  type ReportJob,
  type ReportLevel,
  type ReportPageQuerySchema,
  reportFileName,
  submitReport,
  type TargetReport,
  toPage,
} from '@eduqa/contract';
import type { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Job, Jobs } from '../../platform/jobs/jobs.ts';
import { pageOf } from '../../platform/paging.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { FilesService } from '../files/files.service.ts';
import { reportAuditedNotice, reportSubmittedNotice } from './goal-notices.ts';
import {
  GENERATION_MESSAGES,
  GenerationSchema,
  GOAL_REPORT_JOB,
  runGeneration,
  toReportJob,
} from './goal-reports.generation.ts';
import { GOAL_REPORT_LIBRARY_MESSAGES, type GoalReportLibrary } from './goal-reports.library.ts';
import type { GoalReportRow, GoalReportsRepo, ReportFilter } from './goal-reports.repo.ts';

export { DOCX_MIME, GOAL_REPORT_JOB } from './goal-reports.generation.ts';

type In<T extends z.ZodType> = z.output<T>;

export const GOAL_REPORTS_MESSAGES = {
  ...GOAL_REPORT_LIBRARY_MESSAGES,
  reportNotFound: '目标报告不存在',
  jobNotFound: '报告生成任务不存在',
  documentNotFound: '报告尚未生成',
  needSubject: '请选择年度目标或目标任务',
  needEditor: '只有年度目标的发布者（任务报告：任务负责人或责任部门负责人）可以执行此操作',
  needAuditor: '只有任务创建人（年度目标报告：校领导）可以审核报告',
  ownSubmission: '不能审核自己提交的报告',
  ...GENERATION_MESSAGES,
} as const;
const M = GOAL_REPORTS_MESSAGES;

const FALLBACK_COVER = { title: '目标报告', subtitle: '', schoolName: '' };

const refuse = (message: string) => new AppError('UNPROCESSABLE', message);
const forbid = (message: string) => new AppError('FORBIDDEN', message);
const time = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : formatDateTime(new Date(value));
function check<T>(result: { ok: true; to: T } | { ok: false; message: string }): T {
  if (!result.ok) throw refuse(result.message);
  return result.to;
}
function changedOnce(count: number) {
  if (count !== 1) throw new AppError('CONFLICT', M.stale);
}

function toReport(actor: Actor, row: GoalReportRow, job: Job | undefined): TargetReport {
  const level = row.levelSelf;
  const subjectName = row.taskName ?? row.yearTargetName;
  return {
    id: row.reportId,
    scope: row.scope,
    scopeName: REPORT_SCOPE_LABELS[row.scope],
    yearTargetId: row.yearTargetId,
    yearTargetName: row.yearTargetName,
    cycleYear: row.cycleYear,
    taskId: row.taskId,
    taskName: row.taskName,
    departmentName: row.departmentName,
    principalName: row.principalName,
    levelSelf: level,
    levelSelfName: level ? REPORT_LEVEL_LABELS[level] : null,
    state: row.state,
    stateName: REPORT_STATE_LABELS[row.state],
    opinion: row.opinion,
    fileId: row.fileId,
    fileName: row.fileId ? reportFileName(subjectName) : null,
    generateTime: time(row.generatedAt),
    submitTime: time(row.submittedAt),
    auditorName: row.auditorName,
    auditTime: time(row.auditedAt),
    createDate: time(row.reportCreatedAt)?.slice(0, 10) ?? null,
    job: job ? toReportJob(job) : null,
    canEdit: row.canEdit,
    canAudit: row.canAudit && row.submitterUserId !== actor.userId,
  };
}

function subjectIdOf(body: { yearTargetId?: string | undefined; taskId?: string | undefined }) {
  const id = body.taskId ?? body.yearTargetId;
  if (!id) throw new AppError('VALIDATION', M.needSubject);
  return id;
}

/** The report row of a subject, created at its first change. */
async function ensureReport(repo: GoalReportsRepo, row: GoalReportRow): Promise<string> {
  if (row.reportId) return row.reportId;
  return repo.ensureReport({ subjectId: row.subjectId, yearTargetId: row.yearTargetId, taskId: row.taskId });
}

type GoalReportsDeps = {
  repo: GoalReportsRepo;
  library: GoalReportLibrary;
  files: FilesService;
  jobs: Jobs;
  now?: () => Date;
};

export function createGoalReportsService(deps: GoalReportsDeps) {
  const context = goalReportsContext(deps);
  return {
    ...context.library,
    ...reportReading(context),
    ...reportWorkflow(context),
    ...reportDocuments(context),
  };
}

/** What the groups share: the generation job, the library, and how a subject and its report are read. */
function goalReportsContext(deps: GoalReportsDeps) {
  const { repo, files, library } = deps;
  const now = deps.now ?? (() => new Date());
  const generation = deps.jobs.register(GOAL_REPORT_JOB, {
    payload: GenerationSchema,
    label: '生成目标报告',
    interruptedMessage: M.interrupted,
    failedMessage: M.failed,
    run: ({ actorId, payload, report }) =>
      runGeneration({ repo, files, now, subject }, { actorId, ...payload, report }),
  });

  /** The subject's row as the actor sees it; a subject they cannot see does not exist. */
  async function subject(actor: Actor, subjectId: string, scope?: 'task'): Promise<GoalReportRow> {
    const [row] = (await repo.reports(actor, { subjectId, scope }, { limit: 1, offset: 0 })).records;
    if (!row) throw notFound(M.reportNotFound);
    return row;
  }
  async function editable(
    actor: Actor,
    body: { yearTargetId?: string | undefined; taskId?: string | undefined },
  ) {
    const row = await subject(actor, subjectIdOf(body));
    if (!row.canEdit) throw forbid(M.needEditor);
    return row;
  }

  /** The newest generation of each report. */
  async function latestJobs(rows: readonly GoalReportRow[]) {
    return generation.latest(rows.flatMap((r) => (r.reportId ? [r.reportId] : [])));
  }

  async function reportOf(actor: Actor, subjectId: string, scope?: 'task') {
    const row = await subject(actor, subjectId, scope);
    const jobs = await latestJobs([row]);
    return toReport(actor, row, row.reportId ? jobs.get(row.reportId) : undefined);
  }

  return {
    repo,
    files,
    jobs: deps.jobs,
    now,
    generation,
    library,
    subject,
    editable,
    latestJobs,
    reportOf,
  };
}
type GoalReportsContext = ReturnType<typeof goalReportsContext>;

function reportReading({ repo, latestJobs, reportOf }: GoalReportsContext) {
  return {
    async reportPage(actor: Actor, q: In<typeof ReportPageQuerySchema>): Promise<Page<TargetReport>> {
      const filter: ReportFilter = {
        keyword: q.keyword,
        cycleYear: q.cycleYear,
        yearTargetId: q.yearTargetId,
        scope: q.scope,
        state: q.state,
        toAudit: q.toAudit,
      };
      const { records, total } = await repo.reports(actor, filter, pageOf(q));
      const jobs = await latestJobs(records);
      return toPage(
        records.map((r) => toReport(actor, r, r.reportId ? jobs.get(r.reportId) : undefined)),
        total,
        q,
      );
    },

    reportByTask: (actor: Actor, taskId: string) => reportOf(actor, taskId, 'task'),
  };
}

function reportWorkflow({ repo, now, subject, editable, reportOf }: GoalReportsContext) {
  return {
    async updateLevelSelf(
      actor: Actor,
      body: { yearTargetId?: string | undefined; taskId?: string | undefined; levelSelf: ReportLevel },
    ) {
      const row = await editable(actor, body);
      const allowed = canChangeReport(row.state);
      if (!allowed.ok) throw refuse(allowed.message);
      const id = await ensureReport(repo, row);
      // The document shows the level: a changed level makes it outdated, so it must be generated again.
      const isChanged = row.levelSelf !== body.levelSelf;
      changedOnce(
        await repo.changeReport(
          id,
          { states: ['draft', 'rejected'] },
          {
            levelSelf: body.levelSelf,
            updatedAt: now(),
            ...(isChanged ? { fileId: null, generatedAt: null } : {}),
          },
        ),
      );
      return reportOf(actor, row.subjectId);
    },

    async submitAudit(
      actor: Actor,
      body: { yearTargetId?: string | undefined; taskId?: string | undefined },
    ) {
      const row = await editable(actor, body);
      const from = row.state;
      const to = check(
        submitReport({ state: from, hasLevel: row.levelSelf !== null, hasDocument: row.fileId !== null }),
      );
      await repo.transaction(async (tx) => {
        changedOnce(
          await tx.changeReport(
            row.reportId!,
            { states: [from] },
            { state: to, submitterUserId: actor.userId, submittedAt: now(), updatedAt: now() },
          ),
        );
        const auditorIds = await tx.reportAuditorIds(row);
        await tx.notify([reportSubmittedNotice(row, actor.userId, auditorIds)]);
      });
      return reportOf(actor, row.subjectId);
    },

    async audit(actor: Actor, body: In<typeof ReportAuditBodySchema>) {
      const row = await subject(actor, subjectIdOf(body));
      if (!row.canAudit) throw forbid(M.needAuditor);
      if (row.submitterUserId === actor.userId) throw forbid(M.ownSubmission);
      const from = row.state;
      const opinion = body.opinion ?? '';
      const to = check(auditReport({ state: from, decision: body.decision, opinion }));
      await repo.transaction(async (tx) => {
        changedOnce(
          await tx.changeReport(
            row.reportId!,
            { states: [from] },
            { state: to, opinion, auditorUserId: actor.userId, auditedAt: now(), updatedAt: now() },
          ),
        );
        await tx.notify([reportAuditedNotice(row, actor.userId, { to, opinion })]);
      });
      return reportOf(actor, row.subjectId);
    },
  };
}

function reportDocuments({ repo, files, jobs, generation, library, subject, editable }: GoalReportsContext) {
  return {
    /**
     * Starts a generation job and answers at once; the client polls `job`. A generation already running
     * for the report is answered instead of starting a second one.
     */
    async generate(actor: Actor, body: In<typeof ReportGenerateBodySchema>): Promise<ReportJob> {
      const row = await editable(actor, body);
      const allowed = canChangeReport(row.state);
      if (!allowed.ok) throw refuse(allowed.message);
      let template: { id: string; name: string; outline: string } | null = null;
      if (body.templateId) {
        const found = await library.templateRow(body.templateId);
        if (!found) throw notFound(M.templateNotFound);
        template = { id: found.id, name: found.name, outline: found.outline };
      }
      const chosen = await repo.cover(body.coverId);
      if (body.coverId && !chosen) throw notFound(M.coverNotFound);
      // A report handed in names its school: the own school's name where the cover gives none.
      const cover = { ...(chosen ?? FALLBACK_COVER) };
      if (!cover.schoolName.trim()) cover.schoolName = (await repo.ownSchoolName()) ?? '';

      const reportId = await ensureReport(repo, row);
      // A generation already under way for the report is answered instead of a second one.
      const job = await generation.enqueue({
        actorId: actor.userId,
        subjectKey: reportId,
        payload: { reportId, subjectId: row.subjectId, roleIds: [...actor.roleIds], cover, template },
      });
      return toReportJob(job);
    },

    /** The spec's getFutureTaskResult for a report generation: anyone who sees the report may poll it. */
    async job(actor: Actor, id: string): Promise<ReportJob> {
      const job = await jobs.get(id);
      if (!job || job.kind !== GOAL_REPORT_JOB || !job.subjectKey) throw notFound(M.jobNotFound);
      const report = await repo.reportRef(job.subjectKey);
      const visible = report
        ? (await repo.reports(actor, { subjectId: report.subjectId }, { limit: 1, offset: 0 })).records
        : [];
      if (visible.length === 0) throw notFound(M.jobNotFound);
      return toReportJob(job);
    },

    /** The latest generated document of a report, named `<subject>目标报告.docx`. */
    async download(actor: Actor, reportId: string) {
      const report = await repo.reportRef(reportId);
      if (!report) throw notFound(M.reportNotFound);
      const row = await subject(actor, report.subjectId);
      if (!report.fileId) throw notFound(M.documentNotFound);
      const { bytes } = await files.read(report.fileId);
      return { name: reportFileName(row.taskName ?? row.yearTargetName), bytes };
    },
  };
}

export type GoalReportsService = ReturnType<typeof createGoalReportsService>;
