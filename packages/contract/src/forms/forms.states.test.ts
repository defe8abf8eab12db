import { describe, expect, it } from 'vitest';
import { type AllocationState, type CollectTaskState, FILL_STATES, type FillState } from './forms.enums.ts';
import {
  allocate,
  auditAllocation,
  auditFill,
  canEditFill,
  closeOutdatedTask,
  commitFill,
  finishTask,
  pauseTask,
  publishForm,
  resumeTask,
  rollbackAllocation,
  STATE_MESSAGES,
} from './forms.states.ts';

const to = <S>(r: { ok: true; to: S } | { ok: false; message: string }) => (r.ok ? r.to : r.message);

describe('fill tasks', () => {
  const commitOf: Record<FillState, string> = {
    uncommitted: 'unaudited',
    rollback: 'unaudited',
    unaudited: STATE_MESSAGES.fillCommitted,
    finished: STATE_MESSAGES.fillFinished,
  };
  it.each(FILL_STATES)('commit from %s', (state) => {
    expect(to(commitFill({ state, taskState: 'normal' }))).toBe(commitOf[state]);
    expect(canEditFill(state).ok).toBe(state === 'uncommitted' || state === 'rollback');
  });
  it('cannot commit into a paused or finished task', () => {
    expect(to(commitFill({ state: 'uncommitted', taskState: 'pause' }))).toBe(STATE_MESSAGES.taskPaused);
    expect(to(commitFill({ state: 'rollback', taskState: 'finished' }))).toBe(STATE_MESSAGES.taskFinished);
  });
  const auditOf: Record<FillState, [string, string]> = {
    unaudited: ['finished', 'rollback'],
    uncommitted: [STATE_MESSAGES.fillNotCommitted, STATE_MESSAGES.fillNotCommitted],
    rollback: [STATE_MESSAGES.fillRolledBack, STATE_MESSAGES.fillRolledBack],
    finished: [STATE_MESSAGES.fillAlreadyAudited, STATE_MESSAGES.fillAlreadyAudited],
  };
  it.each(FILL_STATES)('audit from %s: pass, and rollback with a reason', (state) => {
    expect(to(auditFill({ state, decision: 'pass', reason: '' }))).toBe(auditOf[state][0]);
    expect(to(auditFill({ state, decision: 'rollback', reason: '学号有误' }))).toBe(auditOf[state][1]);
  });
  it('needs a reason to roll back', () => {
    expect(to(auditFill({ state: 'unaudited', decision: 'rollback', reason: '  ' }))).toBe(
      STATE_MESSAGES.needReason,
    );
  });
});

describe('collection tasks', () => {
  const states: CollectTaskState[] = ['normal', 'pause', 'finished'];
  it.each(states)('pause, resume and finish from %s', (state) => {
    expect(to(pauseTask(state))).toBe(
      { normal: 'pause', pause: STATE_MESSAGES.taskPaused, finished: STATE_MESSAGES.taskFinished }[state],
    );
    expect(to(resumeTask(state))).toBe(
      { normal: STATE_MESSAGES.taskNotPaused, pause: 'normal', finished: STATE_MESSAGES.taskFinished }[state],
    );
    expect(to(finishTask(state))).toBe(state === 'finished' ? STATE_MESSAGES.taskFinished : 'finished');
  });
  it('closes only a task past its deadline', () => {
    const now = new Date('2026-11-26T08:00:00Z');
    expect(to(closeOutdatedTask({ state: 'normal', deadline: new Date('2026-11-25T00:00:00Z'), now }))).toBe(
      'finished',
    );
    expect(to(closeOutdatedTask({ state: 'pause', deadline: new Date('2026-11-25T00:00:00Z'), now }))).toBe(
      'finished',
    );
    expect(to(closeOutdatedTask({ state: 'normal', deadline: new Date('2026-12-01T00:00:00Z'), now }))).toBe(
      STATE_MESSAGES.taskNotOutdated,
    );
  });
});

describe('allocations and forms', () => {
  const states: AllocationState[] = ['unallocated', 'allocated', 'audited'];
  it.each(states)('allocate, audit and roll back from %s', (state) => {
    expect(to(allocate({ state, taskState: 'normal', fillerCount: 1 }))).toBe(
      state === 'audited' ? STATE_MESSAGES.allocationAudited : 'allocated',
    );
    expect(to(auditAllocation({ state, unfinishedFills: 0 }))).toBe(
      {
        unallocated: STATE_MESSAGES.allocationNotAllocated,
        allocated: 'audited',
        audited: STATE_MESSAGES.allocationAudited,
      }[state],
    );
    expect(to(rollbackAllocation({ state, taskState: 'normal', reason: '数据不全' }))).toBe(
      state === 'unallocated' ? STATE_MESSAGES.allocationNotAllocated : 'allocated',
    );
  });
  it('refuses an allocation without fillers, an audit with unfinished fills and a rollback without reason', () => {
    expect(to(allocate({ state: 'unallocated', taskState: 'normal', fillerCount: 0 }))).toBe(
      STATE_MESSAGES.noFillers,
    );
    expect(to(allocate({ state: 'unallocated', taskState: 'pause', fillerCount: 2 }))).toBe(
      STATE_MESSAGES.taskPaused,
    );
    expect(to(auditAllocation({ state: 'allocated', unfinishedFills: 2 }))).toBe(
      STATE_MESSAGES.fillsUnfinished(2),
    );
    expect(to(rollbackAllocation({ state: 'audited', taskState: 'normal', reason: '' }))).toBe(
      STATE_MESSAGES.needReason,
    );
  });
  it('publishes once', () => {
    expect(to(publishForm('unpublished'))).toBe('published');
    expect(to(publishForm('published'))).toBe(STATE_MESSAGES.formPublished);
  });
});
