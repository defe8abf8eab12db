import type {
  AnalysisSchool,
  AverageAnalysis,
  IndicatorBand,
  PeerIndicator,
  TrendAnalysis,
} from '@eduqa/contract';
import type { LineSeriesOption } from 'echarts';
import { describe, expect, it } from 'vitest';
import {
  averageOption,
  bandOption,
  formatValue,
  levelRankText,
  OWN_COLOR,
  rankOption,
  trendOption,
} from './peer-charts.ts';

const school = (code: string, name: string, isOwn = false): AnalysisSchool => ({
  code,
  name,
  province: '浙江省',
  city: '',
  level: '专科',
  nature: '公办',
  isOwn,
});
const indicator = (over: Partial<PeerIndicator> = {}): PeerIndicator => ({
  id: 'i1',
  tableKind: 'scorecard',
  name: '就业率',
  unit: '%',
  direction: '>',
  sortOrder: 1,
  pointId: null,
  pointName: null,
  ...over,
});

const trend: TrendAnalysis = {
  startYear: 2024,
  endYear: 2025,
  years: [2024, 2025],
  isDemo: true,
  indicators: [indicator()],
  schools: [school('own', '本校学院', true), school('a', '<b>甲</b>学院')],
  series: [
    { indicatorId: 'i1', schoolCode: 'own', values: [90, 92] },
    { indicatorId: 'i1', schoolCode: 'a', values: [null, 95] },
  ],
};

describe('peer charts', () => {
  it('draws the own school red, thicker, on top and named 本校', () => {
    const option = trendOption(trend, 'i1')!;
    const [own, peer] = option.series as LineSeriesOption[];
    expect(own).toMatchObject({ name: '本校学院（本校）', color: OWN_COLOR, z: 10, lineStyle: { width: 4 } });
    expect(peer!.lineStyle!.width).toBe(2);
    expect(peer!.color).not.toBe(OWN_COLOR);
  });

  it('escapes school names in the tooltip', () => {
    const option = trendOption(trend, 'i1')!;
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter([
      { axisValue: '2025', seriesName: '<b>甲</b>学院', value: 95 },
      { axisValue: '2025', seriesName: '本校学院（本校）', value: 92.456 },
    ]);
    expect(html).toContain('&lt;b&gt;甲&lt;/b&gt;学院：95 %');
    expect(html).toContain('本校学院（本校）：92.46 %');
    expect(html).not.toContain('<b>');
  });

  it('has nothing to draw without values', () => {
    expect(
      trendOption({ ...trend, series: trend.series.map((s) => ({ ...s, values: [null, null] })) }, 'i1'),
    ).toBeNull();
    expect(formatValue(null)).toBe('-');
  });

  it('orders the rank bars with the first on top and the own bar red', () => {
    const option = rankOption({
      year: 2025,
      isDemo: false,
      indicator: indicator(),
      schools: trend.schools,
      ranks: [
        { schoolCode: 'a', value: 95, rank: 1 },
        { schoolCode: 'own', value: 92, rank: 2 },
      ],
      levelRank: null,
    })!;
    const yAxis = option.yAxis as { data: string[] };
    expect(yAxis.data.at(-1)).toContain('甲');
    const bars = (option.series as Array<{ data: Array<{ itemStyle: { color: string } }> }>)[0]!.data;
    expect(bars[0]!.itemStyle.color).toBe(OWN_COLOR);
  });

  it('says 暂无数据 in the legend for a chosen school without a value, whose line is missing', () => {
    const option = trendOption(
      {
        ...trend,
        schools: [...trend.schools, school('b', '乙学院')],
        series: [...trend.series, { indicatorId: 'i1', schoolCode: 'b', values: [null, null] }],
      },
      'i1',
    )!;
    const names = (option.series as LineSeriesOption[]).map((s) => s.name);
    expect(names).toEqual(['本校学院（本校）', '<b>甲</b>学院', '乙学院（暂无数据）']);
  });

  it('lists a chosen school without a value last in the rank chart, named 暂无数据, ranks over those with data', () => {
    const option = rankOption({
      year: 2025,
      isDemo: false,
      indicator: indicator(),
      schools: [...trend.schools, school('b', '乙学院')],
      ranks: [
        { schoolCode: 'a', value: 95, rank: 1 },
        { schoolCode: 'own', value: 92, rank: 2 },
        { schoolCode: 'b', value: null, rank: null },
      ],
      levelRank: null,
    })!;
    expect((option.yAxis as { data: string[] }).data[0]).toBe('乙学院（暂无数据）');
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(formatter({ dataIndex: 1 })).toContain('名次：第 2 / 2（所选 3 所学校中有数据的 2 所）');
    expect(formatter({ dataIndex: 0 })).toContain('2025 年暂无数据');
  });

  it('says over how many of the chosen schools each year’s average is', () => {
    const average: AverageAnalysis = {
      startYear: 2024,
      endYear: 2025,
      years: [2024, 2025],
      isDemo: false,
      indicators: [indicator()],
      schools: [...trend.schools, school('b', '乙学院'), school('c', '丙学院')],
      items: [
        {
          indicatorId: 'i1',
          points: [
            { year: 2024, own: null, average: 90, count: 1 },
            { year: 2025, own: null, average: 93, count: 2 },
          ],
        },
      ],
    };
    const option = averageOption(average, 'i1')!;
    expect((option.series as LineSeriesOption[])[0]!.name).toBe('本校学院（本校）（暂无数据）');
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter([{ axisValue: '2025', seriesName: '对标学校平均值', value: 93, dataIndex: 1 }]);
    expect(html).toContain('对标学校平均值：93 %（所选 3 所中有数据的 2 所）');
  });

  it('gives the own school’s level rank with both denominators', () => {
    const own = school('own', '本校学院', true);
    expect(levelRankText(own, { level: '专科', rank: 10, count: 29, total: 1556 }, 2025)).toBe(
      '本校学院（本校）在有数据的 29 所专科院校中第 10（名单中专科院校共 1,556 所）',
    );
    expect(levelRankText(own, { level: '专科', rank: null, count: 29, total: 1556 }, 2025)).toBe(
      '本校学院（本校）2025 年暂无数据（有数据的专科院校 29 所，名单中专科院校共 1,556 所）',
    );
  });

  it('stacks the bands from the worse end up, for either direction', () => {
    const band = (direction: '>' | '<', p: [number, number, number, number]): IndicatorBand => ({
      indicator: indicator({ direction }),
      startYear: 2025,
      endYear: 2025,
      isDemo: false,
      ownSchool: null,
      peerScope: 'chosen',
      peerCount: 3,
      points: [
        { year: 2025, p25: p[0], p50: p[1], p75: p[2], p90: p[3], count: 3, own: 17, position: 'p25to50' },
      ],
    });
    const up = bandOption(band('>', [10, 20, 30, 40]))!.series as Array<{ name: string; data: number[] }>;
    expect(up.map((s) => [s.name, s.data[0]])).toEqual([
      ['base', 10],
      ['P25–P50', 10],
      ['P50–P75', 10],
      ['P75–P90', 10],
      ['本校', 17],
    ]);
    // 生师比-like: P25 18, P50 16, P75 15.5, P90 15.2 → from 15.2 upwards, P75–P90 first.
    const down = bandOption(band('<', [18, 16, 15.5, 15.2]))!.series as Array<{
      name: string;
      data: number[];
    }>;
    expect(down.map((s) => [s.name, s.data[0]])).toEqual([
      ['base', 15.2],
      ['P75–P90', 0.3],
      ['P50–P75', 0.5],
      ['P25–P50', 2],
      ['本校', 17],
    ]);
  });
});
