import { describe, expect, it } from 'vitest';
import { goalReportCharts } from './goal-reports.charts.ts';

const slices = (option: ReturnType<typeof goalReportCharts>[number]['option']) =>
  option?.series[0]?.data.map((d) => (typeof d === 'number' ? d : [d.name, d.value]));

describe('goalReportCharts', () => {
  it('counts the tasks by 进度状态 and by 自评等级, the unrated ones as 未自评', () => {
    const [status, levels] = goalReportCharts([
      { scheduleStatus: 'normal', levelSelf: 'A' },
      { scheduleStatus: 'normal', levelSelf: null },
      { scheduleStatus: 'block', levelSelf: 'C' },
      { scheduleStatus: 'finish', levelSelf: 'A' },
    ]);
    expect(status!.title).toBe('任务进度状态');
    expect(slices(status!.option)).toEqual([
      ['未开始', 0],
      ['受阻', 1],
      ['正常', 2],
      ['已完成', 1],
    ]);
    expect(slices(levels!.option)).toEqual([
      ['A（优秀）', 2],
      ['B（良好）', 0],
      ['C（一般）', 1],
      ['D（未完成）', 0],
      ['未自评', 1],
    ]);
    // The legend gives each share of the pie: 2 of 4 tasks are 正常.
    expect(status!.option!.legend!.formatter('正常')).toContain('50.00%');
  });

  it('draws nothing without tasks', () => {
    expect(goalReportCharts([]).map((c) => c.option)).toEqual([null, null]);
  });
});
