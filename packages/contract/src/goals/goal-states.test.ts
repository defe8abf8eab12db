import { describe, expect, it } from 'vitest';
import {
  canDeleteTask,
  canEditTask,
  canPushNodes,
  canReportProgress,
  canRepublishTask,
  canRequestDelay,
  canWithdrawTask,
  countWarnings,
  daysBetween,
  delayAuditTransition,
  deriveScheduleStatus,
  deriveYearTaskState,
  isNodeEditable,
  isProgressOpen,
  nodeEventOfProgressAudit,
  nodeEventsFrom,
  nodeTransition,
  progressAuditTransition,
  taskAuditTransition,
  urgeAcceptTransition,
  warningOf,
} from './goal-states.ts';
import {
  AUDIT_DECISIONS,
  AUDIT_NUMBERS,
  type AuditNumber,
  NODE_EVENTS,
  NODE_STATES,
  type NodeEvent,
  type NodeState,
  PROGRESS_AUDIT_DECISIONS,
  PROGRESS_AUDIT_STATES,
  type ProgressAuditDecision,
  type ProgressAuditState,
  TASK_AUDIT_ACTIONS,
  type TaskAuditAction,
} from './goals.enums.ts';

/** Every legal node transition; everything else must be refused. */
const LEGAL_NODE: ReadonlyArray<[NodeState, NodeEvent, NodeState]> = [
  ['notPushed', 'push', 'waitAccept'],
  ['waitAccept', 'withdraw', 'notPushed'],
  ['waitAccept', 'accept', 'waitResolve'],
  ['waitAccept', 'goBack', 'goBack'],
  ['goBack', 'push', 'waitAccept'],
  ['goBack', 'withdraw', 'notPushed'],
  ['waitResolve', 'resolve', 'waitDefine'],
  ['waitDefine', 'define', 'executeing'],
  ['waitDefine', 'redefine', 'waitResolve'],
  ['executeing', 'finish', 'hasDone'],
  ['executeing', 'delay', 'delayNotDone'],
  ['delayNotDone', 'finish', 'delayDone'],
  ['delayNotDone', 'delay', 'delayNotDone'],
];

describe('node transitions', () => {
  for (const from of NODE_STATES) {
    for (const event of NODE_EVENTS) {
      const legal = LEGAL_NODE.find(([f, e]) => f === from && e === event);
      if (legal) {
        it(`${from} --${event}--> ${legal[2]}`, () => {
          expect(nodeTransition(from, event)).toEqual({ ok: true, to: legal[2] });
        });
      } else {
        it(`refuses ${event} from ${from} with a Chinese message`, () => {
          const result = nodeTransition(from, event);
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.message).toMatch(/^节点当前状态为“.+”，不能.+$/);
        });
      }
    }
  }

  it('lists the legal events of a state', () => {
    expect(nodeEventsFrom('waitAccept')).toEqual(['withdraw', 'accept', 'goBack']);
    expect(nodeEventsFrom('hasDone')).toEqual([]);
  });

  it('names the state and the action in the refusal', () => {
    expect(nodeTransition('hasDone', 'push')).toEqual({
      ok: false,
      message: '节点当前状态为“已完成”，不能推送',
    });
  });

  it('lets only unpushed or returned nodes be edited', () => {
    expect(NODE_STATES.filter(isNodeEditable)).toEqual(['notPushed', 'goBack']);
  });
});

describe('progress reporting', () => {
  for (const nodeState of NODE_STATES) {
    const executing = nodeState === 'executeing' || nodeState === 'delayNotDone';
    it(`${executing ? 'accepts' : 'refuses'} a report on a ${nodeState} node`, () => {
      expect(canReportProgress({ nodeState, hasOpenReport: false }).ok).toBe(executing);
    });
  }
  it('refuses a second report while one is under audit', () => {
    expect(canReportProgress({ nodeState: 'executeing', hasOpenReport: true })).toEqual({
      ok: false,
      message: '该节点已有审核中的进度，请等待审核后再上报',
    });
  });
});

const LEGAL_PROGRESS: ReadonlyArray<[ProgressAuditState, ProgressAuditDecision, ProgressAuditState]> = [
  ['reviewing', 'childPass', 'childPass'],
  ['reviewing', 'pass', 'pass'],
  ['reviewing', 'reject', 'reject'],
  ['childPass', 'pass', 'pass'],
  ['childPass', 'reject', 'reject'],
];

