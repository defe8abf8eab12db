import type { Transition } from '@eduqa/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { formatDateTime } from '../../platform/time.ts';

export type In<T extends z.ZodType> = z.output<T>;
export type Paged<T> = { records: T[]; total: number };

export const GOALS_MESSAGES = {
  yearTargetNotFound: '年度目标不存在',
  taskNotFound: '目标任务不存在',
  nodeNotFound: '任务节点不存在',
  progressNotFound: '进度记录不存在',
  delayNotFound: '延期申请不存在',
  fileNotFound: '附件不存在',
  urgeNotFound: '督办不存在',
  needPublisher: '只有年度目标发布者可以执行此操作',
  duplicateYearTarget: '该年度已有同名年度目标',
  yearTargetHasTasks: '年度目标下已有任务，不能删除',
  departmentNotFound: '责任部门不存在',
  principalNotFound: '任务负责人不存在',
  nodePrincipalNotFound: '节点负责人不存在',
  collaboratorNotFound: '协同部门不存在',
  collaboratorIsResponsible: '协同部门不能包含责任部门',
  parentOtherYear: '上级任务须属于同一年度目标',
  parentIsSubTask: '子任务下不能再建子任务',
  parentIsSelf: '不能把任务移到自己下面',
  hasSubTasks: '该任务已有子任务，不能成为子任务',
  subTaskDates: '子任务的起止日期须在上级任务的起止日期之内',
  nodeDates: '节点的起止日期须在任务的起止日期之内',
  taskDatesCoverNodes: '任务的起止日期须包含全部节点的起止日期',
  needDecompose: '只有任务负责人或责任部门负责人可以分解任务',
  needNodePrincipal: '只有节点负责人可以执行此操作',
  needReporter: '只有节点负责人或任务负责人可以上报进度或申请延期',
  needDepartAudit: '只有责任部门的负责人或审核人可以进行部门审核',
  needCreatorAudit: '只有任务创建人可以终审',
  withdrawnTask: '任务已撤回，请先重新下发',
  fileOwnerNotFound: '附件归属对象不存在',
  fileNotYours: '只能关联自己上传的附件',
  departmentNotYours: '只能处理本部门的督办',
  urgeDepartmentNotFound: '督办部门不存在',
  needUrgeTask: '只有责任部门负责人或任务创建人可以催办任务负责人',
} as const;

export const refuse = (message: string) => new AppError('UNPROCESSABLE', message);
export const forbid = (message: string) => new AppError('FORBIDDEN', message);

/** Another request changed the row between our read and our write: the transition is not applied. */
const STALE_MESSAGE = '数据已被他人修改，请刷新后重试';
export function changedOnce(rows: readonly unknown[]) {
  if (rows.length !== 1) throw new AppError('CONFLICT', STALE_MESSAGE);
}

export function check<T>(result: Transition<T>): T {
  if (!result.ok) throw refuse(result.message);
  return result.to;
}

export const time = (value: Date | string | null | undefined) =>
  value === null || value === undefined ? null : formatDateTime(new Date(value));

/** The clock of the goal services; tests pass their own. */
export interface Clock {
  now(): Date;
  today(): string;
}
export function clockOf(now: () => Date = () => new Date()): Clock {
  return { now, today: () => formatDateTime(now())!.slice(0, 10) };
}
