import type { FutureTask, ReportBatchResult, ReportSummaryWire } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, TestApp } from '../../../test/app.ts';
import {
  API,
  addOtherObject,
  failed,
  forbidden,
  notFound,
  ok,
  startTaskWorld,
  type TaskSetup,
  type World,
} from '../diagnosis/diagnosis.fixtures.ts';

/** 批量生成: one job that creates an object report for every object task of a diagnosis task. */
let t: TestApp;
let w: World;
let s: TaskSetup;

const R = `${API}/report`;

beforeAll(async () => {
  ({ t, w, s } = await startTaskWorld());
  await addOtherObject(w, s);
});
afterAll(() => t.close());

/** Starts a batch and polls its job until it ends, recording every progress seen on the way. */
async function runBatch(who: Session, body: Record<string, string>) {
  const started = ok<{ taskId: string }>(await who.post(`${R}/batch/insert`, body));
  let job = ok<FutureTask>(await who.get(`${R}/getFutureTaskResult`, { taskId: started.taskId }));
  const progress = [job.progress];
  for (let i = 0; i < 120 && (job.state === 'waiting' || job.state === 'running'); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = ok<FutureTask>(await who.get(`${R}/getFutureTaskResult`, { taskId: started.taskId }));
    progress.push(job.progress);
  }
  return { job, progress, result: job.result as ReportBatchResult };
}

const objectReports = async () =>
  ok<{ records: ReportSummaryWire[] }>(
    await w.publisher.get(`${R}/selectpage`, { rwid: s.taskId, pageSize: 50 }),
  ).records.filter((r) => r.scope === 'objectTask');

describe('批量生成', () => {
  it('creates one object report per object task, skipping one that already has a report', async () => {
    const single = ok<ReportSummaryWire>(
      await w.publisher.post(`${R}/insert`, { rwid: s.taskId, scope: 'objectTask', dxrwid: s.objectTaskId }),
    );
    const { job, progress, result } = await runBatch(w.publisher, { rwid: s.taskId });
    expect(job).toMatchObject({ state: 'finished', progress: 100, message: '已生成1份，跳过1份，失败0份' });
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
    expect(result).toEqual({ total: 2, generated: 1, skipped: 1, failed: [] });

    const reports = await objectReports();
    expect(reports).toHaveLength(2);
    expect(reports.map((r) => r.bgid)).toContain(single.bgid);
    const made = reports.find((r) => r.bgid !== single.bgid)!;
    // Named as a single object report is: 对象（任务）分析报告.
    expect(made.reportName).toMatch(/（2026年度教师诊断）分析报告$/);
    expect(made.reportName).not.toBe(single.reportName);
    // Another user cannot poll the publisher's job.
    notFound(await w.charger.get(`${R}/getFutureTaskResult`, { taskId: job.taskId }));
  });

  it('adds nothing when run again: every object task already has its report', async () => {
    const { job, result } = await runBatch(w.publisher, { rwid: s.taskId });
    expect(job).toMatchObject({ state: 'finished', progress: 100 });
    expect(result).toEqual({ total: 2, generated: 0, skipped: 2, failed: [] });
    expect(await objectReports()).toHaveLength(2);
    // One report per object: the two teachers' names, each once.
    expect(new Set((await objectReports()).map((r) => r.dxmc)).size).toBe(2);
  });

  it('refuses a caller who may not generate the task report, and a task, template or cover that does not exist', async () => {
    // The object's charger may generate his own object report, but not the whole task's.
    forbidden(await w.charger.post(`${R}/batch/insert`, { rwid: s.taskId }));
    forbidden(await w.stranger.post(`${R}/batch/insert`, { rwid: s.taskId }));
    failed(await w.publisher.post(`${R}/batch/insert`, { rwid: 'no-such-task' }), 404, '诊断任务不存在');
    failed(await w.publisher.post(`${R}/batch/insert`, { rwid: ' ' }), 400, '请选择诊断任务');
    failed(
      await w.publisher.post(`${R}/batch/insert`, { rwid: s.taskId, templateId: 'no-such-template' }),
      404,
      '报告模板不存在',
    );
    failed(
      await w.publisher.post(`${R}/batch/insert`, { rwid: s.taskId, coverId: 'no-such-cover' }),
      404,
      '报告封面不存在',
    );
    expect(await objectReports()).toHaveLength(2);
  });

  it('refuses a task without object tasks', async () => {
    const empty = ok<{ id: string }>(
      await w.publisher.post(`${API}/task/insert`, {
        rwmc: '空任务',
        level: 'teacher',
        period: '2026',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      }),
    );
    failed(await w.publisher.post(`${R}/batch/insert`, { rwid: empty.id }), 422, '该诊断任务没有诊断对象');
  });
});
