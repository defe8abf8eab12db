// @vitest-environment happy-dom
import { type ComputedWhyWire, computedEndpoints as E, type Endpoint } from '@eduqa/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render, until, wait } from '../../../shared/testing/dom.tsx';
import { lineage, why } from './why-panel.fixtures.wire.ts';
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

describe('WhyView', () => {
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

  it('opens a sample’s parameters, SQL digest, run and job below its row', async () => {
    const container = await show(why({ lineage: [lineage({ params: { objectCode: 'T01', year: 2026 } })] }));
    expect(container.textContent).not.toContain('SQL 摘要');
    await click(container.querySelector('.ant-table-row-expand-icon'));
    await until(() => container.querySelector('.ant-table-expanded-row') !== null);
    const detail = container.querySelector('.ant-table-expanded-row')?.textContent ?? '';
    expect(detail).toContain('objectCode=T01，year=2026');
    expect(detail).toContain('abc');
    expect(detail).toContain('r1 / j1');
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
