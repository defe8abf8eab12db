import {
  type DelayRequest,
  deriveScheduleStatus,
  type GoalFile,
  type GoalWarningCondition,
  type ProgressReport,
  type TargetTask,
  type TaskAudit,
  type TaskNode,
  type Urge,
  warningOf,
  type YearTarget,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import type { TaskRow, YearTargetRow } from './goal-tasks.repo.ts';
import type { ConditionRow, UrgeRow } from './goal-warnings.repo.ts';
import type { AuditRow, DelayRow, FileRow, NodeRow, ProgressRow } from './goal-work.repo.ts';
import { time } from './goals.common.ts';

/**
 * One mapping per row type, from the repos' rows (already named as the contract names them) to the
 * contract's entities: times on the school's clock and what is derived from today or from the caller.
 */

export const toYearTarget = (actor: Actor, row: YearTargetRow): YearTarget => ({
  id: row.id,
  name: row.name,
  cycleYear: row.cycleYear,
  description: row.description,
  creatorId: row.creatorId,
  creatorName: row.creatorName,
  isTargetCreator: row.creatorId === actor.userId,
  taskCount: row.taskCount,
  createdAt: time(row.createdAt)!,
});

export function toTask(row: TaskRow, actor: Actor, today: string): TargetTask {
  const { warningDays, createdAt, collaboratingDepartments, ...columns } = row;
  return {
    ...columns,
    // One driver answers json columns parsed, the other as text.
    collaboratingDepartments:
      typeof collaboratingDepartments === 'string'
        ? JSON.parse(collaboratingDepartments)
        : collaboratingDepartments,
    scheduleStatus: deriveScheduleStatus({ state: row.state, endDate: row.endDate, today }),
    progress: row.nodeCount === 0 ? 0 : Math.round((row.doneNodeCount / row.nodeCount) * 10_000) / 100,
    warningType: row.isWithdrawn
      ? null
      : warningOf({ endDate: row.endDate, today, isDone: row.state === 'done', days: warningDays }),
    isTargetCreator: row.creatorId === actor.userId,
    isPrincipal: row.principalId === actor.userId,
    createdAt: time(createdAt)!,
  };
}

export function toNode(row: NodeRow, today: string): TaskNode {
  const { warningDays, createdAt, ...columns } = row;
  const isDone = row.state === 'hasDone' || row.state === 'delayDone';
  return {
    ...columns,
    warningType: warningOf({ endDate: row.endDate, today, isDone, days: warningDays }),
    createdAt: time(createdAt)!,
  };
}

export const toFile = ({ taskId: _, uploaderId: __, createdAt, ...row }: FileRow): GoalFile => ({
  ...row,
  createdAt: time(createdAt)!,
});

/** A report with its own files, picked from the files of its task. */
export const toProgress = (row: ProgressRow, files: readonly GoalFile[]): ProgressReport => ({
  ...row,
  reportedAt: time(row.reportedAt)!,
  auditedAt: time(row.auditedAt),
  files: files.filter((f) => f.ownerType === 'TaskProgress' && f.ownerId === row.id),
});

export const toDelay = (row: DelayRow): DelayRequest => ({
  ...row,
  requestedAt: time(row.requestedAt)!,
  auditedAt: time(row.auditedAt),
});

export const toAudit = (row: AuditRow): TaskAudit => ({
  ...row,
  submittedAt: time(row.submittedAt)!,
  auditedAt: time(row.auditedAt),
});

export const toUrge = (row: UrgeRow): Urge => ({
  ...row,
  urgedAt: time(row.urgedAt)!,
  acceptedAt: time(row.acceptedAt),
});

export const toCondition = (row: ConditionRow): GoalWarningCondition => ({
  ...row,
  configuredAt: time(row.configuredAt),
});
