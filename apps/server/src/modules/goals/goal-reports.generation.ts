import { deriveScheduleStatus, type ReportJob, reportFileName } from '@eduqa/contract';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { Job } from '../../platform/jobs/jobs.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { FilesService } from '../files/files.service.ts';
import {
  buildReportDocument,
  type ReportDocumentData,
  type ReportDocumentTask,
} from './goal-reports.document.ts';
import type { GoalReportRow, GoalReportsRepo } from './goal-reports.repo.ts';
import { time } from './goals.common.ts';

/**
 * A report's generation, a job on the jobs platform: it gathers what the document shows, lays the .docx out,
 * saves it and links it to the report.
 */

export const GENERATION_MESSAGES = {
  interrupted: '报告生成已中断，请重新生成',
  failed: '报告生成失败，请重试',
  levelChanged: '生成期间自评等级已修改，请重新生成',
} as const;
const M = GENERATION_MESSAGES;

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The job kind of a report generation on the jobs platform. */
export const GOAL_REPORT_JOB = 'goal-report';

const CoverSchema = z.object({ title: z.string(), subtitle: z.string(), schoolName: z.string() });
/** What a generation needs once its request has been answered; the starter's roles decide what it sees. */
export const GenerationSchema = z.object({
  reportId: z.string(),
  subjectId: z.string(),
  roleIds: z.array(z.string()),
  cover: CoverSchema,
  template: z.object({ id: z.string(), name: z.string(), outline: z.string() }).nullable(),
});

/** The report's view of a platform job: waiting reads as running, finished as done. */
export function toReportJob(job: Job): ReportJob {
  return {
    id: job.id,
    state: job.state === 'finished' ? 'done' : job.state === 'failed' ? 'failed' : 'running',
    progress: job.progress,
    fileId: job.state === 'finished' ? job.fileKey : null,
    message: job.message,
  };
}

/** What a generation reads and writes through; `subject` is the service's, so it sees what the starter sees. */
export interface GenerationDeps {
  repo: GoalReportsRepo;
  files: FilesService;
  now: () => Date;
  subject(actor: Actor, subjectId: string): Promise<GoalReportRow>;
}

/** Gathers what the document shows; tasks in catalog order, each top task followed by its sub-tasks. */
async function documentData(
  { repo, now }: Pick<GenerationDeps, 'repo' | 'now'>,
  input: {
    row: GoalReportRow;
    cover: { title: string; subtitle: string; schoolName: string };
    template: { name: string; outline: string } | null;
  },
): Promise<ReportDocumentData> {
  const { row } = input;
  const today = formatDateTime(now())!.slice(0, 10);
  const found = await repo.documentTasks({ yearTargetId: row.yearTargetId, taskId: row.taskId });
  const ids = found.map((t) => t.id);
  const nodes = await repo.documentNodes(ids);
  const progress = new Map((await repo.latestProgress(ids)).map((p) => [p.taskId, p]));
  const present = new Set(ids);
  const tops = found.filter((t) => !t.parentId || !present.has(t.parentId));
  const ordered = tops.flatMap((top) => [top, ...found.filter((t) => t.parentId === top.id)]);
  const tasks = ordered.map((t): ReportDocumentTask => {
    const latest = progress.get(t.id);
    return {
      name: t.name,
      isSubTask: t.parentId !== null && present.has(t.parentId),
      type: t.type,
      examType: t.examType,
      targetValue: t.targetValue,
      departmentName: t.departmentName,
      principalName: t.principalName,
      startDate: t.startDate,
      endDate: t.endDate,
      state: t.state,
      scheduleStatus: deriveScheduleStatus({ state: t.state, endDate: t.endDate, today }),
      levelSelf: t.levelSelf,
      latestProgress: latest
        ? {
            nodeName: latest.nodeName,
            type: latest.type,
            content: latest.content,
            completion: latest.completion,
            auditState: latest.auditState,
            reportedOn: time(latest.reportedAt)!.slice(0, 10),
          }
        : null,
      nodes: nodes
        .filter((n) => n.taskId === t.id)
        .map((n) => ({
          name: n.name,
          principalName: n.principalName,
          startDate: n.startDate,
          endDate: n.endDate,
          state: n.state,
        })),
    };
  });
  return {
    subjectName: row.taskName ?? row.yearTargetName,
    yearTargetName: row.yearTargetName,
    cycleYear: row.cycleYear,
    description: row.description,
    levelSelf: row.levelSelf,
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
export async function runGeneration(
  deps: GenerationDeps,
  input: z.output<typeof GenerationSchema> & {
    actorId: string;
    report: (progress: number) => Promise<void>;
  },
) {
  const { repo, subject, files, now } = deps;
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
  const data = await documentData(deps, { row, cover: input.cover, template: input.template });
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
  const linked = await repo.changeReport(
    input.reportId,
    { levelSelf: data.levelSelf },
    { fileId, generatedAt: at, templateId: input.template?.id ?? null, updatedAt: at },
  );
  if (linked !== 1) throw new AppError('CONFLICT', M.levelChanged);
  return { file: { key: fileId, name } };
}
