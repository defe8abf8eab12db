import {
  type AuditDecision,
  type AuditNumber,
  DEFAULT_WARNING_DAYS,
  type GoalWarningType,
  NODE_EVENT_LABELS,
  NODE_STATE_LABELS,
  type NodeEvent,
  type NodeState,
  PROGRESS_AUDIT_DECISION_LABELS,
  PROGRESS_AUDIT_STATE_LABELS,
  type ProgressAuditDecision,
  type ProgressAuditState,
  type ProgressType,
  type ScheduleStatus,
  TASK_AUDIT_ACTION_LABELS,
  type TaskAuditAction,
  type YearTaskState,
} from './goals.enums.ts';

/**
 * The goal area's state machines, our reading of spec 1 §4 and DESIGN §7. Pure: the server checks every
 * transition here before it writes, and the web app asks the same functions which buttons to show.
 */

export type Transition<S> = { ok: true; to: S } | { ok: false; message: string };
const to = <S>(state: S): Transition<S> => ({ ok: true, to: state });
const refuse = <S>(message: string): Transition<S> => ({ ok: false, message });

// ---------------------------------------------------------------------------------------------------
// nodes

/**
 * notPushed →push→ waitAccept →accept→ waitResolve →resolve→ waitDefine →define→ executeing →finish→ hasDone.
 * The node's principal may send a pushed node back (goBack) and the task's principal may withdraw it
 * (waitAccept/goBack → notPushed) or push it again; a plan sent for confirmation may be returned
 * (redefine → waitResolve). A passed delay request turns an executing node into delayNotDone (again
 * from delayNotDone for a second delay); its passed final report then makes it delayDone.
 */
export const NODE_TRANSITIONS: Readonly<Record<NodeState, Partial<Record<NodeEvent, NodeState>>>> = {
  notPushed: { push: 'waitAccept' },
  waitAccept: { withdraw: 'notPushed', accept: 'waitResolve', goBack: 'goBack' },
  goBack: { push: 'waitAccept', withdraw: 'notPushed' },
  waitResolve: { resolve: 'waitDefine' },
  waitDefine: { define: 'executeing', redefine: 'waitResolve' },
  executeing: { finish: 'hasDone', delay: 'delayNotDone' },
  delayNotDone: { finish: 'delayDone', delay: 'delayNotDone' },
  hasDone: {},
  delayDone: {},
};

export function nodeTransition(from: NodeState, event: NodeEvent): Transition<NodeState> {
  const next = NODE_TRANSITIONS[from][event];
  if (next) return to(next);
  return refuse(`节点当前状态为“${NODE_STATE_LABELS[from]}”，不能${NODE_EVENT_LABELS[event]}`);
}

/** The events legal from a state, in the order of NODE_TRANSITIONS. */
export function nodeEventsFrom(from: NodeState): NodeEvent[] {
  return Object.keys(NODE_TRANSITIONS[from]) as NodeEvent[];
}

/** A node's name, dates and principal change only before it is accepted. */
export function isNodeEditable(state: NodeState): boolean {
  return state === 'notPushed' || state === 'goBack';
}
export const NODE_LOCKED_MESSAGE = '节点已推送，只有未推送或已退回的节点可以修改或删除';

export function isNodeDone(state: NodeState): boolean {
  return state === 'hasDone' || state === 'delayDone';
}
/** Progress is reported, and delay asked, only while a node executes. */
export function isNodeExecuting(state: NodeState): boolean {
  return state === 'executeing' || state === 'delayNotDone';
}

export function canReportProgress(input: {
  nodeState: NodeState;
  hasOpenReport: boolean;
}): Transition<'reviewing'> {
  if (!isNodeExecuting(input.nodeState)) {
    return refuse(`节点当前状态为“${NODE_STATE_LABELS[input.nodeState]}”，不能上报进度`);
  }
  if (input.hasOpenReport) return refuse('该节点已有审核中的进度，请等待审核后再上报');
  return to('reviewing');
}

