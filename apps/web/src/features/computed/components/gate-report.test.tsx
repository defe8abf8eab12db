// @vitest-environment happy-dom
import {
  type ComputedRunValueWire,
  type ComputedRunWire,
  computedEndpoints as E,
  type Endpoint,
} from '@eduqa/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, renderWithQueries, until, wait } from '../../../shared/testing/dom.tsx';
import { run, value } from './gate-report.fixtures.wire.ts';
import { GateReport } from './gate-report.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('../../../shared/ui/feedback.tsx', async (original) => ({
  ...(await original<typeof import('../../../shared/ui/feedback.tsx')>()),
  notify: toast,
}));

const HOSTILE = '<img src=x onerror="alert(1)">';

/** The server's answer to 入库 or 放弃: the decided run, or a refusal. */
let decide: (body: { runId: string; heldIds?: string[] }) => Promise<ComputedRunWire>;

async function showGate(records: ComputedRunValueWire[], shown: ComputedRunWire = run) {
  const onDone = vi.fn();
  toast.success.mockReset();
  decide = async (body) => ({
    ...shown,
    state: 'applied',
    appliedCount: 2,
    heldCount: body.heldIds?.length ?? 0,
  });
  api.call.mockImplementation(async (endpoint: Endpoint, args?: { body?: never }) => {
    if (endpoint === E.runValues) return { records, total: records.length, current: 1, pages: 1, size: 10 };
    if (endpoint === E.accept || endpoint === E.discard) return decide(args?.body ?? { runId: '' });
    throw new Error(endpoint.path);
  });
  const view = await renderWithQueries(<GateReport run={shown} onDone={onDone} />);
  await until(() => view.container.querySelectorAll('tbody tr.ant-table-row').length === records.length);
  return { container: view.container, onDone, unmount: view.unmount };
}

