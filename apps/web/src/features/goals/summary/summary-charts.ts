import {
  type DepartmentFinishRate,
  type FinishRateRank,
  type GatherAnalysis,
  SCHEDULE_STATUS_COLORS,
  SCHEDULE_STATUS_LABELS,
  TASK_TYPE_LABELS,
  type TaskStatusAnalysis,
  type TypeAnalysis,
  YEAR_TASK_STATE_LABELS,
} from '@eduqa/contract';
import type { EChartsOption } from 'echarts';
import { percentLabel, tooltipLines, wrapLabel } from '../../../shared/charts/chart-text.ts';

/**
 * ECharts options of 汇总分析 as pure functions of the server's answers, so labels, order, colours and
 * the empty case ('暂无数据', a null option) are unit-tested without a canvas.
 */

/** The schedule status colours of goals.enums (red, yellow, blue, green) in antd's palette. */
export const STATUS_HEX: Record<'red' | 'yellow' | 'blue' | 'green', string> = {
  red: '#f5222d',
  yellow: '#faad14',
  blue: '#1677ff',
  green: '#52c41a',
};
/** The same statuses as text on white, dark enough to read (WCAG AA 4.5:1): the cards' numbers. */
const STATUS_TEXT: Record<keyof typeof STATUS_HEX, string> = {
  red: '#cf1322',
  yellow: '#874d00',
  blue: '#0958d9',
  green: '#237804',
};
export const FINISH_COLOR = '#52c41a';
/** Departments side by side on a chart as narrow as a phone. */
const PHONE_DEPARTMENTS = 4;
export const PROGRESS_COLOR = '#1677ff';

/** 进度状态 as a ring: one slice per status in its colour; null when no task is counted. */
export function scheduleStatusOption(data: TaskStatusAnalysis | undefined): EChartsOption | null {
  if (!data || data.total === 0) return null;
  const counts = new Map(data.scheduleStatuses.map((s) => [SCHEDULE_STATUS_LABELS[s.status], s.count]));
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 项（{d}%）' },
    // The counts sit in the legend and inside the slices: outside labels do not fit half a card.
    legend: { bottom: 0, left: 'center', formatter: (name: string) => `${name} ${counts.get(name) ?? 0}` },
    series: [
      {
        name: '进度状态',
        type: 'pie',
        radius: ['38%', '66%'],
        center: ['50%', '44%'],
        label: { position: 'inside', formatter: '{c}', color: '#fff', fontWeight: 'bold' },
        labelLine: { show: false },
        data: data.scheduleStatuses.map((s) => ({
          name: SCHEDULE_STATUS_LABELS[s.status],
          value: s.count,
          itemStyle: { color: STATUS_HEX[SCHEDULE_STATUS_COLORS[s.status]] },
          ...(s.count === 0 ? { label: { show: false } } : {}),
        })),
      },
    ],
  };
}

/** 任务状态 as bars in the life-cycle order; null when no task is counted. */
export function taskStateOption(data: TaskStatusAnalysis | undefined): EChartsOption | null {
  if (!data || data.total === 0) return null;
  return {
    grid: { left: 48, right: 16, top: 24, bottom: 32 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: data.states.map((s) => YEAR_TASK_STATE_LABELS[s.state]) },
    yAxis: { type: 'value', minInterval: 1, name: '任务数' },
    series: [
      {
        name: '任务数',
        type: 'bar',
        barMaxWidth: 40,
        label: { show: true, position: 'top' },
        itemStyle: { color: PROGRESS_COLOR },
        data: data.states.map((s) => s.count),
      },
    ],
  };
}

/**
 * 部门任务完成率: per department its finish rate and mean progress (both %), with the finished and total
 * counts in the tooltip; scrolls sideways past 8 departments. Null when no department has tasks.
 */
export function departmentFinishRateOption(
  rows: readonly DepartmentFinishRate[] | undefined,
): EChartsOption | null {
  if (!rows || rows.length === 0) return null;
  // Eight departments side by side on a desk, four on a phone (ECharts' media query is on the chart's
  // own width). The desk's window is named as a media of its own, and kept (hidden) where all fit, so a
  // chart widened again after a narrow start gets its eight back.
  const slider = (count: number) => ({
    type: 'slider' as const,
    show: rows.length > count,
    startValue: 0,
    endValue: Math.min(count, rows.length) - 1,
    height: 16,
    bottom: 8,
  });
  const window = rows.length > PHONE_DEPARTMENTS ? [slider(8)] : [];
  const phoneWindow = rows.length > PHONE_DEPARTMENTS ? [slider(PHONE_DEPARTMENTS)] : [];
  const gridBottom = (zoom: Array<{ show: boolean }>) => (zoom[0]?.show ? 84 : 52);
  return {
    media: [
      { option: { dataZoom: window, grid: { bottom: gridBottom(window) } } },
      {
        query: { maxWidth: 480 },
        option: { dataZoom: phoneWindow, grid: { bottom: gridBottom(phoneWindow) } },
      },
    ],
    grid: { left: 48, right: 16, top: 40, bottom: gridBottom(window) },
    legend: { top: 0, data: ['完成率', '平均进度'] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const list = params as Array<{ dataIndex: number }>;
        const row = rows[list[0]?.dataIndex ?? 0];
        if (!row) return '';
        return tooltipLines([
          row.departmentName,
          `任务数：${row.taskCount}，已完成：${row.finishedCount}`,
          `完成率：${row.finishRate}%`,
          `平均进度：${row.progress}%`,
        ]);
      },
    },
    xAxis: {
      type: 'category',
      data: rows.map((r) => r.departmentName),
      axisLabel: { interval: 0, formatter: (name: string) => wrapLabel(name) },
    },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    dataZoom: window,
    series: [
      {
        name: '完成率',
        type: 'bar',
        barMaxWidth: 28,
        itemStyle: { color: FINISH_COLOR },
        label: { show: true, position: 'top', formatter: (p: { value?: unknown }) => percentLabel(p.value) },
        data: rows.map((r) => r.finishRate),
      },
      {
        name: '平均进度',
        type: 'bar',
        barMaxWidth: 28,
        itemStyle: { color: PROGRESS_COLOR },
        data: rows.map((r) => r.progress),
      },
    ],
  };
}

