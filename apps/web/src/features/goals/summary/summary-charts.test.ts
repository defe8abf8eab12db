import type {
  DepartmentFinishRate,
  FinishRateRank,
  GatherAnalysis,
  TaskStatusAnalysis,
  TypeAnalysis,
} from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import {
  departmentFinishRateOption,
  FINISH_COLOR,
  finishRateRankOption,
  STATUS_HEX,
  scheduleStatusOption,
  summaryCards,
  taskStateOption,
  typeAnalysisOption,
} from './summary-charts.ts';

type Loose = Record<string, unknown>;
const seriesOf = (option: unknown) => (option as { series: Loose[] }).series;

const status: TaskStatusAnalysis = {
  total: 7,
  scheduleStatuses: [
    { status: 'unstart', count: 2 },
    { status: 'block', count: 2 },
    { status: 'normal', count: 1 },
    { status: 'finish', count: 2 },
  ],
  states: [
    { state: 'waitResolve', count: 3 },
    { state: 'hasResolved', count: 0 },
    { state: 'doing', count: 2 },
    { state: 'done', count: 2 },
  ],
};
const empty: TaskStatusAnalysis = { ...status, total: 0 };

const department = (id: string, finishRate: number, progress = 0): DepartmentFinishRate => ({
  departmentId: id,
  departmentName: `部门${id}`,
  headId: null,
  headName: null,
  taskCount: 4,
  finishedCount: 1,
  unfinishedCount: 3,
  finishRate,
  progress,
});
const ranked = (rank: number, id: string, finishRate: number): FinishRateRank => ({
  rank,
  departmentId: id,
  departmentName: `部门${id}`,
  headId: null,
  headName: null,
  taskCount: 2,
  finishedCount: 1,
  finishRate,
});

/** A department name an administrator could type; a tooltip must show it, not run it. */
const HOSTILE = '教务处<img src=x onerror=alert(1)>';
const ESCAPED = '教务处&lt;img src=x onerror=alert(1)&gt;';

describe('scheduleStatusOption', () => {
  it('draws one slice per schedule status in its Chinese label and colour', () => {
    const [pie] = seriesOf(scheduleStatusOption(status));
    expect(pie?.type).toBe('pie');
    expect(pie?.data).toEqual([
      { name: '未开始', value: 2, itemStyle: { color: STATUS_HEX.red } },
      { name: '受阻', value: 2, itemStyle: { color: STATUS_HEX.yellow } },
      { name: '正常', value: 1, itemStyle: { color: STATUS_HEX.blue } },
      { name: '已完成', value: 2, itemStyle: { color: STATUS_HEX.green } },
    ]);
  });

  it('puts the counts in the legend and hides the label of an empty slice', () => {
    const noneBlocked: TaskStatusAnalysis = {
      ...status,
      scheduleStatuses: status.scheduleStatuses.map((s) => (s.status === 'block' ? { ...s, count: 0 } : s)),
    };
    const option = scheduleStatusOption(noneBlocked) as { legend: { formatter: (name: string) => string } };
    expect(option.legend.formatter('未开始')).toBe('未开始 2');
    expect(option.legend.formatter('受阻')).toBe('受阻 0');
    const data = seriesOf(option)[0]?.data as Loose[];
    expect(data[1]).toMatchObject({ name: '受阻', value: 0, label: { show: false } });
  });

  it('is null (暂无数据) without tasks or before the answer', () => {
    expect(scheduleStatusOption(empty)).toBeNull();
    expect(scheduleStatusOption(undefined)).toBeNull();
  });
});

describe('taskStateOption', () => {
  it('counts the task states in life-cycle order', () => {
    const option = taskStateOption(status) as { xAxis: { data: string[] } };
    expect(option.xAxis.data).toEqual(['待分解', '已分解', '进行中', '已完成']);
    expect(seriesOf(option)[0]?.data).toEqual([3, 0, 2, 2]);
    expect(taskStateOption(empty)).toBeNull();
  });
});

describe('departmentFinishRateOption', () => {
  it('shows four departments at a time on a chart as narrow as a phone, all of them again on a desk', () => {
    const rows = ['a', 'b', 'c', 'd', 'e', 'f'].map((d) => department(d, 50));
    const option = departmentFinishRateOption(rows) as {
      dataZoom: Loose[];
      media: Array<{ query?: { maxWidth: number }; option: { dataZoom: Loose[] } }>;
    };
    expect(option.dataZoom).toEqual([expect.objectContaining({ show: false, startValue: 0, endValue: 5 })]);
    const [desk, phone] = option.media;
    expect(desk!.query).toBeUndefined();
    expect(desk!.option.dataZoom).toEqual(option.dataZoom);
    expect(phone!.query!.maxWidth).toBe(480);
    expect(phone!.option.dataZoom[0]).toMatchObject({ show: true, startValue: 0, endValue: 3 });
    const few = departmentFinishRateOption(rows.slice(0, 4)) as typeof option;
    expect(few.dataZoom).toEqual([]);
    expect(few.media[1]!.option.dataZoom).toEqual([]);
  });

  it('gives each department its finish rate and mean progress on a 0–100% axis', () => {
    const option = departmentFinishRateOption([department('a', 25, 33.33), department('b', 50, 50)]) as {
      xAxis: { data: string[] };
      yAxis: Loose;
      dataZoom: unknown[];
    };
    expect(option.xAxis.data).toEqual(['部门a', '部门b']);
    expect(option.yAxis).toMatchObject({ min: 0, max: 100 });
    const [finish, progress] = seriesOf(option);
    expect(finish).toMatchObject({ name: '完成率', data: [25, 50], itemStyle: { color: FINISH_COLOR } });
    expect(progress).toMatchObject({ name: '平均进度', data: [33.33, 50] });
    expect(option.dataZoom).toEqual([]);
  });

  it('scrolls past eight departments and explains a bar in its tooltip', () => {
    const rows = Array.from({ length: 10 }, (_, i) => department(String(i), i * 10));
    const option = departmentFinishRateOption(rows) as {
      dataZoom: Loose[];
      tooltip: { formatter: (p: unknown) => string };
    };
    expect(option.dataZoom[0]).toMatchObject({ startValue: 0, endValue: 7 });
    expect(option.tooltip.formatter([{ dataIndex: 2 }])).toBe(
      '部门2<br/>任务数：4，已完成：1<br/>完成率：20%<br/>平均进度：0%',
    );
  });

  it('shows a department name with markup in its tooltip as text', () => {
    const option = departmentFinishRateOption([{ ...department('a', 25), departmentName: HOSTILE }]) as {
      tooltip: { formatter: (p: unknown) => string };
    };
    const html = option.tooltip.formatter([{ dataIndex: 0 }]);
    expect(html).not.toContain('<img');
    expect(html.split('<br/>')[0]).toBe(ESCAPED);
  });

  it('is null without departments', () => {
    expect(departmentFinishRateOption([])).toBeNull();
    expect(departmentFinishRateOption(undefined)).toBeNull();
  });
});

