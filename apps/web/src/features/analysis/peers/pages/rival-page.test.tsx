// @vitest-environment happy-dom
import {
  type AnalysisSchool,
  type Endpoint,
  type PeerIndicator,
  peersEndpoints,
  rivalEndpoints,
  toAverageAnalysisWire,
  toDoubleHighTableWire,
  toPeerIndicatorWire,
  toRankAnalysisWire,
  toTrendAnalysisWire,
} from '@eduqa/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EChartsOption } from 'echarts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byText, click, render, typeInto, wait } from '../../../../shared/testing/dom.tsx';
import { OWN_COLOR } from '../charts/peer-charts.ts';
import RivalPage from './rival-page.tsx';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../../../shared/ui/feedback.tsx', async (original) => ({
  ...(await original<typeof import('../../../../shared/ui/feedback.tsx')>()),
  notify: toast,
}));
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../../shared/api/client.ts', async (original) => ({
  ...(await original<typeof import('../../../../shared/api/client.ts')>()),
  call: api.call,
}));
// The chart stands in as a marker carrying its series: name, colour and line width.
vi.mock('../../../../shared/charts/lazy-chart.tsx', () => ({
  LazyChart: ({ option }: { option: EChartsOption | null }) => {
    const series = (option?.series ?? []) as Array<{
      name: string;
      color?: string;
      lineStyle?: { width?: number };
    }>;
    const categories = (option?.yAxis as { data?: string[] } | undefined)?.data ?? [];
    return (
      <div
        data-chart
        data-categories={JSON.stringify(categories)}
        data-series={JSON.stringify(
          series.map((s) => ({ name: s.name, color: s.color, width: s.lineStyle?.width })),
        )}
      />
    );
  },
}));

const school = (code: string, name: string, isOwn = false): AnalysisSchool => ({
  code,
  name,
  province: '浙江省',
  city: '杭州市',
  level: '专科',
  nature: '公办',
  isOwn,
});
const own = school('DEMO000001', '青禾职业技术学院（演示）', true);
const peer = school('4133012036', '浙江交通职业技术学院');
const other = school('4133012345', '宁波城市职业技术学院');
const rate: PeerIndicator = {
  id: 'scorecard-01',
  tableKind: 'scorecard',
  name: '就业率',
  unit: '%',
  direction: '>',
  sortOrder: 1,
  pointId: null,
  pointName: null,
};

function answer(endpoint: Endpoint): unknown {
  if (endpoint === peersEndpoints.indicatorList) return [toPeerIndicatorWire(rate)];
  if (endpoint === peersEndpoints.years) return [2024, 2025];
  if (endpoint === rivalEndpoints.trend)
    return toTrendAnalysisWire({
      startYear: 2024,
      endYear: 2025,
      years: [2024, 2025],
      isDemo: true,
      indicators: [rate],
      schools: [own, peer],
      series: [
        { indicatorId: rate.id, schoolCode: own.code, values: [92, 93] },
        { indicatorId: rate.id, schoolCode: peer.code, values: [95, 96] },
      ],
    });
  if (endpoint === rivalEndpoints.rank)
    return toRankAnalysisWire({
      year: 2025,
      isDemo: true,
      indicator: rate,
      schools: [own, peer, other],
      ranks: [
        { schoolCode: peer.code, value: 96, rank: 1 },
        { schoolCode: own.code, value: 93, rank: 2 },
        { schoolCode: other.code, value: 91, rank: 3 },
      ],
      levelRank: { level: '专科', rank: 3, count: 30, total: 1556 },
    });
  if (endpoint === rivalEndpoints.average)
    return toAverageAnalysisWire({
      startYear: 2024,
      endYear: 2025,
      years: [2024, 2025],
      isDemo: true,
      indicators: [rate],
      schools: [own, peer, other],
      items: [
        {
          indicatorId: rate.id,
          points: [
            { year: 2024, own: 92, average: 94, count: 1 },
            { year: 2025, own: 93, average: 95, count: 2 },
          ],
        },
      ],
    });
  if (endpoint === rivalEndpoints.doubleHigh)
    return toDoubleHighTableWire({
      year: 2025,
      isDemo: true,
      range: 'highSchoolConstructionLevelA',
      indicators: [rate],
      schools: [own, peer, other],
      rows: [
        { schoolCode: own.code, cells: [{ indicatorId: rate.id, value: 93, rank: 2 }] },
        { schoolCode: peer.code, cells: [{ indicatorId: rate.id, value: 96, rank: 1 }] },
        { schoolCode: other.code, cells: [{ indicatorId: rate.id, value: null, rank: null }] },
      ],
      average: [{ indicatorId: rate.id, value: 96, count: 1 }],
    });
  throw new Error(`not answered in this test: ${endpoint.path}`);
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.clearAllMocks();
});

