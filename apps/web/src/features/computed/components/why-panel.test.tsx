// @vitest-environment happy-dom
import {
  type ComputedWhyWire,
  computedEndpoints as E,
  type Endpoint,
  KEPT_TYPED_NOTE,
  RESULT_SOURCE_RULE,
} from '@eduqa/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render, until, wait } from '../../../shared/testing/dom.tsx';
import { collectedSample, lineage, why } from './why-panel.fixtures.wire.ts';
import { WhyPanel, WhyView } from './why-panel.tsx';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

async function show(data: ComputedWhyWire) {
  const view = await render(<WhyView data={data} />);
  await wait(10);
  return view.container;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.clearAllMocks();
});

async function showPanel(answer: () => Promise<ComputedWhyWire>) {
  api.call.mockImplementation(async (endpoint: Endpoint) => {
    if (endpoint === E.why) return answer();
    throw new Error(endpoint.path);
  });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = await render(
    <QueryClientProvider client={queries}>
      <WhyPanel pointId="ap1" />
    </QueryClientProvider>,
  );
  await until(() => view.container.querySelector('.ant-skeleton') === null);
  return view.container;
}

describe('WhyView', { timeout: 20_000 }, () => {
  it('shows the result, the current algorithm version and the note on an older version', async () => {
    const text = (await show(why({}))).textContent ?? '';
    expect(text).toContain('科研得分（当前版本 3）');
    expect(text).toContain('当前结果由版本 2 计算');
    expect(text).toContain('李老师');
  });

  it('names the algorithm, version and data source of a computed sample, and the address of an interface one', async () => {
    const container = await show(
      why({
        lineage: [
          lineage({ sampleId: 'a' }),
          lineage({
            sampleId: 'b',
            cycleKey: '2026-01',
            method: 'interface',
            endpointUrl: 'https://x.example/api',
          }),
        ],
      }),
    );
    const rows = [...container.querySelectorAll('tbody tr.ant-table-row')].map((r) => r.textContent ?? '');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('科研得分 · 版本 2 · 内置数据库');
    expect(rows[1]).toContain('接口 https://x.example/api');
  });

  it('shows dashes for a point reported by hand, which has no algorithm', async () => {
    const container = await show(
      why({
        collectionMethod: 'report',
        result: null,
        grade: null,
        lineage: [],
        algorithm: null,
        note: '该质控点为手工填报，结果由填报人录入，没有算法来源',
      }),
    );
    const text = container.textContent ?? '';
    expect(text).toContain('手工填报');
    expect(container.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(0);
    expect(text).not.toContain('当前版本');
  });

  it('opens a sample’s parameters, SQL digest and run, the run by who started it when, below its row', async () => {
    const container = await show(why({ lineage: [lineage({ params: { objectCode: 'T01', year: 2026 } })] }));
    expect(container.textContent).not.toContain('SQL 摘要');
    await click(container.querySelector('.ant-table-row-expand-icon'));
    await until(() => container.querySelector('.ant-table-expanded-row') !== null);
    const detail = container.querySelector('.ant-table-expanded-row')?.textContent ?? '';
    expect(detail).toContain('objectCode=T01，year=2026');
    expect(detail).toContain('abc');
    expect(detail).toContain('采集批次王老师 于 2026-03-01 08:00:00 发起的采集');
    expect(detail).not.toContain('r1');
    expect(detail).not.toContain('j1');
  });

  it('asks the server for the point’s lineage and shows it', async () => {
    const container = await showPanel(async () => why({}));
    expect(api.call).toHaveBeenCalledWith(E.why, { query: { zgzkdid: 'ap1' } });
    expect(container.textContent).toContain('科研得分（当前版本 3）');
  });

  it('says why when the server refuses the lineage, instead of loading for ever', async () => {
    const container = await showPanel(async () => {
      throw new Error('质控点不存在');
    });
    expect(container.querySelector('.ant-skeleton')).toBeNull();
    expect(byText(container, '.ant-empty-description', '质控点不存在')).not.toBeNull();
  });
});

describe('WhyView: the source of the value used (issue 26)', { timeout: 20_000 }, () => {
  const october = lineage({
    sampleId: 'c10',
    cycleKey: '2025-10',
    value: '75',
    version: 1,
    inputRows: 20,
    runId: 'run-9',
    runLabel: '王老师 于 2025-11-01 09:00:00 发起的采集',
  });
  const typed = {
    sampleId: 't11',
    sampledAt: '2025-11-20T01:00:00.000Z',
    cycleKey: '2025-11',
    value: '82.7',
    source: 'typed' as const,
    enteredBy: '王老师',
    enteredAt: '2025-11-20T01:00:05.000Z',
    used: true,
    replaced: false,
  };

  it('says a typed result is 手工录入, by whom and why the collection left it, and marks each sample', async () => {
    const container = await show(
      why({
        result: '82.7',
        grade: 'A',
        source: {
          kind: 'typed',
          value: '82.7',
          cycleKey: '2025-11',
          sampledAt: typed.sampledAt,
          enteredBy: '王老师',
          enteredAt: typed.enteredAt,
          lineage: null,
        },
        samples: [typed, collectedSample(october)],
        lineage: [october],
        note: `当前结果为手工录入值 82.7（王老师 于 2025-11-20 09:00 录入）；${KEPT_TYPED_NOTE}（本周期采集结果：空值）`,
      }),
    );
    const source =
      byText(container, '.ant-descriptions-item-label', '结果来源')?.nextElementSibling?.textContent ?? '';
    expect(source).toContain('手工录入');
    expect(source).toContain('2025-11 周期 · 王老师 于');
    expect(source).not.toContain('科研得分');
    expect(container.textContent).toContain(KEPT_TYPED_NOTE);
    expect(container.textContent).toContain(RESULT_SOURCE_RULE);
    const rows = [...container.querySelectorAll('tbody tr.ant-table-row')].map((r) => r.textContent ?? '');
    expect(rows[0]).toContain('82.7');
    expect(rows[0]).toContain('手工录入');
    expect(rows[0]).toContain('当前结果所用');
    expect(rows[0]).toContain('王老师');
    expect(rows[1]).toContain('算法计算');
    expect(rows[1]).toContain('科研得分 · 版本 1');
    expect(rows[1]).not.toContain('当前结果所用');
  });

  it('names the group, version, run and input rows of a collected result, and the typed value it replaced', async () => {
    const container = await show(
      why({
        result: '75',
        grade: 'B',
        source: {
          kind: 'collected',
          value: '75',
          cycleKey: '2025-10',
          sampledAt: october.sampledAt,
          enteredBy: null,
          enteredAt: null,
          lineage: october,
        },
        samples: [
          { ...typed, cycleKey: '2025-10', used: false, replaced: true },
          { ...collectedSample(october), used: true },
        ],
        lineage: [october],
      }),
    );
    const source =
      byText(container, '.ant-descriptions-item-label', '结果来源')?.nextElementSibling?.textContent ?? '';
    expect(source).toContain('算法计算');
    expect(source).not.toContain('run-9');
    expect(source).toContain(
      '2025-10 周期 · 科研得分 · 版本 1 · 内置数据库 · 王老师 于 2025-11-01 09:00:00 发起的采集 · 输入 20 行',
    );
    const rows = [...container.querySelectorAll('tbody tr.ant-table-row')].map((r) => r.textContent ?? '');
    expect(rows[0]).toContain('已被同周期采集值替换');
    expect(rows[1]).toContain('当前结果所用');
  });
});
