import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { requiredId } from './text.ts';

/** 后台任务 (the spec's future task): waiting → running → finished | failed, with progress 0–100. */
export const JOB_STATES = ['waiting', 'running', 'finished', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
export const JOB_STATE_LABELS: Record<JobState, string> = {
  waiting: '排队中',
  running: '执行中',
  finished: '已完成',
  failed: '执行失败',
};

/** Whether a job is still under way (the client keeps polling it). */
export const isJobActive = (state: JobState) => state === 'waiting' || state === 'running';

/** The client polls a job this often (ms). */
export const JOB_POLL_MS = 1000;

export const FutureTaskQuerySchema = z.object({ taskId: requiredId('任务') });

export const FutureTaskSchema = z.object({
  taskId: z.string().describe('任务编号'),
  state: z.enum(JOB_STATES).describe('waiting 排队中, running 执行中, finished 已完成, failed 执行失败'),
  progress: z.number().int().min(0).max(100).describe('进度 0–100'),
  message: z.string().describe('说明（失败原因）'),
  result: z.unknown().describe('任务结果（完成后）'),
  fileName: z.string().nullable().describe('结果文件名（有文件时）'),
});
export type FutureTask = z.infer<typeof FutureTaskSchema>;

/**
 * The spec's future-task pair under a domain's base path: `getFutureTaskResult?taskId=` polls a job,
 * `doneFutureTask` acknowledges (removes) an ended one. Only the job's starter sees it.
 */
export function futureTaskEndpoints(base: string, tag: string) {
  return {
    result: defineEndpoint({
      method: 'GET',
      path: `${base}/getFutureTaskResult`,
      summary: '查询后台任务的状态、进度与结果',
      tag,
      query: FutureTaskQuerySchema,
      data: FutureTaskSchema,
    }),
    done: defineEndpoint({
      method: 'POST',
      path: `${base}/doneFutureTask`,
      summary: '确认已结束的后台任务（删除）',
      tag,
      body: FutureTaskQuerySchema,
      data: z.null(),
    }),
  };
}
export type FutureTaskEndpoints = ReturnType<typeof futureTaskEndpoints>;
