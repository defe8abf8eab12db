import {
  ATTACHMENT_EXTENSIONS,
  AUDIT_NUMBER_LABELS,
  type AuditNumber,
  GOAL_WARNING_TYPE_LABELS,
  type GoalWarningType,
  NODE_STATE_LABELS,
  type NodeState,
  PROGRESS_AUDIT_STATE_LABELS,
  type ProgressAuditState,
  SCHEDULE_STATUS_COLORS,
  type ScheduleStatus,
  TASK_TYPE_LABELS,
  type TaskType,
  type WarningCountMap,
} from '@eduqa/contract';

/** antd Tag colours of the spec's schedule colours (spec 2 §4: unstart red, block yellow, normal blue, finish green). */
const TAG_OF_COLOR = { red: 'red', yellow: 'gold', blue: 'blue', green: 'green' } as const;
export function scheduleTagColor(status: ScheduleStatus): string {
  return TAG_OF_COLOR[SCHEDULE_STATUS_COLORS[status]];
}

/** A: 重点 (red), B: 常规 (blue), C: 一般 (default). */
export const TASK_TYPE_TAG_COLORS: Record<TaskType, string> = { A: 'volcano', B: 'geekblue', C: 'default' };
export const taskTypeText = (type: TaskType) => `${type}类·${TASK_TYPE_LABELS[type]}`;

export const WARNING_TAG_COLORS: Record<GoalWarningType, string> = { final: 'red', process: 'orange' };
export const warningText = (type: GoalWarningType) => GOAL_WARNING_TYPE_LABELS[type];

/** Node states as the spec shows them: waiting (default), executing (blue), done (green), returned (red). */
export const NODE_STATE_COLORS: Record<NodeState, string> = {
  notPushed: 'default',
  waitAccept: 'gold',
  waitResolve: 'gold',
  goBack: 'red',
  waitDefine: 'purple',
  executeing: 'blue',
  hasDone: 'green',
  delayNotDone: 'orange',
  delayDone: 'cyan',
};
export const nodeStateText = (state: NodeState) => NODE_STATE_LABELS[state];

export const PROGRESS_AUDIT_COLORS: Record<ProgressAuditState, string> = {
  reviewing: 'processing',
  childPass: 'cyan',
  pass: 'success',
  reject: 'error',
};
export const progressAuditText = (state: ProgressAuditState) => PROGRESS_AUDIT_STATE_LABELS[state];

export const AUDIT_NUMBER_COLORS: Record<AuditNumber, string> = { 0: 'processing', 1: 'success', 2: 'error' };
/** A task's decomposition audit; null means not yet submitted. */
export function decompositionText(state: AuditNumber | null): string {
  return state === null ? '未提交' : AUDIT_NUMBER_LABELS[state];
}

export interface WarningSummary {
  /** Tasks with any warning. */
  tasks: number;
  process: number;
  expired: number;
  /** process + expired (spec 1 §3: total = delayed plus in process). */
  total: number;
}
export const NO_WARNINGS: WarningSummary = { tasks: 0, process: 0, expired: 0, total: 0 };

/**
 * Sums the warning-count maps (spec 1 §3): a task with both kinds is in both maps with the same
 * counts, so each task counts once.
 */
export function summariseWarnings(map: WarningCountMap | undefined): WarningSummary {
  if (!map) return NO_WARNINGS;
  const byTask = new Map(Object.entries({ ...map.processMap, ...map.delayMap }));
  let process = 0;
  let expired = 0;
  for (const counts of byTask.values()) {
    process += counts.processWarningCount;
    expired += counts.expiredWarningCount;
  }
  return { tasks: byTask.size, process, expired, total: process + expired };
}

/** '2026-01-01 至 2026-06-30'. */
export const dateRange = (start: string, end: string) => `${start} 至 ${end}`;

/** Completion 0–100 with at most two decimals, for the progress bar (spec 1 §5). */
export function percent(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return 0;
  return Math.round(Math.min(100, Math.max(0, value)) * 100) / 100;
}

/**
 * The file input's `accept` for progress and request attachments: `image/*` first, so that a phone
 * offers its camera, then the document types of spec 2 §5. The type check before each upload still
 * refuses an image of another kind (a HEIC photo) with its message.
 */
export const GOAL_FILE_ACCEPT = ['image/*', ...ATTACHMENT_EXTENSIONS.map((e) => `.${e}`)].join(',');
