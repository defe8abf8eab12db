import { QUALITY_REPORT_MESSAGES as M, type ReportBatchResult, reportBatchSummary } from '@eduqa/contract';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { actorOf, StarterSchema, starterOf } from './report-generation.ts';
import type { QualityReportsService } from './reports.service.ts';

export const QUALITY_REPORT_BATCH_JOB = 'quality-report-batch';

const BatchSchema = StarterSchema.extend({
  taskId: z.string(),
  templateId: z.string().optional(),
  coverId: z.string().optional(),
});
type BatchPayload = z.output<typeof BatchSchema>;

type Log = (error: unknown, message: string) => void;

/**
 * 批量生成: one job that creates an object report (scope objectTask) for every object task of a diagnosis
 * task, through the single report's own `create` (same checks, names and defaults). Each report is one row
 * written on its own, so a failure leaves the others in place and never half a report. An object task that
 * already has an object report of the task is skipped: a second run, or a retry of an interrupted one,
 * adds only what is missing. One batch per task runs at a time (the job's subject is the task).
 */
export function createReportBatch(deps: {
  reports: Pick<QualityReportsService, 'batchSubjects' | 'create'>;
  jobs: Jobs;
  log?: Log;
}) {
  const { reports } = deps;
  const log: Log = deps.log ?? (() => {});

  const kind = deps.jobs.register(QUALITY_REPORT_BATCH_JOB, {
    payload: BatchSchema,
    label: '生成质量报告（批量）',
    interruptedMessage: '批量生成已中断，请重新发起（已生成的报告会跳过）',
    failedMessage: '批量生成失败，请重试',
    run: async ({ actorId, payload, report, signal }) => {
      const actor = actorOf(actorId, payload);
      // Checked again when the job runs: the caller's standing or the task may have changed since.
      const objectTasks = await reports.batchSubjects(actor, payload);
      const todo = objectTasks.filter((ot) => !ot.hasReport);
      const result: ReportBatchResult = {
        total: objectTasks.length,
        generated: 0,
        skipped: objectTasks.length - todo.length,
        failed: [],
      };
      await report(0, `已生成 0 / ${todo.length}`);
      for (const [index, objectTask] of todo.entries()) {
        if (signal.aborted) break;
        const reason = await createOne(actor, payload, objectTask.id);
        if (reason === null) result.generated += 1;
        else result.failed.push({ objectTaskId: objectTask.id, objectName: objectTask.objectName, reason });
        await report(((index + 1) / todo.length) * 100, `已生成 ${result.generated} / ${todo.length}`);
      }
      return { result, message: reportBatchSummary(result) };
    },
  });

  /** The Chinese reason an object's report was not created, or null when it was. */
  async function createOne(actor: Actor, payload: BatchPayload, objectTaskId: string) {
    try {
      await reports.create(actor, {
        taskId: payload.taskId,
        scope: 'objectTask',
        objectTaskId,
        ...(payload.templateId ? { templateId: payload.templateId } : {}),
        ...(payload.coverId ? { coverId: payload.coverId } : {}),
      });
      return null;
    } catch (error) {
      if (error instanceof AppError) return error.message;
      log(error, `batch report of object task ${objectTaskId} failed`);
      return M.batchFailed;
    }
  }

  return {
    /** Checks the caller and the task, then starts the job; a batch already under way for the task is answered. */
    async start(actor: Actor, input: { taskId: string; templateId?: string; coverId?: string }) {
      await reports.batchSubjects(actor, input);
      const job = await kind.enqueue({
        actorId: actor.userId,
        subjectKey: input.taskId,
        payload: {
          taskId: input.taskId,
          ...(input.templateId ? { templateId: input.templateId } : {}),
          ...(input.coverId ? { coverId: input.coverId } : {}),
          ...starterOf(actor),
        },
      });
      return { taskId: job.id };
    },
  };
}

export type ReportBatch = ReturnType<typeof createReportBatch>;
