import { isDataType, parseValue, type Sample, type WarningRecord } from '@eduqa/contract';
import type { EChartsOption } from 'echarts';
import { displayValue } from '../values.ts';

/**
 * ECharts options of the diagnosis screens, as pure functions of the data (spec 2 §2.4, §2.5), so
 * that labels, windows and the empty case are unit-tested without a canvas.
 */

/** Spec 2 §9: the trend chart plots monitored values in blue and the warning value in red. */
export const MONITORED_COLOR = '#1677ff';
export const WARNING_COLOR = '#f5222d';
/** Spec 2 §2.4, §9: the trend shows the first 7 data items. */
export const TREND_WINDOW = 7;

/** The dataZoom window over the first `size` items; null when there is nothing to show. */
export function trendWindow(
  count: number,
  size = TREND_WINDOW,
): { startValue: number; endValue: number } | null {
  if (count <= 0) return null;
  return { startValue: 0, endValue: Math.min(count, size) - 1 };
}

/** Samples oldest first. */
export function chronological<T extends { sampledAt: string }>(samples: readonly T[]): T[] {
  return [...samples].sort((a, b) => a.sampledAt.localeCompare(b.sampledAt));
}

/** A sample's number: its stored number when the server gives one, else the collected value parsed. */
export function sampleNumber(sample: Pick<Sample, 'dataType' | 'value' | 'numericValue'>): number | null {
  if (sample.numericValue !== null) return sample.numericValue;
  return isDataType(sample.dataType) ? parseValue(sample.dataType, sample.value) : null;
}

const percentAxis = (dataType: string) => (dataType === 'percent' ? '{value}%' : '{value}');

/** 趋势图 of the sampling dialog; null when there are no samples (the dialog shows Empty). */
export function samplingTrendOption(samples: readonly Sample[]): EChartsOption | null {
  const rows = chronological(samples);
  const window = trendWindow(rows.length);
  if (!window) return null;
  const dataType = rows[0]?.dataType ?? 'float';
  return {
    grid: { left: 56, right: 24, top: 40, bottom: 72 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value) => (typeof value === 'number' ? displayValue(dataType, String(value)) : '-'),
    },
    xAxis: { type: 'category', data: rows.map((s) => s.sampledAt), boundaryGap: false },
    yAxis: { type: 'value', axisLabel: { formatter: percentAxis(dataType) } },
    dataZoom: [
      { type: 'slider', xAxisIndex: 0, ...window },
      { type: 'inside', xAxisIndex: 0, ...window },
    ],
    series: [
      {
        name: '采集值',
        type: 'line',
        data: rows.map(sampleNumber),
        itemStyle: { color: MONITORED_COLOR },
        connectNulls: true,
      },
    ],
  };
}

/** The legend labels of 预警趋势: level (degree) mode compares grades, otherwise values. */
export function warningTrendLabels(levelMode: boolean): { monitored: string; warning: string } {
  return levelMode
    ? { monitored: '监测等级', warning: '预警等级' }
    : { monitored: '监测值', warning: '预警值' };
}

/**
 * The grade axis of level mode: the level grades A–D and any other grade the records hold, best at
 * the top (a category axis lists its first item at the bottom).
 */
export function gradeAxis(records: readonly WarningRecord[]): string[] {
  const grades = new Set<string>(['A', 'B', 'C', 'D']);
  for (const r of records) {
    if (r.monitoredValue) grades.add(r.monitoredValue);
    if (r.warningValue) grades.add(r.warningValue);
  }
  return [...grades].sort().reverse();
}

/**
 * 预警趋势: monitored values as points (blue), the warning value as a line (red), with data view and
 * a line/bar switch. Null when there are no warning records (the tab shows Empty).
 */
