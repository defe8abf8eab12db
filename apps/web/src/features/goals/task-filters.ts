import type { GoalWarningType, TaskView, WarningCountMap } from '@eduqa/contract';
import type { WarningCountQuery } from './api.ts';

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
