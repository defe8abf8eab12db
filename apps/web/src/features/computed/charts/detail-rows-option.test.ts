import { describe, expect, it } from 'vitest';
import { detailRowsOption, splitColumns } from './detail-rows-option.ts';

const detail = {
  columns: ['name', 'score', 'count'],
  rows: [
    { name: '<b>张三</b>', score: 80, count: '3' },
    { name: '李四', score: 90, count: '5' },
  ],
};

describe('the detail rows chart', () => {
  it('takes the first text column as labels and the numeric ones as series', () => {
    expect(splitColumns(detail)).toEqual({ label: 'name', numeric: ['score', 'count'] });
    const option = detailRowsOption('histogram', detail) as {
      series: Array<{ type: string; data: unknown[] }>;
    };
    expect(option.series.map((s) => s.type)).toEqual(['bar', 'bar']);
    expect(option.series[1]!.data).toEqual([3, 5]);
  });

  it('escapes names from data in the tooltip', () => {
    const pie = detailRowsOption('pie', detail) as { tooltip: { formatter: (p: unknown) => string } };
    expect(pie.tooltip.formatter({ name: '<b>张三</b>', value: 80, percent: 47 })).toBe(
      '&lt;b&gt;张三&lt;/b&gt;：80（47%）',
    );
    const line = detailRowsOption('line', detail) as { tooltip: { formatter: (p: unknown) => string } };
    expect(line.tooltip.formatter([{ name: '<i>', seriesName: 'score', value: 1 }])).toBe(
      '&lt;i&gt;<br/>score：1',
    );
  });

  it('draws nothing without a numeric column', () => {
    expect(detailRowsOption('line', { columns: ['a'], rows: [{ a: 'x' }] })).toBeNull();
  });
});
