import {
  canPushNodes,
  canReportProgress,
  canWithdrawTask,
  isNodeEditable,
  isNodeExecuting,
  isProgressOpen,
  MANUAL_NODE_EVENTS,
  type ManualNodeEvent,
  NODE_EVENT_ACTORS,
  nodeEventsFrom,
  type ProgressAuditDecision,
  progressAuditTransition,
  type TaskAuditAction,
  taskAuditTransition,
} from '@eduqa/contract';
import type { DelayRow, NodeRow, ProgressRow, TaskDetailData, TaskRow } from './api.ts';

/**
 * Which buttons a caller sees: the contract's state machines (goal-states.ts) decide what is legal,
 * the task's `rights` and the caller's id who may ask. The server checks both again.
 */

type Rights = TaskDetailData['rights'];

export interface TaskCardActions {
  edit: boolean;
  remove: boolean;
  withdraw: boolean;
  republish: boolean;
}

/** Spec 2 §6: edit and delete only for the creator (isTargetCreator); withdraw before the audit. */
export function taskCardActions(
  task: Pick<TaskRow, 'isTargetCreator' | 'state' | 'auditState' | 'isWithdrawn'>,
): TaskCardActions {
  if (!task.isTargetCreator) return { edit: false, remove: false, withdraw: false, republish: false };
  return {
    edit: task.state !== 'done',
    remove: true,
    withdraw: canWithdrawTask({ auditState: task.auditState, isWithdrawn: task.isWithdrawn }).ok,
    republish: task.isWithdrawn,
  };
}

/** The node events the caller may ask for now, in the state machine's order. */
export function nodeEvents(input: {
  node: Pick<NodeRow, 'state' | 'principalId'>;
  rights: Pick<Rights, 'canDecompose'>;
  auditState: TaskRow['auditState'];
  isWithdrawn: boolean;
  me: string;
}): ManualNodeEvent[] {
  if (input.isWithdrawn) return [];
  const manual = MANUAL_NODE_EVENTS as readonly string[];
  return nodeEventsFrom(input.node.state)
    .filter((event): event is ManualNodeEvent => manual.includes(event))
    .filter((event) => {
      const actor = NODE_EVENT_ACTORS[event];
      if (actor === 'taskPrincipal') {
        if (!input.rights.canDecompose) return false;
        return event !== 'push' || canPushNodes(input.auditState);
      }
      return input.node.principalId === input.me;
    });
}

export interface NodeWork {
  /** Change or delete the node (before it is accepted). */
  edit: boolean;
  reportProgress: boolean;
  requestDelay: boolean;
}

/** What the caller may do with a node besides moving it. */
export function nodeWork(input: {
  node: Pick<NodeRow, 'id' | 'state' | 'principalId'>;
  rights: Pick<Rights, 'canDecompose'>;
  isWithdrawn: boolean;
  progress: readonly Pick<ProgressRow, 'nodeId' | 'auditState'>[];
  delays: readonly Pick<DelayRow, 'nodeId' | 'auditState'>[];
  me: string;
}): NodeWork {
  const { node } = input;
  if (input.isWithdrawn) return { edit: false, reportProgress: false, requestDelay: false };
  const mayReport = node.principalId === input.me || input.rights.canDecompose;
  const hasOpenReport = input.progress.some((p) => p.nodeId === node.id && isProgressOpen(p.auditState));
  const hasPendingDelay = input.delays.some((d) => d.nodeId === node.id && d.auditState === 0);
  return {
    edit: input.rights.canDecompose && isNodeEditable(node.state),
    reportProgress: mayReport && canReportProgress({ nodeState: node.state, hasOpenReport }).ok,
    requestDelay: mayReport && isNodeExecuting(node.state) && !hasPendingDelay,
  };
}

/**
 * The audit decisions on a progress report: the department passes (childPass) or rejects what it
 * reviews; the creator passes or rejects at any open stage.
 */
export function progressDecisions(
  report: Pick<ProgressRow, 'auditState'>,
  rights: Pick<Rights, 'canDepartAudit' | 'canFinalAudit'>,
): ProgressAuditDecision[] {
  const decisions: ProgressAuditDecision[] = [];
  const legal = (d: ProgressAuditDecision) => progressAuditTransition(report.auditState, d).ok;
  if (rights.canDepartAudit && !rights.canFinalAudit && legal('childPass')) decisions.push('childPass');
  if (rights.canFinalAudit && legal('pass')) decisions.push('pass');
  const mayReject = rights.canFinalAudit || (rights.canDepartAudit && report.auditState === 'reviewing');
  if (mayReject && legal('reject')) decisions.push('reject');
  return decisions;
}

/** The decomposition-audit actions: the decomposer submits, the creator passes or fails. */
export function decompositionActions(input: {
  auditState: TaskRow['auditState'];
  nodeCount: number;
  isWithdrawn: boolean;
  rights: Pick<Rights, 'canDecompose' | 'canAuditDecomposition'>;
}): TaskAuditAction[] {
  if (input.isWithdrawn) return [];
  const actions: TaskAuditAction[] = [];
  if (input.rights.canDecompose && taskAuditTransition(input.auditState, 'submit', input).ok) {
    actions.push('submit');
  }
  if (input.rights.canAuditDecomposition && input.auditState === 0) actions.push('pass', 'fail');
  return actions;
}

/** A pending delay request is decided by the task's creator. */
export function canDecideDelay(delay: Pick<DelayRow, 'auditState'>, rights: Pick<Rights, 'canFinalAudit'>) {
  return rights.canFinalAudit && delay.auditState === 0;
}