const callsTo = (endpoint: Endpoint) => api.call.mock.calls.filter(([e]) => e === endpoint);
const holdBox = (label: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
/** Opens a Popconfirm by its trigger's text and presses its OK button. */
async function confirmWith(trigger: string, ok: string, endpoint: Endpoint) {
  await click(byText(document.body, 'button', trigger));
  const popup = () => [...document.querySelectorAll<HTMLElement>('.ant-popconfirm')].at(-1);
  await until(() => popup() !== undefined);
  const asked = callsTo(endpoint).length;
  await click(byText(popup() ?? document.body, 'button', ok));
  await until(() => callsTo(endpoint).length > asked);
  await wait(50);
}

/** The 采集值 cell of each row, by object code, as the publisher reads it. */
const valueCells = (container: HTMLElement) =>
  Object.fromEntries(
    [...container.querySelectorAll('tbody tr.ant-table-row')].map((row) => {
      const cells = [...row.querySelectorAll('td')].filter((td) => !td.className.includes('selection'));
      return [cells[0]?.textContent?.match(/（(.+)）/)?.[1], cells[3]];
    }),
  );

afterEach(() => {
  document.body.innerHTML = '';
  vi.clearAllMocks();
});

describe('GateReport', { timeout: 20_000 }, () => {
  it('says in red, in place of the value, why an object got none', async () => {
    const { container } = await showGate([
      value('1', { value: null, flags: ['error'], reasons: ['连接被拒绝：接口地址上没有服务在监听'] }),
      value('2', { value: null, flags: ['missing'], reasons: ['算法没有返回值（该对象本周期没有数据）'] }),
      value('3', { value: '120', flags: ['range'], reasons: ['数值 120 超出合理范围 0 ~ 100'] }),
    ]);
    const cells = valueCells(container);
    expect(cells.C1?.textContent).toBe('未取得连接被拒绝：接口地址上没有服务在监听');
    expect(cells.C1?.querySelector('.ant-typography-danger')?.textContent).toBe(
      '连接被拒绝：接口地址上没有服务在监听',
    );
    expect(cells.C2?.querySelector('.ant-typography-danger')?.textContent).toBe(
      '算法没有返回值（该对象本周期没有数据）',
    );
    // A value that was had keeps its flag's reason beside the flag, not under the value.
    expect(cells.C3?.textContent).toBe('120');
    expect(container.textContent).toContain('超出合理范围数值 120 超出合理范围 0 ~ 100');
    // Each reason appears once.
    expect(container.textContent?.split('连接被拒绝').length).toBe(2);
  });

  it("shows a reason quoting markup as text, never as the page's own markup", async () => {
    const { container } = await showGate([
      value('1', { value: null, flags: ['error'], reasons: [`SQL 执行失败：${HOSTILE}`] }),
    ]);
    const reason = valueCells(container).C1?.querySelector('.ant-typography-danger');
    expect(reason?.textContent).toBe(`SQL 执行失败：${HOSTILE}`);
    expect(container.querySelector('img')).toBeNull();
  });

  it('holds the ticked rows and accepts the rest, then tells the counts', async () => {
    const { onDone } = await showGate([
      value('1', {}),
      value('2', { value: '4' }),
      value('3', { value: null, flags: ['missing'], reasons: ['算法没有返回值'] }),
    ]);
    // A row without a value never becomes a sample: there is nothing to hold.
    expect(holdBox('暂缓 对象3 2026-02')?.disabled).toBe(true);
    expect(byText(document.body, 'button', '全部入库')).not.toBeNull();
    await click(holdBox('暂缓 对象1 2026-02'));
    await confirmWith('暂缓 1 条，其余入库', '入库', E.accept);
    expect(callsTo(E.accept).map(([, args]) => args)).toEqual([
      { body: { runId: 'r1', heldIds: ['1'] }, json: true },
    ]);
    expect(toast.success).toHaveBeenCalledWith('已入库 2 条，暂缓 1 条，评级已更新');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('discards the run on the publisher’s word', async () => {
    const { onDone } = await showGate([value('1', {})]);
    await confirmWith('放弃', '放弃', E.discard);
    expect(callsTo(E.discard).map(([, args]) => args)).toEqual([{ body: { runId: 'r1' }, json: true }]);
    expect(callsTo(E.accept)).toHaveLength(0);
    expect(toast.success).toHaveBeenCalledWith('已放弃本次采集');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('keeps the run at the gate when the server refuses the decision', async () => {
    const { onDone } = await showGate([value('1', {})]);
    decide = async () => {
      throw new Error('该批次已处理');
    };
    await confirmWith('全部入库', '入库', E.accept);
    expect(callsTo(E.accept)).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(byText(document.body, 'button', '全部入库')).not.toBeNull();
  });

  it('offers no holding and no decision once the run has left the gate', async () => {
    const { container } = await showGate([value('1', {})], { ...run, state: 'applied', appliedCount: 3 });
    expect(container.querySelector('input[type="checkbox"]')).toBeNull();
    expect(byText(container, 'button', '入库')).toBeNull();
    expect(byText(container, 'button', '放弃')).toBeNull();
    expect(container.querySelector('.ant-descriptions')?.textContent).toContain('已入库');
  });

  it('opens on the flagged values when there are any, and on all of them otherwise', async () => {
    const first = await showGate([value('1', {})]);
    expect(callsTo(E.runValues).at(-1)?.[1]).toEqual({
      query: expect.objectContaining({ flaggedOnly: true }),
    });
    await click(document.querySelector('[aria-label="只看异常"]'));
    await until(() => callsTo(E.runValues).length > 1);
    expect(callsTo(E.runValues).at(-1)?.[1]).toEqual({
      query: expect.objectContaining({ flaggedOnly: false }),
    });
    first.unmount();
    api.call.mockClear();
    await showGate([value('1', {})], { ...run, flaggedCount: 0 });
    expect(callsTo(E.runValues)[0]?.[1]).toEqual({ query: expect.objectContaining({ flaggedOnly: false }) });
  });

  it('warns with the run’s message and names at most 20 codes no object matched', async () => {
    const codes = Array.from({ length: 25 }, (_, i) => `X${i + 1}`);
    const { container } = await showGate([], {
      ...run,
      message: '有 25 行数据没有匹配到诊断对象',
      unmappedCodes: codes,
    });
    const alert = container.querySelector('.ant-alert')?.textContent ?? '';
    expect(alert).toContain('有 25 行数据没有匹配到诊断对象');
    expect(alert).toContain('X1、X2');
    expect(alert).toContain('X20');
    expect(alert).not.toContain('X21');
  });
});
