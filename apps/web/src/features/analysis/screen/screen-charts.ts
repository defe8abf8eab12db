import type { MeasureResult } from '@eduqa/contract';
import type { EChartsOption } from 'echarts';
import { escapeHtml, tooltipLines, wrapLabel } from '../../../shared/charts/chart-text.ts';

/**
 * ECharts options of the data screen, drawn on its dark stage at the 1920×1080 design size. Each builder
 * answers null when the measure has nothing to draw (the panel then shows 暂无数据). `animate` is true for the
 * first drawing only: a refresh merges new values into the chart without animating (no flicker).
 * Tooltips are HTML: every text from data passes through escapeHtml / tooltipLines.
 */

export const SCREEN_COLORS = {
  text: '#c7d5ff',
  muted: '#7f8fbf',
  axis: 'rgba(120, 160, 255, 0.35)',
  split: 'rgba(120, 160, 255, 0.12)',
  track: 'rgba(255, 255, 255, 0.08)',
  palette: ['#3fb1ff', '#36e3c2', '#ffc53d', '#ff7a45', '#b37feb', '#5cdbd3', '#ff85c0', '#95de64'],
} as const;

const tooltipBase = {
  backgroundColor: 'rgba(10, 20, 50, 0.92)',
  borderColor: 'rgba(64, 158, 255, 0.6)',
  textStyle: { color: '#e6edff', fontSize: 14 },
} as const;

const axisBase = {
  axisLine: { lineStyle: { color: SCREEN_COLORS.axis } },
  axisLabel: { color: SCREEN_COLORS.text, fontSize: 13 },
  splitLine: { lineStyle: { color: SCREEN_COLORS.split } },
} as const;

const firstSeries = (m: MeasureResult | undefined) => m?.series?.[0]?.data ?? [];