// ---------------------------------------------------------------------------------------------------
// progress audit

/**
 * reviewing →childPass (the responsible department) →pass (the task's creator); either may reject.
 * The creator may also pass a report the department has not looked at. pass and reject are final.
 */
export const PROGRESS_AUDIT_TRANSITIONS: Readonly<
  Record<ProgressAuditState, Partial<Record<ProgressAuditDecision, ProgressAuditState>>>
> = {
  reviewing: { childPass: 'childPass', pass: 'pass', reject: 'reject' },
  childPass: { pass: 'pass', reject: 'reject' },
  pass: {},
  reject: {},
};

export function progressAuditTransition(
  from: ProgressAuditState,
  decision: ProgressAuditDecision,
): Transition<ProgressAuditState> {
  const next = PROGRESS_AUDIT_TRANSITIONS[from][decision];
  if (next) return to(next);
  return refuse(
    `进度当前为“${PROGRESS_AUDIT_STATE_LABELS[from]}”，不能${PROGRESS_AUDIT_DECISION_LABELS[decision]}`,
  );
}

/** A report is open (blocks a new one) while someone still has to audit it. */
export function isProgressOpen(state: ProgressAuditState): boolean {
  return state === 'reviewing' || state === 'childPass';
}

/** The node event a progress audit causes: a passed final report finishes the node. */
export function nodeEventOfProgressAudit(type: ProgressType, next: ProgressAuditState): NodeEvent | null {
  return type === 'final' && next === 'pass' ? 'finish' : null;
}

// ---------------------------------------------------------------------------------------------------
// task decomposition audit (0 pending, 1 passed, 2 failed; null not yet submitted)

export const TASK_AUDIT_TRANSITIONS: ReadonlyArray<{
  from: AuditNumber | null;
  action: TaskAuditAction;
  to: AuditNumber;
}> = [
  { from: null, action: 'submit', to: 0 },
  { from: 2, action: 'submit', to: 0 },
  { from: 0, action: 'pass', to: 1 },
  { from: 0, action: 'fail', to: 2 },
];

const AUDIT_STATE_TEXT = (state: AuditNumber | null) =>
  state === null ? '未提交' : state === 0 ? '待审核' : state === 1 ? '审核通过' : '审核不通过';

export function taskAuditTransition(
  from: AuditNumber | null,
  action: TaskAuditAction,
  input: { nodeCount: number } = { nodeCount: 1 },
): Transition<AuditNumber> {
  const found = TASK_AUDIT_TRANSITIONS.find((t) => t.from === from && t.action === action);
  if (!found) {
    return refuse(`任务分解当前为“${AUDIT_STATE_TEXT(from)}”，不能${TASK_AUDIT_ACTION_LABELS[action]}`);
  }
  if (action === 'submit' && input.nodeCount === 0) return refuse('请先分解任务节点再提交审核');
  return to(found.to);
}

/** Nodes are pushed to their principals only after the decomposition passed audit. */
export function canPushNodes(auditState: AuditNumber | null): boolean {
  return auditState === 1;
}
export const PUSH_NEEDS_AUDIT_MESSAGE = '任务分解审核通过后才能推送节点';

// ---------------------------------------------------------------------------------------------------
// delay requests (0 pending → 1 passed | 2 failed)

export function delayAuditTransition(from: AuditNumber, decision: AuditDecision): Transition<AuditNumber> {
  if (from !== 0) return refuse(`延期申请已${from === 1 ? '审核通过' : '审核不通过'}，不能重复审核`);
  return to(decision);
}

export function canRequestDelay(input: {
  nodeState: NodeState;
  hasPendingDelay: boolean;
  currentEndDate: string;
  requestedEndDate: string;
}): Transition<0> {
  if (!isNodeExecuting(input.nodeState)) {
    return refuse(`节点当前状态为“${NODE_STATE_LABELS[input.nodeState]}”，不能申请延期`);
  }
  if (input.hasPendingDelay) return refuse('该节点已有待审核的延期申请');
  if (input.requestedEndDate <= input.currentEndDate) return refuse('延期后的结束日期必须晚于当前结束日期');
  return to(0);
}