describe('progress audit transitions', () => {
  for (const from of PROGRESS_AUDIT_STATES) {
    for (const decision of PROGRESS_AUDIT_DECISIONS) {
      const legal = LEGAL_PROGRESS.find(([f, d]) => f === from && d === decision);
      if (legal) {
        it(`${from} --${decision}--> ${legal[2]}`, () => {
          expect(progressAuditTransition(from, decision)).toEqual({ ok: true, to: legal[2] });
        });
      } else {
        it(`refuses ${decision} from ${from}`, () => {
          const result = progressAuditTransition(from, decision);
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.message).toMatch(/^进度当前为“.+”，不能.+$/);
        });
      }
    }
  }
  it('keeps reviewing and childPass open', () => {
    expect(PROGRESS_AUDIT_STATES.filter(isProgressOpen)).toEqual(['reviewing', 'childPass']);
  });
  it('finishes the node only when a final report passes', () => {
    expect(nodeEventOfProgressAudit('final', 'pass')).toBe('finish');
    expect(nodeEventOfProgressAudit('final', 'childPass')).toBeNull();
    expect(nodeEventOfProgressAudit('final', 'reject')).toBeNull();
    expect(nodeEventOfProgressAudit('process', 'pass')).toBeNull();
  });
});

const LEGAL_TASK_AUDIT: ReadonlyArray<[AuditNumber | null, TaskAuditAction, AuditNumber]> = [
  [null, 'submit', 0],
  [2, 'submit', 0],
  [0, 'pass', 1],
  [0, 'fail', 2],
];

describe('task decomposition audit', () => {
  for (const from of [null, ...AUDIT_NUMBERS] as const) {
    for (const action of TASK_AUDIT_ACTIONS) {
      const legal = LEGAL_TASK_AUDIT.find(([f, a]) => f === from && a === action);
      if (legal) {
        it(`${String(from)} --${action}--> ${legal[2]}`, () => {
          expect(taskAuditTransition(from, action)).toEqual({ ok: true, to: legal[2] });
        });
      } else {
        it(`refuses ${action} from ${String(from)}`, () => {
          const result = taskAuditTransition(from, action);
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.message).toMatch(/^任务分解当前为“.+”，不能.+$/);
        });
      }
    }
  }
  it('refuses to submit a task without nodes', () => {
    expect(taskAuditTransition(null, 'submit', { nodeCount: 0 })).toEqual({
      ok: false,
      message: '请先分解任务节点再提交审核',
    });
  });
  it('pushes nodes only after the decomposition passed', () => {
    expect([null, ...AUDIT_NUMBERS].filter((s) => canPushNodes(s))).toEqual([1]);
  });
});

describe('delay requests', () => {
  for (const from of AUDIT_NUMBERS) {
    for (const decision of AUDIT_DECISIONS) {
      it(`${from === 0 ? 'audits' : 'refuses to audit'} a delay in state ${from} with ${decision}`, () => {
        const result = delayAuditTransition(from, decision);
        if (from === 0) expect(result).toEqual({ ok: true, to: decision });
        else expect(result.ok).toBe(false);
      });
    }
  }
  const base = { hasPendingDelay: false, currentEndDate: '2026-06-30', requestedEndDate: '2026-07-31' };
  for (const nodeState of NODE_STATES) {
    const executing = nodeState === 'executeing' || nodeState === 'delayNotDone';
    it(`${executing ? 'accepts' : 'refuses'} a delay request on a ${nodeState} node`, () => {
      expect(canRequestDelay({ ...base, nodeState }).ok).toBe(executing);
    });
  }
  it('refuses a second pending request and an end that is not later', () => {
    expect(canRequestDelay({ ...base, nodeState: 'executeing', hasPendingDelay: true })).toEqual({
      ok: false,
      message: '该节点已有待审核的延期申请',
    });
    expect(canRequestDelay({ ...base, nodeState: 'executeing', requestedEndDate: '2026-06-30' })).toEqual({
      ok: false,
      message: '延期后的结束日期必须晚于当前结束日期',
    });
  });
});

describe('yearly task state', () => {
  it('waits for a decomposition that passed audit', () => {
    expect(deriveYearTaskState({ auditState: 1, nodeStates: [] })).toBe('waitResolve');
    expect(deriveYearTaskState({ auditState: null, nodeStates: ['notPushed'] })).toBe('waitResolve');
    expect(deriveYearTaskState({ auditState: 0, nodeStates: ['notPushed'] })).toBe('waitResolve');
    expect(deriveYearTaskState({ auditState: 2, nodeStates: ['notPushed'] })).toBe('waitResolve');
  });
  it('is resolved until a node executes', () => {
    for (const s of ['notPushed', 'waitAccept', 'waitResolve', 'goBack', 'waitDefine'] as const) {
      expect(deriveYearTaskState({ auditState: 1, nodeStates: [s] })).toBe('hasResolved');
    }
  });
  it('is doing while a node executes or some are finished', () => {
    expect(deriveYearTaskState({ auditState: 1, nodeStates: ['executeing'] })).toBe('doing');
    expect(deriveYearTaskState({ auditState: 1, nodeStates: ['delayNotDone'] })).toBe('doing');
    expect(deriveYearTaskState({ auditState: 1, nodeStates: ['hasDone', 'waitAccept'] })).toBe('doing');
  });
  it('is done when every node is finished', () => {
    expect(deriveYearTaskState({ auditState: 1, nodeStates: ['hasDone', 'delayDone'] })).toBe('done');
  });
});

