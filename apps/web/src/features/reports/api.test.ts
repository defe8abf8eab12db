import {
  qualityReportEndpoints as E,
  qualityReportFutureTasks,
  type ReportSummaryWire,
} from '@eduqa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  expertReview,
  fetchReports,
  forgetWordJob,
  insertReport,
  rejectReport,
  schoolReview,
  shareReport,
  updateReport,
  uploadSeal,
  wordJobStatus,
} from './api.ts';
import { NO_RIGHTS } from './testing/report-fixture.ts';

const api = vi.hoisted(() => ({ call: vi.fn(), upload: vi.fn(), download: vi.fn() }));
vi.mock('../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../shared/api/client.ts')>()),
  call: api.call,
  upload: api.upload,
  download: api.download,
}));

/** A list row as the server answers it. */
const summaryWire: ReportSummaryWire = {
  bgid: 'r1',
  reportName: '2026年度专业诊断汇总分析报告',
  scope: 'task',
  rwid: 't1',
  rwmc: '2026年度专业诊断',
  dxmc: '2026年度专业诊断',
  principal: '张三',
  creatorName: '张三',
  state: 'draft',
  cjsj: '2026-03-01',
  zjfhjg: null,
  fhjg: null,
  score: null,
  isShared: false,
  rights: NO_RIGHTS,
};

beforeEach(() => {
  api.call.mockResolvedValue(summaryWire);
});
afterEach(() => vi.clearAllMocks());

describe('quality report requests', () => {
  it('ask for a task’s and a department’s reports under rwid and bmid, and leave out what is not chosen', async () => {
    api.call.mockResolvedValue({ records: [summaryWire], total: 1, current: 1, pages: 1, size: 10 });
    const page = await fetchReports({
      view: 'all',
      taskId: 't1',
      departmentId: 'd1',
      pageNum: 2,
      pageSize: 10,
    });
    expect(api.call).toHaveBeenLastCalledWith(E.selectPage, {
      query: { view: 'all', rwid: 't1', bmid: 'd1', pageNum: 2, pageSize: 10 },
    });
    expect(page.records[0]).toMatchObject({ id: 'r1', taskId: 't1', createdOn: '2026-03-01' });
    await fetchReports({ view: 'todo', keyword: '专业', pageNum: 1, pageSize: 10 });
    expect(api.call).toHaveBeenLastCalledWith(E.selectPage, {
      query: { view: 'todo', keyword: '专业', pageNum: 1, pageSize: 10 },
    });
  });

  it('generate a report with the object task and department only when the scope names them', async () => {
    const made = await insertReport({ taskId: 't1', scope: 'objectTask', objectTaskId: 'o1' });
    expect(api.call).toHaveBeenLastCalledWith(E.insert, {
      body: { scope: 'objectTask', rwid: 't1', dxrwid: 'o1' },
      json: true,
    });
    expect(made).toMatchObject({ id: 'r1', name: '2026年度专业诊断汇总分析报告', state: 'draft' });
    await insertReport({ taskId: 't1', scope: 'department', departmentId: 'd1', reportName: '信息学院报告' });
    expect(api.call).toHaveBeenLastCalledWith(E.insert, {
      body: { scope: 'department', reportName: '信息学院报告', rwid: 't1', bmid: 'd1' },
      json: true,
    });
  });

  it('rename a report without sending a template or cover that was cleared', async () => {
    await updateReport({ id: 'r1', name: '期中报告', templateId: undefined, coverId: 'c1' });
    expect(api.call).toHaveBeenLastCalledWith(E.update, {
      body: { bgid: 'r1', reportName: '期中报告', coverId: 'c1' },
      json: true,
    });
  });

  it('send each review’s result as fhjg, and the rejection’s reason and the shares with the report id', async () => {
    await expertReview('r1', { result: 'excellent', score: '92.5', opinion: '好' });
    expect(api.call).toHaveBeenLastCalledWith(E.expertReview, {
      body: { score: '92.5', opinion: '好', bgid: 'r1', fhjg: 'excellent' },
      json: true,
    });
    await schoolReview('r1', { result: 'unqualified', opinion: '' });
    expect(api.call).toHaveBeenLastCalledWith(E.schoolReview, {
      body: { opinion: '', bgid: 'r1', fhjg: 'unqualified' },
      json: true,
    });
    await rejectReport('r1', '数据不全');
    expect(api.call).toHaveBeenLastCalledWith(E.reject, {
      body: { bgid: 'r1', reason: '数据不全' },
      json: true,
    });
    await shareReport('r1', { userIds: ['u1'], departmentIds: [] });
    expect(api.call).toHaveBeenLastCalledWith(E.share, {
      body: { bgid: 'r1', userIds: ['u1'], departmentIds: [] },
      json: true,
    });
  });

  it('upload a seal as multipart with its kind and review result', async () => {
    api.upload.mockResolvedValue(null);
    const file = new File([new Uint8Array([0x89, 0x50])], '专家章.png', { type: 'image/png' });
    await uploadSeal({ kind: 'expert', result: 'qualified', file });
    const [endpoint, form] = api.upload.mock.calls[0] as [unknown, FormData];
    expect(endpoint).toBe(E.sealUpload);
    expect(form.get('kind')).toBe('expert');
    expect(form.get('fhjg')).toBe('qualified');
    expect((form.get('file') as File).name).toBe('专家章.png');
  });

  it('forget an ended Word job silently, and a failure to do so changes nothing', async () => {
    api.call.mockRejectedValueOnce(new Error('网络异常'));
    await expect(forgetWordJob('job1')).resolves.toBeNull();
    expect(api.call).toHaveBeenLastCalledWith(qualityReportFutureTasks.done, {
      body: { taskId: 'job1' },
      json: true,
      silent: true,
    });
    expect(
      wordJobStatus({
        taskId: 'job1',
        state: 'failed',
        progress: 40,
        message: '字体缺失',
        result: null,
        fileName: null,
      }),
    ).toEqual({ state: 'failed', progress: 40, message: '字体缺失' });
  });
});
