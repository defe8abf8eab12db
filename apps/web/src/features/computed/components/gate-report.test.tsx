// @vitest-environment happy-dom
import { type ComputedRunValueWire, computedEndpoints as E, type Endpoint } from '@eduqa/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, wait } from '../../../shared/testing/dom.tsx';
import { run, value } from './gate-report.fixtures.wire.ts';
import { GateReport } from './gate-report.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

const HOSTILE = '<img src=x onerror="alert(1)">';

async function showGate(records: ComputedRunValueWire[]) {
  api.call.mockImplementation(async (endpoint: Endpoint) => {
    if (endpoint === E.runValues) return { records, total: records.length, current: 1, pages: 1, size: 10 };
    throw new Error(endpoint.path);
  });
  const view = await render(
    <QueryClientProvider client={new QueryClient()}>
      <GateReport run={run} onDone={() => {}} />
    </QueryClientProvider>,
  );
  await wait(20);
  return view.container;
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

describe('GateReport', () => {
  it('says in red, in place of the value, why an object got none', async () => {
    const container = await showGate([
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
    const container = await showGate([
      value('1', { value: null, flags: ['error'], reasons: [`SQL 执行失败：${HOSTILE}`] }),
    ]);
    const reason = valueCells(container).C1?.querySelector('.ant-typography-danger');
    expect(reason?.textContent).toBe(`SQL 执行失败：${HOSTILE}`);
    expect(container.querySelector('img')).toBeNull();
  });
});