/**
 * 完成率排名 as horizontal bars, first place at the top (a category axis draws its first item at the
 * bottom, so the list is reversed). Null when no department has tasks.
 */
export function finishRateRankOption(rows: readonly FinishRateRank[] | undefined): EChartsOption | null {
  if (!rows || rows.length === 0) return null;
  const bottomUp = [...rows].sort((a, b) => a.rank - b.rank).reverse();
  return {
    grid: { left: 16, right: 56, top: 8, bottom: 24, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const row = bottomUp[(params as Array<{ dataIndex: number }>)[0]?.dataIndex ?? 0];
        if (!row) return '';
        return tooltipLines([
          `第${row.rank}名 ${row.departmentName}`,
          `完成率：${row.finishRate}%（${row.finishedCount}/${row.taskCount}）`,
        ]);
      },
    },
    xAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    yAxis: {
      type: 'category',
      data: bottomUp.map((r) => `${r.rank}. ${r.departmentName}`),
      axisTick: { show: false },
    },
    series: [
      {
        name: '完成率',
        type: 'bar',
        barMaxWidth: 20,
        itemStyle: { color: FINISH_COLOR },
        label: {
          show: true,
          position: 'right',
          formatter: (p: { value?: unknown }) => percentLabel(p.value),
        },
        data: bottomUp.map((r) => r.finishRate),
      },
    ],
  };
}

/**
 * The stacks of 任务类型分析: the four schedule counts, named and coloured as in the 进度状态 ring;
 * together they make the type's total.
 */
const TYPE_STACKS = (
  [
    ['finish', 'finishedCount'],
    ['normal', 'inProgressCount'],
    ['unstart', 'unstartCount'],
    ['block', 'overdueCount'],
  ] as const
).map(([status, key]) => ({
  key,
  name: SCHEDULE_STATUS_LABELS[status],
  color: STATUS_HEX[SCHEDULE_STATUS_COLORS[status]],
}));

/**
 * 任务类型分析 (findAnalyse): per task type its tasks stacked by schedule status, the finish rate in the
 * tooltip. Null when no task is counted.
 */
export function typeAnalysisOption(rows: readonly TypeAnalysis[] | undefined): EChartsOption | null {
  if (!rows || rows.every((r) => r.taskCount === 0)) return null;
  return {
    grid: { left: 40, right: 16, top: 48, bottom: 32 },
    legend: { top: 0 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: unknown) => {
        const row = rows[(params as Array<{ dataIndex: number }>)[0]?.dataIndex ?? 0];
        if (!row) return '';
        return tooltipLines([
          `${row.type} ${TASK_TYPE_LABELS[row.type]}：${row.taskCount} 项，完成率 ${row.finishRate}%`,
          ...TYPE_STACKS.map((s) => `${s.name}：${row[s.key]}`),
        ]);
      },
    },
    xAxis: { type: 'category', data: rows.map((r) => `${r.type} ${TASK_TYPE_LABELS[r.type]}`) },
    yAxis: { type: 'value', minInterval: 1 },
    series: TYPE_STACKS.map((s) => ({
      name: s.name,
      type: 'bar' as const,
      stack: 'type',
      barMaxWidth: 40,
      itemStyle: { color: s.color },
      data: rows.map((r) => r[s.key]),
    })),
  };
}

/** The statistic cards, in the order they show, with the colour each number takes. */
export interface SummaryCard {
  key: keyof GatherAnalysis;
  title: string;
  value: number;
  suffix?: string;
  color?: string;
}
export function summaryCards(data: GatherAnalysis | undefined): SummaryCard[] {
  const d = data;
  const v = (key: keyof GatherAnalysis) => (d ? d[key] : 0);
  return [
    { key: 'taskCount', title: '任务总数', value: v('taskCount') },
    { key: 'finishedCount', title: '已完成', value: v('finishedCount'), color: STATUS_TEXT.green },
    { key: 'inProgressCount', title: '进行中', value: v('inProgressCount'), color: STATUS_TEXT.blue },
    { key: 'unstartCount', title: '未开始', value: v('unstartCount') },
    { key: 'overdueCount', title: '已逾期', value: v('overdueCount'), color: STATUS_TEXT.red },
    {
      key: 'processWarningCount',
      title: '过程预警',
      value: v('processWarningCount'),
      color: STATUS_TEXT.yellow,
    },
    {
      key: 'expiredWarningCount',
      title: '逾期预警',
      value: v('expiredWarningCount'),
      color: STATUS_TEXT.red,
    },
    { key: 'finishRate', title: '完成率', value: v('finishRate'), suffix: '%', color: STATUS_TEXT.green },
  ];
}
