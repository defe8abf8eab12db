import {
  PORTRAIT_GRADE_LABELS,
  type PortraitData,
  type PortraitGrade,
  type PortraitTask,
  type PortraitTrendPoint,
} from '@eduqa/contract';
import type { EChartsOption } from 'echarts';
import { escapeHtml, tooltipLines } from '../../../../shared/charts/chart-text.ts';

/** One colour per portrait label in the distribution pie (the grade tag takes the same hues by name). */
export const PORTRAIT_GRADE_COLORS: Record<PortraitGrade, string> = {
  excellent: '#52c41a',
  good: '#1677ff',
  qualified: '#faad14',
  unqualified: '#ff4d4f',
  unrated: '#bfbfbf',
};

/** 等级分布: a pie of the five labels in their colours; null when no point is counted. */
export function gradePieOption(grades: PortraitData['grades']): EChartsOption | null {
  const total = grades.reduce((s, g) => s + g.count, 0);
  if (total === 0) return null;
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p) => {
        const item = p as { name: string; value: number; percent: number };
        return tooltipLines([`${item.name}：${item.value}个（${item.percent}%）`]);
      },
    },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        radius: ['40%', '68%'],
        center: ['50%', '45%'],
        label: { formatter: '{b}\n{d}%' },
        data: grades
          .filter((g) => g.count > 0)
          .map((g) => ({
            name: PORTRAIT_GRADE_LABELS[g.grade],
            value: g.count,
            itemStyle: { color: PORTRAIT_GRADE_COLORS[g.grade] },
          })),
      },
    ],
  };
}

/** 月度预警: warnings and handled warnings per month; null without warnings. */
export function warningsByMonthOption(months: PortraitData['warningsByMonth']): EChartsOption | null {
  if (months.length === 0) return null;
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: months.map((m) => m.month) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '预警数', type: 'bar', data: months.map((m) => m.count), itemStyle: { color: '#ff7a45' } },
      { name: '已处理', type: 'bar', data: months.map((m) => m.handled), itemStyle: { color: '#52c41a' } },
    ],
  };
}

/**
 * The trend's axis labels: each task's period, or its name where two tasks of the object share a
 * period (a yearly and a special diagnosis of 2026 read 「2026, 2026」 otherwise).
 */
export function trendLabels(point: PortraitTrendPoint, tasks: readonly PortraitTask[]): string[] {
  const names = new Map(tasks.map((t) => [t.id, t.name]));
  const seen = new Map<string, number>();
  for (const v of point.values) seen.set(v.period, (seen.get(v.period) ?? 0) + 1);
  const nth = new Map<string, number>();
  return point.values.map((v) => {
    if ((seen.get(v.period) ?? 0) < 2) return v.period;
    nth.set(v.period, (nth.get(v.period) ?? 0) + 1);
    return names.get(v.taskId) ?? `${v.period}（${nth.get(v.period)}）`;
  });
}

/** A point's results against its targets over the object's tasks; null when no task has a number. */
export function pointTrendOption(
  point: PortraitTrendPoint | undefined,
  tasks: readonly PortraitTask[] = [],
): EChartsOption | null {
  if (!point?.values.some((v) => v.result !== null || v.target !== null)) return null;
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (params) => {
        const list = (Array.isArray(params) ? params : [params]) as Array<{
          axisValue?: string;
          seriesName?: string;
          value?: unknown;
        }>;
        const head = `${escapeHtml(point.name)}（${escapeHtml(String(list[0]?.axisValue ?? ''))}）`;
        const lines = list.map((p) => escapeHtml(`${p.seriesName ?? ''}：${p.value ?? '-'}`));
        return [head, ...lines].join('<br/>');
      },
    },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: trendLabels(point, tasks) },
    yAxis: { type: 'value', scale: true },
    series: [
      {
        name: '结果值',
        type: 'line',
        data: point.values.map((v) => v.result),
        connectNulls: true,
        itemStyle: { color: '#1677ff' },
      },
      {
        name: '目标值',
        type: 'line',
        data: point.values.map((v) => v.target),
        connectNulls: true,
        lineStyle: { type: 'dashed' },
        itemStyle: { color: '#ff4d4f' },
      },
    ],
  };
}
