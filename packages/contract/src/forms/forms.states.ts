import type { AllocationState, CollectTaskState, FillState, FormPublishState } from './forms.enums.ts';

/**
 * The life of forms, collection tasks, allocations and fill tasks in one pure module: which action is
 * legal in which state, with the Chinese refusal the server answers otherwise. The server applies each
 * transition from the state it read, so two racing actions cannot both pass.
 */

export type FormTransition<S> = { ok: true; to: S } | { ok: false; message: string };

export const STATE_MESSAGES = {
  formPublished: '表单已发布',
  formNotPublished: '表单尚未发布，不能用于采集任务',
  taskPaused: '采集任务已暂停，暂不能填报',
  taskFinished: '采集任务已结束',
  taskNotPaused: '采集任务未暂停',
  taskNotOutdated: '采集任务尚未到截止时间',
  noFillers: '请选择填报人',
  allocationAudited: '该部门的采集数据已审核，不能再分配',
  allocationNotAllocated: '该部门尚未分配填报人',
  fillsUnfinished: (count: number) => `还有 ${count} 个填报任务未审核通过，不能审核`,
  needReason: '请填写退回原因',
  fillCommitted: '已提交，等待审核，不能修改',
  fillFinished: '已审核通过，不能修改',
  fillNotCommitted: '尚未提交，不能审核',
  fillAlreadyAudited: '已审核，不能重复审核',
  fillRolledBack: '已退回填报人修改，等待重新提交',
} as const;

const refuse = <S>(message: string): FormTransition<S> => ({ ok: false, message });

// 表单

export function publishForm(state: FormPublishState): FormTransition<FormPublishState> {
  return state === 'published' ? refuse(STATE_MESSAGES.formPublished) : { ok: true, to: 'published' };
}

// 采集任务

/** Filling and allocating need an open task. */
export function checkTaskOpen(state: CollectTaskState): { ok: true } | { ok: false; message: string } {
  if (state === 'pause') return { ok: false, message: STATE_MESSAGES.taskPaused };
  if (state === 'finished') return { ok: false, message: STATE_MESSAGES.taskFinished };
  return { ok: true };
}

export function pauseTask(state: CollectTaskState): FormTransition<CollectTaskState> {
  const open = checkTaskOpen(state);
  return open.ok ? { ok: true, to: 'pause' } : open;
}

export function resumeTask(state: CollectTaskState): FormTransition<CollectTaskState> {
  if (state === 'finished') return refuse(STATE_MESSAGES.taskFinished);
  if (state !== 'pause') return refuse(STATE_MESSAGES.taskNotPaused);
  return { ok: true, to: 'normal' };
}

export function finishTask(state: CollectTaskState): FormTransition<CollectTaskState> {
  return state === 'finished' ? refuse(STATE_MESSAGES.taskFinished) : { ok: true, to: 'finished' };
}

/** closeOutdatedTask: an open or paused task past its deadline is finished. */
export function closeOutdatedTask(input: {
  state: CollectTaskState;
  deadline: Date;
  now: Date;
}): FormTransition<CollectTaskState> {
  if (input.state === 'finished') return refuse(STATE_MESSAGES.taskFinished);
  if (input.deadline.getTime() > input.now.getTime()) return refuse(STATE_MESSAGES.taskNotOutdated);
  return { ok: true, to: 'finished' };
}

// 任务分配（部门）

/** The department head names (or changes) the department's fillers. */
export function allocate(input: {
  state: AllocationState;
  taskState: CollectTaskState;
  fillerCount: number;
}): FormTransition<AllocationState> {
  const open = checkTaskOpen(input.taskState);
  if (!open.ok) return open;
  if (input.state === 'audited') return refuse(STATE_MESSAGES.allocationAudited);
  if (input.fillerCount === 0) return refuse(STATE_MESSAGES.noFillers);
  return { ok: true, to: 'allocated' };
}

/** auditTaskAllocationById: the data manager accepts a department once every fill task passed. */
export function auditAllocation(input: {
  state: AllocationState;
  unfinishedFills: number;
}): FormTransition<AllocationState> {
  if (input.state === 'audited') return refuse(STATE_MESSAGES.allocationAudited);
  if (input.state === 'unallocated') return refuse(STATE_MESSAGES.allocationNotAllocated);
  if (input.unfinishedFills > 0) return refuse(STATE_MESSAGES.fillsUnfinished(input.unfinishedFills));
  return { ok: true, to: 'audited' };
}

/** rollbackTaskAllocationByTaskId: the department's data goes back to its fillers, with a reason. */
export function rollbackAllocation(input: {
  state: AllocationState;
  taskState: CollectTaskState;
  reason: string;
}): FormTransition<AllocationState> {
  if (input.taskState === 'finished') return refuse(STATE_MESSAGES.taskFinished);
  if (input.state === 'unallocated') return refuse(STATE_MESSAGES.allocationNotAllocated);
  if (input.reason.trim() === '') return refuse(STATE_MESSAGES.needReason);
  return { ok: true, to: 'allocated' };
}

// 填报任务

/** Drafts and changes: only while the filler holds the task. */
export function canEditFill(state: FillState): { ok: true } | { ok: false; message: string } {
  if (state === 'unaudited') return { ok: false, message: STATE_MESSAGES.fillCommitted };
  if (state === 'finished') return { ok: false, message: STATE_MESSAGES.fillFinished };
  return { ok: true };
}

export function commitFill(input: {
  state: FillState;
  taskState: CollectTaskState;
}): FormTransition<FillState> {
  const open = checkTaskOpen(input.taskState);
  if (!open.ok) return open;
  const editable = canEditFill(input.state);
  return editable.ok ? { ok: true, to: 'unaudited' } : editable;
}

export function auditFill(input: {
  state: FillState;
  decision: 'pass' | 'rollback';
  reason: string;
}): FormTransition<FillState> {
  if (input.state === 'uncommitted') return refuse(STATE_MESSAGES.fillNotCommitted);
  if (input.state === 'rollback') return refuse(STATE_MESSAGES.fillRolledBack);
  if (input.state === 'finished') return refuse(STATE_MESSAGES.fillAlreadyAudited);
  if (input.decision === 'rollback' && input.reason.trim() === '') return refuse(STATE_MESSAGES.needReason);
  return { ok: true, to: input.decision === 'pass' ? 'finished' : 'rollback' };
}