async function renderPage() {
  api.call.mockImplementation(async (endpoint: Endpoint) => answer(endpoint));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = await render(
    <QueryClientProvider client={client}>
      <RivalPage />
    </QueryClientProvider>,
  );
  await wait(50);
  return view;
}

describe('对标分析', () => {
  it('draws the own school highlighted and tags the answer as demo data', async () => {
    const { container } = await renderPage();
    const chart = container.querySelector('[data-chart]');
    expect(chart).not.toBeNull();
    const series = JSON.parse(chart!.getAttribute('data-series')!) as Array<{
      name: string;
      color: string;
      width: number;
    }>;
    expect(series[0]).toEqual({ name: '青禾职业技术学院（演示）（本校）', color: OWN_COLOR, width: 4 });
    expect(series[1]!.color).not.toBe(OWN_COLOR);
    expect(series[1]!.width).toBe(2);
    expect(container.textContent).toContain('演示数据');
    const trendCall = api.call.mock.calls.find(([endpoint]) => endpoint === rivalEndpoints.trend);
    expect(trendCall?.[1]).toMatchObject({ query: { indicatorIds: 'scorecard-01', startYear: 2017 } });
  });

  it("shows the own school's rank among its whole level on the rank tab", async () => {
    const { container } = await renderPage();
    await click(byText(container, '[role="tab"]', '排名分析'));
    await wait(50);
    expect(container.textContent).toContain('在有数据的 30 所专科院校中第 3（名单中专科院校共 1,556 所）');
    expect(container.textContent).toContain('演示数据');
    const rankCall = api.call.mock.calls.find(([endpoint]) => endpoint === rivalEndpoints.rank);
    expect(rankCall?.[1]).toMatchObject({ query: { indicatorId: 'scorecard-01', year: 2025 } });
  });

  it('says under the rank chart, the average chart and the 双高 table over how many schools with data they are taken', async () => {
    const { container } = await renderPage();
    const note = () => container.querySelector('[data-testid="over-note"]')?.textContent;
    await click(byText(container, '[role="tab"]', '排名分析'));
    await wait(50);
    expect(note()).toBe('排名在有数据的 3 所中，名单中共 3 所');
    await click(byText(container, '[role="tab"]', '均值分析'));
    await wait(50);
    expect(note()).toBe(
      '对标学校平均值取自所选 2 所（不含本校）中当年有数据的学校：2024 年 1 所，2025 年 2 所',
    );
    await click(byText(container, '[role="tab"]', '双高对标'));
    await wait(50);
    expect(note()).toBe(
      '平均值取自该档双高学校 2 所中有数据的 1 所（不含本校）；排名在有数据的 2 所中，名单中共 3 所',
    );
  });

  it("narrows the rank tab by its own school name, keeps the own school, and 重置 clears only that tab's inputs", async () => {
    const { container } = await renderPage();
    await click(byText(container, '[role="tab"]', '排名分析'));
    await wait(50);
    const categories = () =>
      JSON.parse(container.querySelector('[data-chart]')!.getAttribute('data-categories')!) as string[];
    expect(categories()).toHaveLength(3);
    await typeInto(container.querySelector('input[aria-label="学校名称"]'), '交通');
    await wait(20);
    expect(categories().join()).toContain('浙江交通');
    expect(categories().join()).toContain('本校');
    expect(categories().join()).not.toContain('宁波城市');
    // antd spaces a two-character label: 重 置.
    await click(byText(container, 'button', '重 置'));
    await wait(20);
    expect(categories()).toHaveLength(3);
    expect((container.querySelector('input[aria-label="学校名称"]') as HTMLInputElement).value).toBe('');
  });
});