describe('finishRateRankOption', () => {
  it('puts the first place at the top of a horizontal bar chart', () => {
    const option = finishRateRankOption([ranked(1, 'c', 50), ranked(2, 'd', 25), ranked(3, 'o', 0)]) as {
      yAxis: { type: string; data: string[] };
      xAxis: { type: string };
    };
    expect(option.xAxis.type).toBe('value');
    expect(option.yAxis.type).toBe('category');
    expect(option.yAxis.data).toEqual(['3. 部门o', '2. 部门d', '1. 部门c']);
    expect(seriesOf(option)[0]?.data).toEqual([0, 25, 50]);
  });

  it('shows a department name with markup in its tooltip as text', () => {
    const option = finishRateRankOption([{ ...ranked(1, 'a', 50), departmentName: HOSTILE }]) as {
      tooltip: { formatter: (p: unknown) => string };
    };
    const html = option.tooltip.formatter([{ dataIndex: 0 }]);
    expect(html).not.toContain('<img');
    expect(html).toBe(`第1名 ${ESCAPED}<br/>完成率：50%（1/2）`);
  });

  it('keeps shared ranks and is null without departments', () => {
    const option = finishRateRankOption([ranked(1, 'a', 0), ranked(1, 'b', 0)]) as {
      yAxis: { data: string[] };
    };
    expect(option.yAxis.data).toEqual(['1. 部门b', '1. 部门a']);
    expect(finishRateRankOption([])).toBeNull();
  });
});

describe('summaryCards', () => {
  const gather: GatherAnalysis = {
    taskCount: 7,
    finishedCount: 2,
    inProgressCount: 1,
    unstartCount: 2,
    overdueCount: 2,
    processWarningCount: 3,
    expiredWarningCount: 2,
    finishRate: 28.57,
    departmentCount: 3,
    progress: 33.33,
  };

  it('lists the totals in order with the finish rate as a percentage', () => {
    const cards = summaryCards(gather);
    expect(cards.map((c) => [c.title, c.value])).toEqual([
      ['任务总数', 7],
      ['已完成', 2],
      ['进行中', 1],
      ['未开始', 2],
      ['已逾期', 2],
      ['过程预警', 3],
      ['逾期预警', 2],
      ['完成率', 28.57],
    ]);
    expect(cards.at(-1)?.suffix).toBe('%');
  });

  it('shows zeros before the answer arrives', () => {
    expect(summaryCards(undefined).every((c) => c.value === 0)).toBe(true);
  });
});

describe('typeAnalysisOption', () => {
  const type = (t: 'A' | 'B' | 'C', counts: Partial<TypeAnalysis> = {}): TypeAnalysis => ({
    type: t,
    taskCount: 0,
    finishedCount: 0,
    inProgressCount: 0,
    unstartCount: 0,
    overdueCount: 0,
    processWarningCount: 0,
    expiredWarningCount: 0,
    finishRate: 0,
    ...counts,
  });

  it('stacks each type by schedule status under its Chinese label', () => {
    const rows = [
      type('A', { taskCount: 4, finishedCount: 2, inProgressCount: 1, overdueCount: 1, finishRate: 50 }),
      type('B', { taskCount: 2, unstartCount: 1, overdueCount: 1 }),
      type('C'),
    ];
    const option = typeAnalysisOption(rows) as {
      xAxis: { data: string[] };
      tooltip: { formatter: (p: unknown) => string };
    };
    expect(option.xAxis.data).toEqual(['A 重点', 'B 常规', 'C 一般']);
    expect(seriesOf(option).map((s) => [s.name, s.stack, s.data])).toEqual([
      ['已完成', 'type', [2, 0, 0]],
      ['正常', 'type', [1, 0, 0]],
      ['未开始', 'type', [0, 1, 0]],
      ['受阻', 'type', [1, 1, 0]],
    ]);
    expect(option.tooltip.formatter([{ dataIndex: 0 }])).toBe(
      'A 重点：4 项，完成率 50%<br/>已完成：2<br/>正常：1<br/>未开始：0<br/>受阻：1',
    );
  });

  it('is null when no type has tasks', () => {
    expect(typeAnalysisOption([type('A'), type('B'), type('C')])).toBeNull();
    expect(typeAnalysisOption(undefined)).toBeNull();
  });
});
