// @vitest-environment happy-dom
import {
  type ComputedRunWire,
  type DiagnosisTask,
  computedEndpoints as E,
  type Endpoint,
  computedFutureTasks as F,
} from '@eduqa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, until, wait } from '../../../shared/testing/dom.tsx';
import { ComputedRunModal } from './computed-run-modal.tsx';
import { run } from './gate-report.fixtures.wire.ts';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

/** The modal reads a task's id and name only. */
const task = { id: 't1', name: '2026 春季教师诊断' } as DiagnosisTask;

/** The server's answers: earlier runs of the task, and what 开始采集 answers. */
let earlier: ComputedRunWire[];
let start: () => Promise<{ taskId: string; runId: string }>;
beforeEach(() => {
  earlier = [];
  start = async () => ({ taskId: 'j2', runId: 'r2' });
  api.call.mockImplementation(async (endpoint: Endpoint, args?: { query?: { runId?: string } }) => {
    if (endpoint === E.runs)
      return { records: earlier, total: earlier.length, current: 1, pages: 1, size: 5 };
    if (endpoint === E.runDetail) return { ...run, id: args?.query?.runId ?? '' };
    if (endpoint === E.runValues) return { records: [], total: 0, current: 1, pages: 0, size: 10 };
    if (endpoint === E.run) return start();
    if (endpoint === F.result) return { state: 'running', progress: 40, message: '第 2 个对象' };
    if (endpoint === E.taskPoints) return [];
    throw new Error(endpoint.path);
  });
});
let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
  document.body.innerHTML = '';
  vi.clearAllMocks();
});

async function open() {
  const view = await renderWithQueries(<ComputedRunModal task={task} open onClose={() => {}} />);
  cleanup = view.unmount;
  await until(() => callsTo(E.runs).length > 0);
  await wait(40);
}

const callsTo = (endpoint: Endpoint) => api.call.mock.calls.filter(([e]) => e === endpoint);
const startButton = () => byText(document.body, 'button', '开始采集') as HTMLButtonElement | null;

describe('ComputedRunModal', { timeout: 20_000 }, () => {
  it('offers again a run the publisher left at the gate', async () => {
    earlier = [
      { ...run, id: 'r1', state: 'applied' },
      { ...run, id: 'r9', state: 'gate' },
    ];
    await open();
    await until(() => byText(document.body, 'button', '全部入库') !== null);
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('采集：2026 春季教师诊断');
    expect(callsTo(E.runs)[0]?.[1]).toEqual({ query: { rwid: 't1', pageNum: 1, pageSize: 5 } });
    expect(callsTo(E.runDetail).map(([, args]) => args)).toEqual([{ query: { runId: 'r9' } }]);
    expect(byText(document.body, 'button', '全部入库')).not.toBeNull();
    expect(document.body.textContent).not.toContain('尚无待确认的采集');
  });

  it('starts a run with the publisher’s choice of auto-apply and follows its job', async () => {
    await open();
    expect(document.body.textContent).toContain('尚无待确认的采集');
    await click(byText(document.body, 'label', '无异常时自动入库'));
    await click(startButton());
    const progress = () => document.querySelector('[aria-label="采集进度"]');
    await until(() => progress()?.textContent?.includes('40%') === true);
    expect(callsTo(E.run).map(([, args]) => args)).toEqual([
      { body: { rwid: 't1', autoApply: true }, json: true },
    ]);
    expect(callsTo(F.result)[0]?.[1]).toEqual({ query: { taskId: 'j2' }, silent: true });
    expect(progress()?.textContent).toContain('40%');
    // While the job runs, neither the choice nor a second start can be made.
    expect(startButton()?.disabled).toBe(true);
    expect(document.querySelector<HTMLInputElement>('.ant-checkbox-input')?.disabled).toBe(true);
  });

  it('stays ready to start again when the server refuses the run', async () => {
    start = async () => {
      throw new Error('该任务没有需要采集的质控点（算法、SQL 或接口方式）');
    };
    await open();
    await click(startButton());
    await until(() => callsTo(E.run).length > 0);
    await wait(40);
    expect(callsTo(E.run)).toHaveLength(1);
    expect(callsTo(F.result)).toHaveLength(0);
    expect(startButton()?.disabled).toBe(false);
    expect(document.querySelector('[aria-label="采集进度"]')).toBeNull();
    expect(document.body.textContent).toContain('尚无待确认的采集');
  });
});
