import { QUALITY_REPORT_MESSAGES as M, type ReportBatchResult } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { createJobs, type Jobs } from '../../platform/jobs/jobs.ts';
import { createReportBatch, type ReportBatch } from './report-batch.ts';

/**
 * The batch job around a stand-in for the reports service: one object's failure, with its Chinese reason,
 * leaves the others to be created, and the job notes 已生成 x / y as it goes.
 */
const ACTOR: Actor = {
  userId: 'publisher-1',
  sessionId: 's',
  csrfSecret: 'c',
  roleIds: ['2020003'],
  menuKeys: new Set(['report']),
  actions: new Set(['diagnosis.manage']),
};
const OBJECT_TASKS = [
  { id: 'ot1', objectName: '王老师', hasReport: false },
  { id: 'ot2', objectName: '李老师', hasReport: false },
  { id: 'ot3', objectName: '张老师', hasReport: true },
  { id: 'ot4', objectName: '赵老师', hasReport: false },
];

let database: Database;
let jobs: Jobs;
let batch: ReportBatch;
let jobId: (id: string) => void = () => {};
const started = new Promise<string>((resolve) => {
  jobId = resolve;
});
/** The job as the second object's report was being created. */
let midway: { progress: number; message: string } | undefined;
const created: string[] = [];
const log = vi.fn();

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
  jobs = createJobs({ database, options: { heartbeatMs: 50, sweepMs: 100, graceMs: 200 } });
  batch = createReportBatch({
    jobs,
    log,
    reports: {
      batchSubjects: async () => OBJECT_TASKS,
      async create(_actor, body) {
        const objectTaskId = body.objectTaskId ?? '';
        if (objectTaskId === 'ot2') {
          const job = await jobs.get(await started);
          midway = job ? { progress: job.progress, message: job.message } : undefined;
          throw new AppError('NOT_FOUND', M.objectTaskNotFound);
        }
        if (objectTaskId === 'ot4') throw new Error('connection reset');
        created.push(objectTaskId);
        return `report-${objectTaskId}`;
      },
    },
  });
  await jobs.start();
});
afterAll(async () => {
  await jobs.stop();
  await database.close();
});

describe('the batch job', () => {
  it('creates what it can, lists each failure with its Chinese reason, and skips objects already reported', async () => {
    const { taskId } = await batch.start(ACTOR, { taskId: 'task-1' });
    jobId(taskId);
    let job = await jobs.get(taskId);
    for (let i = 0; i < 200 && (job?.state === 'waiting' || job?.state === 'running'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = await jobs.get(taskId);
    }
    expect(job).toMatchObject({ state: 'finished', progress: 100, message: '已生成1份，跳过1份，失败2份' });
    expect(job?.result as ReportBatchResult).toEqual({
      total: 4,
      generated: 1,
      skipped: 1,
      failed: [
        { objectTaskId: 'ot2', objectName: '李老师', reason: '对象任务不存在' },
        { objectTaskId: 'ot4', objectName: '赵老师', reason: '生成失败，请重试' },
      ],
    });
    expect(created).toEqual(['ot1']);
    expect(midway).toEqual({ progress: 33, message: '已生成 1 / 3' });
    // Only the unexpected failure is logged; the refusal is the user's to read.
    expect(log).toHaveBeenCalledTimes(1);
  });
});
