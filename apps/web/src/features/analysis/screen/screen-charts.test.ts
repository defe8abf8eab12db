import type { MeasureResult } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import {
  categoryBarsOption,
  DEPARTMENTS_SHOWN,
  departmentsOption,
  monthLabel,
  percentText,
  ringOption,
  warningMonthsOption,
  warningPieOption,
} from './screen-charts.ts';

const m = (over: Partial<MeasureResult>): MeasureResult => ({
  key: 'k',
  label: '指标',
  shape: 'series',
  asOf: '2026-03-15T04:00:00.000Z',
  ...over,
});

type Formatter = (params: unknown) => string;
const tooltipOf = (option: unknown) => (option as { tooltip: { formatter: Formatter } }).tooltip.formatter;
const seriesOf = (option: unknown) => (option as { series: Array<{ data: unknown[] }> }).series;

describe('screen charts', () => {
  it('percentText keeps at most two decimals and shows - when missing', () => {
    expect(percentText(66.666)).toBe('66.67%');
    expect(percentText(50)).toBe('50%');
    expect(percentText(null)).toBe('-');
    expect(percentText(Number.NaN)).toBe('-');
  });

  it('a ring shows its value in the centre, clamped to 0–100, and nothing without a value', () => {
    const option = ringOption(m({ shape: 'progress', value: 120 }), '#fff', true);
    const data = seriesOf(option)[0]?.data as Array<{ value: number; label?: { formatter: string } }>;
    expect(data.map((d) => d.value)).toEqual([100, 0]);
    expect(data[0]?.label?.formatter).toBe('120%');
    expect(ringOption(m({ shape: 'progress', value: null }), '#fff', true)).toBeNull();
    expect(ringOption(undefined, '#fff', true)).toBeNull();
  });

  it('animates the first drawing only', () => {
    const measure = m({ shape: 'progress', value: 50 });
    expect(ringOption(measure, '#fff', true)?.animation).toBe(true);
    expect(ringOption(measure, '#fff', false)?.animation).toBe(false);
  });

  it('category bars leave out categories without a value', () => {
    const option = categoryBarsOption(
      m({ categories: ['学校', '专业', '教师'], series: [{ name: '达标率', data: [66.67, null, 33.33] }] }),
      { percent: true, color: '#fff', animate: false },
    );
    expect((option as { yAxis: { data: string[] } }).yAxis.data).toEqual(['学校', '教师']);
    expect(seriesOf(option)[0]?.data).toEqual([66.67, 33.33]);
    expect(
      categoryBarsOption(m({ categories: ['学校'], series: [{ name: 'x', data: [null] }] }), {
        percent: true,
        color: '#fff',
        animate: false,
      }),
    ).toBeNull();
  });

  it('the warning pie drops empty grades and escapes names in its tooltip', () => {
    const option = warningPieOption(
      m({ categories: ['A级', 'B级', '<i>x</i>'], series: [{ name: '预警数', data: [2, 0, 1] }] }),
      true,
    );
    expect(seriesOf(option)[0]?.data).toEqual([
      { name: 'A级', value: 2 },
      { name: '<i>x</i>', value: 1 },
    ]);
    expect(tooltipOf(option)({ name: '<i>x</i>', value: 1, percent: 33.333 })).toBe(
      '&lt;i&gt;x&lt;/i&gt;<br/>1 条（33.33%）',
    );
    expect(warningPieOption(m({ categories: ['A级'], series: [{ name: 'x', data: [0] }] }), true)).toBeNull();
  });

  it('months read as 月 on the axis and in full in the tooltip', () => {
    expect(monthLabel('2026-03')).toBe('3月');
    expect(monthLabel('2025-12')).toBe('12月');
    const option = warningMonthsOption(
      m({
        categories: ['2026-02', '2026-03'],
        series: [
          { name: '新增预警', data: [1, 2] },
          { name: '已处理', data: [0, 1] },
        ],
      }),
      true,
    );
    expect((option as { xAxis: { data: string[] } }).xAxis.data).toEqual(['2月', '3月']);
    expect(
      tooltipOf(option)([
        { seriesName: '新增预警', value: 2, dataIndex: 1 },
        { seriesName: '已处理', value: 1, dataIndex: 1 },
      ]),
    ).toBe('2026-03<br/>新增预警：2 条<br/>已处理：1 条');
  });

  it('departments: escaped names in the tooltip, a scroll only past the shown count', () => {
    const names = ['<img src=x onerror=alert(1)>', '教务处'];
    const option = departmentsOption(
      m({
        categories: names,
        series: [
          { name: '完成率', data: [50, 100] },
          { name: '任务数', data: [2, 1] },
          { name: '已完成', data: [1, 1] },
        ],
      }),
      true,
    );
    const tip = tooltipOf(option)([{ dataIndex: 0 }]);
    expect(tip).not.toContain('<img');
    expect(tip).toBe('&lt;img src=x onerror=alert(1)&gt;<br/>完成率 50%，已完成 1 / 2 项');
    expect((option as { dataZoom?: unknown }).dataZoom).toBeUndefined();
    const many = Array.from({ length: DEPARTMENTS_SHOWN + 1 }, (_, i) => `部门${i}`);
    const scrolling = departmentsOption(
      m({ categories: many, series: [{ name: '完成率', data: many.map(() => 10) }] }),
      false,
    );
    expect((scrolling as { dataZoom?: unknown[] }).dataZoom).toHaveLength(2);
    expect(departmentsOption(m({ categories: [] }), true)).toBeNull();
  });
});
