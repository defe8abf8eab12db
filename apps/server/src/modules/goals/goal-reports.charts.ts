/**
 * The charts of a 目标报告: how its tasks stand (进度状态) and how they rated themselves (自评等级), as the
 * same pies the quality report draws (the contract's `sharePie`), so both reports look alike on paper.
 */
import {
  type NamedShare,
  REPORT_LEVEL_LABELS,
  REPORT_LEVELS,
  type ReportChartOption,
  type ReportLevel,
  rate,
  SCHEDULE_STATUS_LABELS,
  SCHEDULE_STATUSES,
  type ScheduleStatus,
  sharePie,
} from '@eduqa/contract';

export interface GoalReportChart {
  title: string;
  /** Null when there is nothing to draw (no task): the document says 暂无数据 instead. */
  option: ReportChartOption | null;
}

const NOT_RATED = '未自评';

function shares(items: { name: string; value: number }[]): NamedShare[] {
  const total = items.reduce((sum, i) => sum + i.value, 0);
  return items.map((i) => ({ ...i, share: rate(i.value, total) }));
}

/** Counts each key of `keys` among `values`, in the order of `keys`. */
function tally<K extends string>(keys: readonly K[], values: readonly K[]) {
  return keys.map((key) => ({ key, value: values.filter((v) => v === key).length }));
}

export function goalReportCharts(
  tasks: readonly { scheduleStatus: ScheduleStatus; levelSelf: ReportLevel | null }[],
): GoalReportChart[] {
  const status = tally(
    SCHEDULE_STATUSES,
    tasks.map((t) => t.scheduleStatus),
  ).map((s) => ({ name: SCHEDULE_STATUS_LABELS[s.key], value: s.value }));
  const levels = [
    ...tally(
      REPORT_LEVELS,
      tasks.flatMap((t) => (t.levelSelf ? [t.levelSelf] : [])),
    ).map((l) => ({ name: `${l.key}（${REPORT_LEVEL_LABELS[l.key]}）`, value: l.value })),
    { name: NOT_RATED, value: tasks.filter((t) => !t.levelSelf).length },
  ];
  return [
    { title: '任务进度状态', option: sharePie('任务进度状态', shares(status)) },
    { title: '任务自评等级', option: sharePie('任务自评等级', shares(levels)) },
  ];
}
