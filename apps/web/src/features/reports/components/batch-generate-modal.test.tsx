// @vitest-environment happy-dom
import type { FutureTask } from '@eduqa/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobStatus } from '../../../shared/jobs/use-job.ts';
import { byText, click, renderWithQueries, until, wait } from '../../../shared/testing/dom.tsx';
import { BatchGenerateModal } from './batch-generate-modal.tsx';

const api = vi.hoisted(() => ({
  startReportBatch: vi.fn(),
  forgetBatchJob: vi.fn(),
  invalidate: vi.fn(),
}));
/** The polled job: what the bar shows, and its end handed to the dialog as useJob would. */
const job = vi.hoisted(() => ({
  status: undefined as JobStatus | undefined,
  onEnd: null as ((data: FutureTask) => void) | null,
}));
vi.mock('../api.ts', async () => {
  const { ReportBatchResultSchema } = await import('@eduqa/contract');
  return {
    reportKeys: { all: ['reports'] },
    startReportBatch: api.startReportBatch,
    forgetBatchJob: api.forgetBatchJob,
    batchJobEndpoint: { path: '/report/getFutureTaskResult' },
    wordJobStatus: (data: FutureTask) => data,
    batchResultOf: (data: FutureTask) => ReportBatchResultSchema.parse(data.result),
    useDiagnosisTasks: () => ({ data: [{ id: 't1', name: '2026年度专业诊断' }], isFetching: false }),
    useTemplates: () => ({ data: { records: [{ id: 'tpl1', name: '标准模板' }] }, isLoading: false }),
    useCovers: () => ({ data: { records: [] }, isLoading: false }),
  };
});
vi.mock('../../../shared/jobs/use-job.ts', () => ({
  useJob: (input: { onEnd: (data: FutureTask) => void }) => {
    job.onEnd = input.onEnd;
    return { status: job.status };
  },
}));
vi.mock('../use-report-user.ts', () => ({ useReportUser: () => ({ taskPageType: 'yearTask' }) }));
vi.mock('./use-refresh-reports.ts', () => ({ useRefreshReports: () => api.invalidate }));

let cleanup: (() => void) | null = null;
beforeEach(() => {
  api.startReportBatch.mockReset().mockResolvedValue('job1');
  api.forgetBatchJob.mockReset();
  api.invalidate.mockReset();
  job.status = { state: 'running', progress: 50, message: '已生成 1 / 2' };
  job.onEnd = null;
});
afterEach(async () => {
  cleanup?.();
  cleanup = null;
  await wait(20);
  document.body.innerHTML = '';
});

async function open() {
  const view = await renderWithQueries(<BatchGenerateModal open onClose={() => {}} />);
  cleanup = view.unmount;
}
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

/** Opens the task select and picks its only task. */
async function pickTask() {
  await act(async () => {
    document
      .querySelector('#taskId')
      ?.closest('.ant-select')
      ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  await until(() => document.querySelector('.ant-select-item-option') !== null);
  await click(document.querySelector('.ant-select-item-option'));
}

async function finish(result: unknown) {
  const ended: FutureTask = {
    taskId: 'job1',
    state: 'finished',
    progress: 100,
    message: '',
    result,
    fileName: null,
  };
  job.status = ended;
  await act(async () => job.onEnd?.(ended));
}

describe('批量生成', { timeout: 20_000 }, () => {
  it('asks for the diagnosis task before starting', async () => {
    await open();
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('批量生成报告');
    await click(byText(document.body, 'button', '确定'));
    await until(() => errors().length > 0);
    expect(errors()).toEqual(['请选择诊断任务']);
    expect(api.startReportBatch).not.toHaveBeenCalled();
  });

  it('starts one job, shows 已生成 x / y, then the summary with the failures, and refreshes the list', async () => {
    await open();
    await pickTask();
    await click(byText(document.body, 'button', '确定'));
    await until(() => document.body.textContent?.includes('已生成 1 / 2') ?? false);
    expect(api.startReportBatch).toHaveBeenCalledWith({ taskId: 't1' });
    expect(document.querySelector('[aria-label="批量生成进度"]')).not.toBeNull();
    expect(byText(document.body, 'button', '确定')).toBeNull();

    await finish({
      total: 3,
      generated: 1,
      skipped: 1,
      failed: [{ objectTaskId: 'ot3', objectName: '张三', reason: '对象任务不存在' }],
    });
    expect(document.body.textContent).toContain('已生成1份，跳过1份，失败1份');
    expect(document.querySelector('[aria-label="生成失败的对象"]')?.textContent).toBe('张三：对象任务不存在');
    expect(document.body.textContent).not.toContain('已生成 1 / 2');
    expect(api.invalidate).toHaveBeenCalled();
    expect(api.forgetBatchJob).toHaveBeenCalledWith('job1');
  });

  it('shows the job’s reason when the batch fails as a whole', async () => {
    await open();
    await pickTask();
    await click(byText(document.body, 'button', '确定'));
    await until(() => job.onEnd !== null);
    const failedJob: FutureTask = {
      taskId: 'job1',
      state: 'failed',
      progress: 0,
      message: '用户无权访问该资源',
      result: null,
      fileName: null,
    };
    job.status = failedJob;
    await act(async () => job.onEnd?.(failedJob));
    expect(document.querySelector('.ant-alert-error')?.textContent).toContain('用户无权访问该资源');
  });
});