// ---------------------------------------------------------------------------------------------------
// task state, schedule status, warnings

/**
 * waitResolve until the decomposition (at least one node) passed audit; hasResolved until a node starts
 * executing; doing while any node executes or is finished; done when every node is finished.
 */
export function deriveYearTaskState(input: {
  auditState: AuditNumber | null;
  nodeStates: readonly NodeState[];
}): YearTaskState {
  const { nodeStates } = input;
  if (nodeStates.length === 0 || input.auditState !== 1) return 'waitResolve';
  if (nodeStates.every(isNodeDone)) return 'done';
  if (nodeStates.some((s) => isNodeExecuting(s) || isNodeDone(s))) return 'doing';
  return 'hasResolved';
}

/** Days from `from` to `to`, both yyyy-MM-dd (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** finish when done; block when past its end; normal while doing; unstart otherwise. */
export function deriveScheduleStatus(input: {
  state: YearTaskState;
  endDate: string;
  today: string;
}): ScheduleStatus {
  if (input.state === 'done') return 'finish';
  if (input.today > input.endDate) return 'block';
  if (input.state === 'doing') return 'normal';
  return 'unstart';
}

/**
 * DESIGN §7. Overdue (final): the end date has passed and the task or node is not finished. Process: the
 * end date is today or within `days` days and no final report has passed (it is not finished).
 */
export function warningOf(input: {
  endDate: string;
  today: string;
  isDone: boolean;
  days?: number;
}): GoalWarningType | null {
  if (input.isDone) return null;
  const left = daysBetween(input.today, input.endDate);
  if (left < 0) return 'final';
  if (left <= (input.days ?? DEFAULT_WARNING_DAYS)) return 'process';
  return null;
}

export interface WarningCounts {
  processWarningCount: number;
  expiredWarningCount: number;
  totalWarningCount: number;
}
export function countWarnings(types: ReadonlyArray<GoalWarningType | null>): WarningCounts {
  const processWarningCount = types.filter((t) => t === 'process').length;
  const expiredWarningCount = types.filter((t) => t === 'final').length;
  return {
    processWarningCount,
    expiredWarningCount,
    totalWarningCount: processWarningCount + expiredWarningCount,
  };
}

// ---------------------------------------------------------------------------------------------------
// task life cycle

/** A task is withdrawn (hidden from its department) only before its decomposition went to audit. */
export function canWithdrawTask(input: {
  auditState: AuditNumber | null;
  isWithdrawn: boolean;
}): Transition<true> {
  if (input.isWithdrawn) return refuse('任务已撤回');
  if (input.auditState === 0 || input.auditState === 1) return refuse('任务分解已提交审核，不能撤回');
  return to(true);
}
export function canRepublishTask(isWithdrawn: boolean): Transition<false> {
  return isWithdrawn ? to(false) : refuse('任务未撤回，无需重新下发');
}

/** Deleting is for tasks nobody has started: no node beyond notPushed/goBack, no sub-task. */
export function canDeleteTask(input: {
  nodeStates: readonly NodeState[];
  subTaskCount: number;
}): Transition<true> {
  if (input.subTaskCount > 0) return refuse('请先删除该任务的子任务');
  if (!input.nodeStates.every(isNodeEditable)) return refuse('任务已开始执行，不能删除');
  return to(true);
}
export function canEditTask(state: YearTaskState): Transition<true> {
  return state === 'done' ? refuse('任务已完成，不能修改') : to(true);
}

/** The urge's type moves once, from pending (0) to done (1). */
export function urgeAcceptTransition(from: 0 | 1): Transition<1> {
  return from === 0 ? to(1) : refuse('该督办已处理');
}
