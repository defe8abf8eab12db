import type { MeasureResult } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { cardChartOption } from './card-options.ts';

const measure: MeasureResult = {
  key: 'goals',
  label: '部门目标任务完成率',
  shape: 'series',
  unit: '%',
  categories: ['<b>教务处</b>', '学工处', '信息中心'],
  series: [
    { name: '完成率', data: [50, 0, null] },
    { name: '任务数', data: [4, 2, 1] },
  ],
  asOf: '2026-03-01T00:00:00.000Z',
};

type Formatter = (p: unknown) => string;

describe('card chart options', () => {
  it('draws the first series as bars and every series as lines', () => {
    const bar = cardChartOption('bar', measure) as { series: Array<{ name: string; type: string }> };
    expect(bar.series.map((s) => [s.name, s.type])).toEqual([['完成率', 'bar']]);
    const line = cardChartOption('line', measure) as { series: Array<{ name: string }> };
    expect(line.series.map((s) => s.name)).toEqual(['完成率', '任务数']);
  });

  it('leaves empty slices out of a pie and escapes data text in tooltips', () => {
    const pie = cardChartOption('pie', measure) as {
      series: Array<{ data: Array<{ name: string; value: number }> }>;
      tooltip: { formatter: Formatter };
    };
    expect(pie.series[0]?.data).toEqual([{ name: '<b>教务处</b>', value: 50 }]);
    expect(pie.tooltip.formatter({ name: '<b>教务处</b>', value: 50, percent: 100 })).toBe(
      '&lt;b&gt;教务处&lt;/b&gt;<br/>完成率：50%（100%）',
    );
    const bar = cardChartOption('bar', measure) as { tooltip: { formatter: Formatter } };
    expect(bar.tooltip.formatter([{ axisValue: '<b>教务处</b>', seriesName: '完成率', value: 50 }])).toBe(
      '&lt;b&gt;教务处&lt;/b&gt;<br/>完成率：50%',
    );
  });

  it('answers null when there is no number to draw', () => {
    expect(cardChartOption('bar', { ...measure, series: [{ name: '完成率', data: [null] }] })).toBeNull();
    expect(cardChartOption('line', null)).toBeNull();
  });
});
