import { describe, expect, it } from 'vitest';
import {
  gradePieOption,
  PORTRAIT_GRADE_COLORS,
  pointTrendOption,
  trendLabels,
  warningsByMonthOption,
} from './portrait-charts.ts';

type Formatter = (params: unknown) => string;

describe('portrait charts', () => {
  it('draws the labels present in their colours, and nothing without points', () => {
    expect(gradePieOption([{ grade: 'unrated', count: 0 }])).toBeNull();
    const option = gradePieOption([
      { grade: 'excellent', count: 3 },
      { grade: 'good', count: 0 },
      { grade: 'unrated', count: 1 },
    ])!;
    const data = (option.series as Array<{ data: Array<{ name: string; itemStyle: { color: string } }> }>)[0]!
      .data;
    expect(data.map((d) => [d.name, d.itemStyle.color])).toEqual([
      ['优秀', PORTRAIT_GRADE_COLORS.excellent],
      ['未评', PORTRAIT_GRADE_COLORS.unrated],
    ]);
  });

  it('escapes a point name in the trend tooltip and draws nothing without numbers', () => {
    const point = {
      qualityPointId: 'q',
      name: '<img src=x onerror=alert(1)>',
      values: [{ taskId: 't', period: '2026', result: 80, target: 90, grade: 'B' }],
    };
    const option = pointTrendOption(point)!;
    const html = (option.tooltip as { formatter: Formatter }).formatter([
      { axisValue: '2026', seriesName: '结果值', value: 80 },
    ]);
    expect(html).toContain('&lt;img');
    expect(html).not.toContain('<img');
    expect(
      pointTrendOption({ ...point, values: [{ ...point.values[0]!, result: null, target: null }] }),
    ).toBeNull();
    expect(pointTrendOption(undefined)).toBeNull();
  });

  it('names the tasks on the trend axis where two share a period, and only there', () => {
    const point = {
      qualityPointId: 'q',
      name: '专任教师数',
      values: [
        { taskId: 'a', period: '2025', result: 70, target: 90, grade: 'C' },
        { taskId: 'b', period: '2026', result: 80, target: 90, grade: 'B' },
        { taskId: 'c', period: '2026', result: 85, target: 90, grade: 'B' },
      ],
    };
    const tasks = [
      { id: 'b', name: '2026年度学校质量诊断', period: '2026' },
      { id: 'c', name: '2026专项诊断', period: '2026' },
    ];
    expect(trendLabels(point, tasks)).toEqual(['2025', '2026年度学校质量诊断', '2026专项诊断']);
    expect(trendLabels(point, [])).toEqual(['2025', '2026（1）', '2026（2）']);
    const axis = pointTrendOption(point, tasks)!.xAxis as { data: string[] };
    expect(axis.data).toEqual(trendLabels(point, tasks));
  });

  it('draws warnings and handled per month', () => {
    expect(warningsByMonthOption([])).toBeNull();
    const option = warningsByMonthOption([{ month: '2026-03', count: 4, handled: 1 }])!;
    expect((option.series as Array<{ data: number[] }>).map((s) => s.data)).toEqual([[4], [1]]);
  });
});