describe('schedule status', () => {
  const today = '2026-05-10';
  it('derives each status', () => {
    expect(deriveScheduleStatus({ state: 'done', endDate: '2026-01-01', today })).toBe('finish');
    expect(deriveScheduleStatus({ state: 'doing', endDate: '2026-05-09', today })).toBe('block');
    expect(deriveScheduleStatus({ state: 'waitResolve', endDate: '2026-05-09', today })).toBe('block');
    expect(deriveScheduleStatus({ state: 'doing', endDate: '2026-05-10', today })).toBe('normal');
    expect(deriveScheduleStatus({ state: 'hasResolved', endDate: '2026-06-10', today })).toBe('unstart');
    expect(deriveScheduleStatus({ state: 'waitResolve', endDate: '2026-06-10', today })).toBe('unstart');
  });
});

describe('goal warnings', () => {
  const today = '2026-05-10';
  it('counts days across months and years', () => {
    expect(daysBetween('2026-05-10', '2026-05-25')).toBe(15);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-05-10', '2026-05-09')).toBe(-1);
  });
  it('warns in process within 15 days by default, inclusive', () => {
    expect(warningOf({ endDate: '2026-05-25', today, isDone: false })).toBe('process');
    expect(warningOf({ endDate: '2026-05-10', today, isDone: false })).toBe('process');
    expect(warningOf({ endDate: '2026-05-26', today, isDone: false })).toBeNull();
  });
  it('uses the configured number of days', () => {
    expect(warningOf({ endDate: '2026-05-26', today, isDone: false, days: 30 })).toBe('process');
    expect(warningOf({ endDate: '2026-05-12', today, isDone: false, days: 1 })).toBeNull();
  });
  it('marks a past end date as overdue', () => {
    expect(warningOf({ endDate: '2026-05-09', today, isDone: false })).toBe('final');
  });
  it('never warns about a finished task', () => {
    expect(warningOf({ endDate: '2026-05-09', today, isDone: true })).toBeNull();
    expect(warningOf({ endDate: '2026-05-12', today, isDone: true })).toBeNull();
  });
  it('totals process and overdue warnings', () => {
    expect(countWarnings(['process', 'final', null, 'final'])).toEqual({
      processWarningCount: 1,
      expiredWarningCount: 2,
      totalWarningCount: 3,
    });
  });
});

describe('task life cycle', () => {
  it('withdraws a task only before its decomposition went to audit', () => {
    expect(canWithdrawTask({ auditState: null, isWithdrawn: false }).ok).toBe(true);
    expect(canWithdrawTask({ auditState: 2, isWithdrawn: false }).ok).toBe(true);
    expect(canWithdrawTask({ auditState: 0, isWithdrawn: false }).ok).toBe(false);
    expect(canWithdrawTask({ auditState: 1, isWithdrawn: false }).ok).toBe(false);
    expect(canWithdrawTask({ auditState: null, isWithdrawn: true })).toEqual({
      ok: false,
      message: '任务已撤回',
    });
    expect(canRepublishTask(true).ok).toBe(true);
    expect(canRepublishTask(false).ok).toBe(false);
  });
  it('deletes only unstarted tasks without sub-tasks', () => {
    expect(canDeleteTask({ nodeStates: ['notPushed', 'goBack'], subTaskCount: 0 }).ok).toBe(true);
    expect(canDeleteTask({ nodeStates: ['waitAccept'], subTaskCount: 0 }).ok).toBe(false);
    expect(canDeleteTask({ nodeStates: [], subTaskCount: 1 })).toEqual({
      ok: false,
      message: '请先删除该任务的子任务',
    });
  });
  it('edits any task that is not done', () => {
    expect(canEditTask('doing').ok).toBe(true);
    expect(canEditTask('done').ok).toBe(false);
  });
  it('accepts an urge once', () => {
    expect(urgeAcceptTransition(0)).toEqual({ ok: true, to: 1 });
    expect(urgeAcceptTransition(1)).toEqual({ ok: false, message: '该督办已处理' });
  });
});
