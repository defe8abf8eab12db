import type { Sample, WarningRecord } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import {
  detailOption,
  MONITORED_COLOR,
  samplingTrendOption,
  trendWindow,
  WARNING_COLOR,
  warningTrendLabels,
  warningTrendOption,
} from './chart-options.ts';

const sample = (i: number, value: string, dataType = 'float'): Sample => ({
  id: `s${i}`,
  assignedPointId: 'p',
  sampledAt: `2026-${String(i).padStart(2, '0')}-01 00:00:00`,
  value,
  dataType,
  isQuantitative: true,
  numericValue: null,
  source: 'typed',
  enteredBy: null,
  calRule: [],
});

const record = (
  i: number,
  monitoredValue: string,
  warningValue: string,
  dataType = 'float',
): WarningRecord => ({
  id: `w${i}`,
  warnedAt: `2026-0${i}-01 08:00:00`,
  warningValue,
  monitoredValue,
  dataType,
  handledAt: null,
  measure: null,
  cause: null,
  handlerName: null,
});

type Loose = Record<string, unknown>;
const asList = (value: unknown) => value as Loose[];

describe('trendWindow', () => {
  it('covers the first 7 items', () => {
    expect(trendWindow(20)).toEqual({ startValue: 0, endValue: 6 });
    expect(trendWindow(7)).toEqual({ startValue: 0, endValue: 6 });
  });
  it('covers everything when there are fewer', () => {
    expect(trendWindow(3)).toEqual({ startValue: 0, endValue: 2 });
    expect(trendWindow(1)).toEqual({ startValue: 0, endValue: 0 });
  });
  it('is null for no data', () => {
    expect(trendWindow(0)).toBeNull();
  });
});

describe('samplingTrendOption', () => {
  it('is null without samples', () => {
    expect(samplingTrendOption([])).toBeNull();
  });
  it('plots samples oldest first and zooms to the first 7', () => {
    const samples = Array.from({ length: 12 }, (_, i) => sample(12 - i, String(i)));
    const option = samplingTrendOption(samples) as Loose;
    const xAxis = option.xAxis as { data: string[] };
    expect(xAxis.data[0]).toBe('2026-01-01 00:00:00');
    expect(xAxis.data).toHaveLength(12);
    for (const zoom of asList(option.dataZoom)) {
      expect(zoom.startValue).toBe(0);
      expect(zoom.endValue).toBe(6);
    }
    const series = asList(option.series)[0] as { type: string; data: number[] };
    expect(series.type).toBe('line');
    expect(series.data[0]).toBe(11);
  });
  it('parses percent and whether values', () => {
    const option = samplingTrendOption([sample(1, '85%', 'percent'), sample(2, '是', 'whether')]) as Loose;
    expect((asList(option.series)[0] as { data: number[] }).data).toEqual([85, 1]);
  });
});

describe('warningTrendOption', () => {
  it('is null without warning records (Empty placeholder)', () => {
    expect(warningTrendOption([], false)).toBeNull();
    expect(warningTrendOption([], true)).toBeNull();
  });
  it('labels values in value mode: points blue, warning line red', () => {
    const option = warningTrendOption([record(2, '50', '60'), record(1, '55', '60')], false) as Loose;
    const series = asList(option.series);
    expect(series.map((s) => s.name)).toEqual(['监测值', '预警值']);
    expect(series[0]?.type).toBe('scatter');
    expect(series[1]?.type).toBe('line');
    expect((series[0]?.itemStyle as Loose | undefined)?.color).toBe(MONITORED_COLOR);
    expect((series[1]?.itemStyle as Loose | undefined)?.color).toBe(WARNING_COLOR);
    expect(series[0]?.data).toEqual([55, 50]);
    expect((option.legend as Loose).data).toEqual(['监测值', '预警值']);
    expect((option.yAxis as Loose).type).toBe('value');
  });
  it('labels grades in level mode on a category axis', () => {
    const option = warningTrendOption([record(1, 'D', 'C'), record(2, 'C', 'C')], true) as Loose;
    const series = asList(option.series);
    expect(series.map((s) => s.name)).toEqual(['监测等级', '预警等级']);
    expect(series[0]?.data).toEqual(['D', 'C']);
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['D', 'C', 'B', 'A'] });
    expect(warningTrendLabels(true)).toEqual({ monitored: '监测等级', warning: '预警等级' });
  });
  it('keeps warning grades beyond D on the grade axis, best at the top', () => {
    const option = warningTrendOption([record(1, 'F', 'E')], true) as Loose;
    expect((option.yAxis as Loose).data).toEqual(['F', 'E', 'D', 'C', 'B', 'A']);
  });
  it('has a data view and a line/bar switch', () => {
    const option = warningTrendOption([record(1, '1', '2')], false) as Loose;
    const feature = (option.toolbox as Loose).feature as Loose;
    expect(feature.dataView).toBeDefined();
    expect((feature.magicType as Loose).type).toEqual(['line', 'bar']);
  });
});