export function warningTrendOption(
  records: readonly WarningRecord[],
  levelMode: boolean,
): EChartsOption | null {
  if (records.length === 0) return null;
  const rows = [...records].sort((a, b) => a.warnedAt.localeCompare(b.warnedAt));
  const labels = warningTrendLabels(levelMode);
  const dataType = rows[0]?.dataType ?? 'float';
  const number = (raw: string) => (isDataType(dataType) ? parseValue(dataType, raw) : Number.parseFloat(raw));
  const monitored = rows.map((r) => (levelMode ? r.monitoredValue : number(r.monitoredValue)));
  const warning = rows.map((r) => (levelMode ? r.warningValue : number(r.warningValue)));
  return {
    grid: { left: 56, right: 40, top: 56, bottom: 40 },
    legend: { data: [labels.monitored, labels.warning], top: 8 },
    tooltip: { trigger: 'axis' },
    toolbox: {
      right: 16,
      feature: {
        dataView: { readOnly: true, title: '数据视图', lang: ['数据视图', '关闭', '刷新'] },
        magicType: { type: ['line', 'bar'], title: { line: '切换为折线图', bar: '切换为柱状图' } },
      },
    },
    xAxis: { type: 'category', data: rows.map((r) => r.warnedAt) },
    yAxis: levelMode
      ? { type: 'category', name: labels.monitored, data: gradeAxis(rows) }
      : { type: 'value', name: labels.monitored, axisLabel: { formatter: percentAxis(dataType) } },
    series: [
      {
        name: labels.monitored,
        type: 'scatter',
        symbolSize: 10,
        z: 3,
        data: monitored,
        itemStyle: { color: MONITORED_COLOR },
      },
      {
        name: labels.warning,
        type: 'line',
        symbol: 'none',
        data: warning,
        itemStyle: { color: WARNING_COLOR },
        lineStyle: { color: WARNING_COLOR },
      },
    ],
  };
}

/** Display types of a data source (spec 2 §9) that are drawn as charts. */
export type ChartDisplay = 'histogram' | 'line' | 'pie';

export function isChartDisplay(display: string | undefined): display is ChartDisplay {
  return display === 'histogram' || display === 'line' || display === 'pie';
}

/**
 * The pie of 明细数据: a percent point shows its latest value against the rest of 100%; any other
 * point how often each collected value occurs.
 */
function pieOption(rows: readonly Sample[]): EChartsOption {
  const latest = rows[rows.length - 1];
  const share = latest && latest.dataType === 'percent' ? sampleNumber(latest) : null;
  let data: Array<{ name: string; value: number }>;
  if (latest && share !== null && share >= 0 && share <= 100) {
    data = [
      { name: `${latest.sampledAt.slice(0, 10)} 占比`, value: share },
      { name: '其余', value: Math.round((100 - share) * 100) / 100 },
    ];
  } else {
    const counts = new Map<string, number>();
    for (const s of rows) {
      const key = displayValue(s.dataType, s.value);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    data = [...counts].map(([name, value]) => ({ name, value }));
  }
  return {
    tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
    legend: { type: 'scroll', orient: 'vertical', left: 8, top: 16 },
    series: [{ name: '采集值', type: 'pie', radius: ['35%', '65%'], center: ['60%', '50%'], data }],
  };
}

/**
 * 明细数据 as a chart: the point's samples as bars or a line over time, or a pie (pieOption). Null
 * when there is nothing to draw.
 */
export function detailOption(display: ChartDisplay, samples: readonly Sample[]): EChartsOption | null {
  const rows = chronological(samples);
  if (rows.length === 0) return null;
  const dataType = rows[0]?.dataType ?? 'float';
  if (display === 'pie') return pieOption(rows);
  const window = trendWindow(rows.length, 12);
  return {
    grid: { left: 56, right: 24, top: 32, bottom: 72 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: rows.map((s) => s.sampledAt.slice(0, 10)) },
    yAxis: { type: 'value', axisLabel: { formatter: percentAxis(dataType) } },
    dataZoom: window ? [{ type: 'slider', xAxisIndex: 0, ...window }] : [],
    series: [
      {
        name: '采集值',
        type: display === 'histogram' ? 'bar' : 'line',
        data: rows.map(sampleNumber),
        itemStyle: { color: MONITORED_COLOR },
      },
    ],
  };
}
