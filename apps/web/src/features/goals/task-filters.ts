import type { GoalWarningType, ScheduleStatus, TaskType, TaskView, WarningCountMap } from '@eduqa/contract';
import type { TaskRow, WarningCountQuery } from './api.ts';

/** Spec 2 §2.7: the warning-type filter offers all, process and expired. */
export type WarningFilter = 'all' | GoalWarningType;

/** Spec 1 §6: personal counts for my tasks, the chosen department's for department tasks, else all visible. */
export function countQueryOf(view: TaskView, departmentId: string | undefined): WarningCountQuery {
  if (view === 'mine') return { queryType: 'personal' };
  if (view === 'department' && departmentId) return { departmentCondition: departmentId };
  return {};
}

/** A task's process and overdue counts from the count maps (0 when it has none). */
export function warningsOfTask(map: WarningCountMap | undefined, taskId: string) {
  const counts = map?.delayMap[taskId] ?? map?.processMap[taskId];
  return counts
    ? { process: counts.processWarningCount, expired: counts.expiredWarningCount }
    : { process: 0, expired: 0 };
}

/**
 * The warning list (warningTask) has no type, schedule or department filter: with a warning type chosen
 * those three narrow the page it answers.
 */
export function narrowWarned(
  rows: readonly TaskRow[],
  filter: {
    type?: TaskType | undefined;
    scheduleStatus?: ScheduleStatus | undefined;
    departmentId?: string | undefined;
  },
): TaskRow[] {
  return rows.filter(
    (t) =>
      (!filter.type || t.rwlx === filter.type) &&
      (!filter.scheduleStatus || t.scheduleStatus === filter.scheduleStatus) &&
      (!filter.departmentId || t.departmentId === filter.departmentId),
  );
}