describe('detailOption', () => {
  it('is null without data', () => {
    expect(detailOption('line', [])).toBeNull();
    expect(detailOption('pie', [])).toBeNull();
  });
  it('draws bars for a histogram and a line for a line', () => {
    const rows = [sample(1, '1'), sample(2, '2')];
    expect((asList((detailOption('histogram', rows) as Loose).series)[0] as Loose).type).toBe('bar');
    expect((asList((detailOption('line', rows) as Loose).series)[0] as Loose).type).toBe('line');
  });
  it('shows the latest percent value against the rest in a pie', () => {
    const rows = [sample(1, '80%', 'percent'), sample(2, '90', 'percent')];
    const series = asList((detailOption('pie', rows) as Loose).series)[0] as { data: unknown[] };
    expect(series.data).toEqual([
      { name: '2026-02-01 占比', value: 90 },
      { name: '其余', value: 10 },
    ]);
  });
  it('counts each value in a pie', () => {
    const rows = [sample(1, '是', 'whether'), sample(2, '否', 'whether'), sample(3, '是', 'whether')];
    const series = asList((detailOption('pie', rows) as Loose).series)[0] as { data: unknown[] };
    expect(series.data).toEqual([
      { name: '是', value: 2 },
      { name: '否', value: 1 },
    ]);
  });
});

describe('markup in the data', () => {
  const HOSTILE = '<img src=x onerror=alert(1)>';

  /** Every formatter of an option: functions are called with the hostile text; templates ECharts encodes itself. */
  function formatters(option: unknown, found: unknown[] = []): unknown[] {
    if (Array.isArray(option)) for (const item of option) formatters(item, found);
    else if (option && typeof option === 'object') {
      for (const [key, value] of Object.entries(option)) {
        if (key === 'formatter') found.push(value);
        else formatters(value, found);
      }
    }
    return found;
  }

  function expectNoMarkup(option: unknown) {
    expect(option).not.toBeNull();
    for (const formatter of formatters(option)) {
      if (typeof formatter === 'function') {
        const params = { name: HOSTILE, value: HOSTILE, seriesName: HOSTILE, data: { name: HOSTILE } };
        const out = String(formatter(HOSTILE) ?? '') + String(formatter(params) ?? '');
        expect(out).not.toContain('<img');
      } else {
        // A string template: ECharts' tooltip encodes each {a}/{b}/{c}/{d} value (formatTpl with encode).
        expect(String(formatter).replace(/\{[a-e]\}/g, '')).not.toMatch(/[<>]/);
      }
    }
  }

  it('never turns a collected text value, a grade or a date into markup', () => {
    const texts: Sample[] = [1, 2, 3].map((i) => ({ ...sample(i, HOSTILE, 'text'), value: HOSTILE }));
    expectNoMarkup(detailOption('pie', texts));
    expectNoMarkup(detailOption('line', [sample(1, '3.5'), sample(2, '4')]));
    expectNoMarkup(detailOption('histogram', [sample(1, '50', 'percent')]));
    expectNoMarkup(samplingTrendOption([sample(1, '50', 'percent'), sample(2, '60', 'percent')]));
    expectNoMarkup(warningTrendOption([record(1, HOSTILE, HOSTILE, 'grade')], true));
    expectNoMarkup(warningTrendOption([record(1, '60', '70', 'percent')], false));
  });
});
