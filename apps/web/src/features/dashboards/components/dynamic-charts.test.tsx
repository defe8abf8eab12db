// @vitest-environment happy-dom
import { dynamicChartEndpoints as D, type Endpoint, toDynamicChartWire } from '@eduqa/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, wait } from '../../../shared/testing/dom.tsx';
import { DynamicCharts } from './dynamic-charts.tsx';

vi.mock('../../../shared/charts/lazy-chart.tsx', () => ({
  LazyChart: ({ option }: { option: { series: Array<{ data: unknown[] }> } | null }) => (
    <div data-chart={option ? JSON.stringify(option.series[0]?.data) : 'none'} />
  ),
}));
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../shared/api/client.ts')>()),
  call: api.call,
}));

/** The server's answer for one chart, written in English and put on the wire as the server does. */
const item = (id: string, name: string, width?: number) =>
  toDynamicChartWire({
    id,
    sourceId: 'p1',
    sourceType: 'portrayal',
    name,
    chartKind: 'bar',
    algorithmGroupId: 'g1',
    algorithmGroupName: '专业人数',
    algorithmVersion: null,
    width: width ?? 8,
    sortOrder: 0,
    updatedAt: new Date('2026-03-01T00:00:00.000Z'),
  });

afterEach(() => {
  document.body.innerHTML = '';
  vi.clearAllMocks();
});

describe('DynamicCharts', () => {
  it('draws each chart in a 353 px panel of its width units and shows the empty placeholder on no rows', async () => {
    const asked: unknown[] = [];
    api.call.mockImplementation(async (endpoint: Endpoint, args: { query: Record<string, string> }) => {
      if (endpoint === D.query) return [item('a', '各专业人数'), item('b', '空图表', 16)];
      if (endpoint === D.data) {
        asked.push(args.query);
        return args.query.id === 'a'
          ? { columns: ['专业', '人数'], list: [{ 专业: '机电', 人数: 12 }], truncated: false }
          : { columns: ['专业', '人数'], list: [], truncated: false };
      }
      throw new Error(endpoint.path);
    });
    const { container } = await render(
      <QueryClientProvider client={new QueryClient()}>
        <DynamicCharts sourceId="p1" objectId="o1" />
      </QueryClientProvider>,
    );
    await wait(50);
    await wait(50);
    const panels = [...container.querySelectorAll<HTMLElement>('.dynamic-chart')];
    expect(panels.map((p) => [p.style.getPropertyValue('--chart-span'), p.style.height])).toEqual([
      ['8', '353px'],
      ['16', '353px'],
    ]);
    expect(panels[0]?.querySelector('[data-chart]')?.getAttribute('data-chart')).toBe('[12]');
    expect(panels[1]?.textContent).toContain('暂无数据');
    expect(asked).toContainEqual({ id: 'a', objectId: 'o1' });
    expect(api.call.mock.calls[0]?.[1]).toMatchObject({ query: { sourceId: 'p1', type: 'portrayal' } });
  });
});
