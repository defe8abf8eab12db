import {
  type AnnualTask,
  type AverageTarget,
  type GoalCharger,
  isBeyondAverage,
  isReached,
  type MissionStatement,
  type TargetTask,
  type TargetType,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import type { ChargerRow, TargetTypeRow } from './annual-chargers.repo.ts';
import type { MissionRow } from './annual-missions.repo.ts';
import type { TaskExtraRow } from './annual-tasks.repo.ts';
import { time } from './goals.common.ts';

/** One mapping per row type of the annual repos, to the contract's entities. */

const n = (v: string | number | null | undefined) => Number(v ?? 0);

/** A goal task as the annual view shows it, keeping the extra row for the average-level mapping. */
export type AnnualTaskWithExtra = AnnualTask & { extra: TaskExtraRow };

export const toAnnualTask = (task: TargetTask, extra: TaskExtraRow): AnnualTaskWithExtra => ({
  ...task,
  isTop: extra.isTop,
  targetTypeId: extra.targetTypeId,
  targetTypeName: extra.targetTypeName,
  kind: extra.isAverage ? ('average' as const) : ('task' as const),
  extra,
});

export const plain = ({ extra: _extra, ...task }: AnnualTaskWithExtra): AnnualTask => task;

export function toAverage(task: AnnualTaskWithExtra): AverageTarget {
  const e = task.extra;
  const target = {
    direction: e.direction ?? '>',
    targetNumber: n(e.targetNumber),
    averageValue: n(e.averageValue),
    actualValue: e.actualValue === null ? null : n(e.actualValue),
  };
  return {
    ...plain(task),
    ...target,
    status: e.status ?? 'normal',
    isBeyondAverage: isBeyondAverage(target),
    isReached: isReached(target),
  };
}

export const toTargetType = (r: TargetTypeRow): TargetType => ({
  id: r.id,
  name: r.name,
  description: r.description,
  sort: n(r.sort),
  taskCount: n(r.taskCount),
  chargerCount: n(r.chargerCount),
  createdAt: time(r.createdAt)!,
});

export const toCharger = ({ createdAt, ...r }: ChargerRow): GoalCharger => ({
  ...r,
  createdAt: time(createdAt)!,
});

export const toMission = (
  actor: Actor,
  { taskCreatorId, createdAt, updatedAt, ...r }: MissionRow,
): MissionStatement => ({
  ...r,
  canEdit: taskCreatorId === actor.userId,
  createdAt: time(createdAt)!,
  updatedAt: time(updatedAt)!,
});