/** A percentage shown on the screen: two decimals at most, '-' when missing. */
export function percentText(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${Number(value.toFixed(2))}%` : '-';
}

/** A progress ring (质控点达标率, 自动采集率) with the percentage in its centre. */
export function ringOption(
  m: MeasureResult | undefined,
  color: string,
  animate: boolean,
): EChartsOption | null {
  if (!m || typeof m.value !== 'number') return null;
  const value = Math.min(100, Math.max(0, m.value));
  return {
    animation: animate,
    color: [color, SCREEN_COLORS.track],
    series: [
      {
        type: 'pie',
        radius: ['72%', '88%'],
        center: ['50%', '50%'],
        silent: true,
        startAngle: 90,
        label: { show: false },
        labelLine: { show: false },
        data: [
          {
            value,
            name: m.label,
            label: {
              show: true,
              position: 'center',
              formatter: percentText(m.value),
              color: '#ffffff',
              fontSize: 34,
              fontWeight: 'bold',
            },
          },
          { value: 100 - value, name: '', itemStyle: { color: SCREEN_COLORS.track } },
        ],
      },
    ],
  };
}

/**
 * Horizontal bars of one series by category (达标率 by level, points by collection method). Categories
 * without a value are left out; `percent` labels the values as percentages on a 0–100 axis.
 */
export function categoryBarsOption(
  m: MeasureResult | undefined,
  options: { percent: boolean; color: string; animate: boolean },
): EChartsOption | null {
  const data = firstSeries(m);
  const pairs = (m?.categories ?? [])
    .map((name, i) => ({ name, value: data[i] ?? null }))
    .filter((p): p is { name: string; value: number } => typeof p.value === 'number');
  if (pairs.length === 0) return null;
  const label = (value: number) => (options.percent ? percentText(value) : String(value));
  return {
    animation: options.animate,
    grid: { left: 8, right: 64, top: 8, bottom: 8, containLabel: true },
    tooltip: {
      ...tooltipBase,
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const p = (params as Array<{ name: string; value: number }>)[0];
        return p ? tooltipLines([p.name, label(p.value)]) : '';
      },
    },
    xAxis: { type: 'value', ...axisBase, ...(options.percent ? { max: 100 } : { minInterval: 1 }) },
    yAxis: {
      type: 'category',
      inverse: true,
      data: pairs.map((p) => p.name),
      ...axisBase,
      axisLabel: { color: SCREEN_COLORS.text, fontSize: 14 },
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 18,
        data: pairs.map((p) => p.value),
        itemStyle: { color: options.color, borderRadius: [0, 9, 9, 0] },
        label: {
          show: true,
          position: 'right',
          color: '#ffffff',
          fontSize: 14,
          formatter: (p: { value: unknown }) => label(Number(p.value)),
        },
      },
    ],
  };
}

/** 预警等级分布 or 预警类型分布: a pie of the grades (or kinds) that have warnings, legend beside it. */
export function warningPieOption(m: MeasureResult | undefined, animate: boolean): EChartsOption | null {
  const data = firstSeries(m);
  const slices = (m?.categories ?? [])
    .map((name, i) => ({ name, value: data[i] ?? 0 }))
    .filter((s) => (s.value ?? 0) > 0);
  if (slices.length === 0) return null;
  return {
    animation: animate,
    color: [...SCREEN_COLORS.palette],
    tooltip: {
      ...tooltipBase,
      trigger: 'item',
      formatter: (params: unknown) => {
        const p = params as { name: string; value: number; percent: number };
        return tooltipLines([p.name, `${p.value} 条（${percentText(p.percent)}）`]);
      },
    },
    // Below the pie: the level and kind pies share one row of the screen, each half as wide as a column.
    legend: {
      type: 'scroll',
      bottom: 0,
      textStyle: { color: SCREEN_COLORS.text, fontSize: 14 },
      itemWidth: 12,
      itemHeight: 12,
    },
    series: [
      {
        type: 'pie',
        radius: ['34%', '62%'],
        center: ['50%', '44%'],
        itemStyle: { borderColor: '#0b1533', borderWidth: 2 },
        label: { color: SCREEN_COLORS.text, fontSize: 13, formatter: '{c}' },
        data: slices,
      },
    ],
  };
}

/** 'yyyy-MM' → 'M月'. */
export const monthLabel = (month: string) => `${Number(month.slice(5, 7))}月`;

/** 月度预警: raised as bars, handled as a line, over the 12 months. */
export function warningMonthsOption(m: MeasureResult | undefined, animate: boolean): EChartsOption | null {
  const months = m?.categories ?? [];
  if (months.length === 0) return null;
  const raised = m?.series?.[0];
  const handled = m?.series?.[1];
  return {
    animation: animate,
    color: [SCREEN_COLORS.palette[0], SCREEN_COLORS.palette[2]],
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, right: 8, textStyle: { color: SCREEN_COLORS.text, fontSize: 14 } },
    tooltip: {
      ...tooltipBase,
      trigger: 'axis',
      formatter: (params: unknown) => {
        const items = params as Array<{ seriesName: string; value: number | null; dataIndex: number }>;
        const month = months[items[0]?.dataIndex ?? 0] ?? '';
        return tooltipLines([month, ...items.map((i) => `${i.seriesName}：${i.value ?? 0} 条`)]);
      },
    },
    xAxis: { type: 'category', data: months.map(monthLabel), ...axisBase },
    yAxis: { type: 'value', minInterval: 1, ...axisBase },
    series: [
      {
        type: 'bar',
        name: raised?.name ?? '新增预警',
        barMaxWidth: 22,
        data: raised?.data ?? [],
        itemStyle: { borderRadius: [4, 4, 0, 0] },
      },
      {
        type: 'line',
        name: handled?.name ?? '已处理',
        smooth: true,
        symbolSize: 7,
        data: handled?.data ?? [],
      },
    ],
  };
}

/** Departments shown at once before the chart scrolls. */
export const DEPARTMENTS_SHOWN = 10;

/** 部门目标任务完成率: a bar per responsible department, with its task counts in the tooltip. */
export function departmentsOption(m: MeasureResult | undefined, animate: boolean): EChartsOption | null {
  const names = m?.categories ?? [];
  if (names.length === 0) return null;
  const rates = firstSeries(m);
  const tasks = m?.series?.[1]?.data ?? [];
  const finished = m?.series?.[2]?.data ?? [];
  const scrolls = names.length > DEPARTMENTS_SHOWN;
  return {
    animation: animate,
    grid: { left: 8, right: 16, top: 24, bottom: scrolls ? 28 : 8, containLabel: true },
    tooltip: {
      ...tooltipBase,
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const i = (params as Array<{ dataIndex: number }>)[0]?.dataIndex ?? 0;
        return `${escapeHtml(names[i] ?? '')}<br/>${escapeHtml(
          `完成率 ${percentText(rates[i])}，已完成 ${finished[i] ?? 0} / ${tasks[i] ?? 0} 项`,
        )}`;
      },
    },
    ...(scrolls
      ? {
          dataZoom: [
            { type: 'inside', startValue: 0, endValue: DEPARTMENTS_SHOWN - 1, zoomLock: true },
            {
              type: 'slider',
              height: 10,
              bottom: 4,
              startValue: 0,
              endValue: DEPARTMENTS_SHOWN - 1,
              showDetail: false,
              brushSelect: false,
              borderColor: 'transparent',
              fillerColor: 'rgba(64, 158, 255, 0.4)',
              backgroundColor: 'rgba(255, 255, 255, 0.06)',
            },
          ],
        }
      : {}),
    xAxis: {
      type: 'category',
      data: names,
      ...axisBase,
      axisLabel: {
        color: SCREEN_COLORS.text,
        fontSize: 13,
        interval: 0,
        formatter: (v: string) => wrapLabel(v, 4),
      },
    },
    yAxis: {
      type: 'value',
      max: 100,
      ...axisBase,
      axisLabel: { ...axisBase.axisLabel, formatter: '{value}%' },
    },
    series: [
      {
        type: 'bar',
        name: m?.series?.[0]?.name ?? '完成率',
        barMaxWidth: 26,
        data: rates,
        itemStyle: { color: SCREEN_COLORS.palette[1], borderRadius: [4, 4, 0, 0] },
        label: {
          show: true,
          position: 'top',
          color: '#ffffff',
          fontSize: 13,
          formatter: (p: { value: unknown }) => percentText(Number(p.value)),
        },
      },
    ],
  };
}
