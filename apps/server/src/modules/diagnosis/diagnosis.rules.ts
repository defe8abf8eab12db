import { type PointRule, valueError, zonedTimeToMs } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { DEFAULT_EXCEL_LIMITS } from '../../platform/excel/limits.ts';
import { schoolTimeZone } from '../../platform/time.ts';
import type { DiagnosisAccess } from './diagnosis.access.ts';
import { isManager } from './diagnosis.access.ts';
import type { DiagnosisRepo } from './diagnosis.repo.ts';
import type { RecomputeOptions, RecomputeResult } from './recompute.ts';

/** What every diagnosis service is built from (wired in app.ts). */
export interface DiagnosisDeps {
  repo: DiagnosisRepo;
  access: DiagnosisAccess;
  /** recompute.ts over the app's database: the one place grades, flags and warnings are written. */
  recompute: (options: RecomputeOptions) => Promise<RecomputeResult>;
  now: () => Date;
}

export type Paged<T> = { records: T[]; total: number };

/** An export holds at most the rows an import reads (Excel blocks), so a file can always be opened and read back. */
export const EXPORT_MAX_ROWS = DEFAULT_EXCEL_LIMITS.rows;

export const DIAGNOSIS_MESSAGES = {
  taskNotFound: '诊断任务不存在',
  objectTaskNotFound: '对象任务不存在',
  pointNotFound: '质控点不存在',
  warningNotFound: '预警记录不存在',
  needManage: '只有诊断发布者可以执行此操作',
  needAudit: '只有审核人可以审核质控点',
  needAuditQueue: '只有审核人可以查看待审核',
  yearTaskNeedsRight: '只有诊断发布者或审核人可以查看全部任务',
  dateOrder: '结束日期不能早于开始日期',
  cycleNotFound: '周期不存在',
  levelLocked: '任务已有诊断对象，不能修改诊断层级',
  taskFinished: '任务已结束，不能修改',
  taskPaused: '任务已暂停，不能修改',
  sameState: '任务已是该状态',
  finishedIsFinal: '任务已结束，不能再变更状态',
  wrongLevel: '只能添加与任务层级相同的诊断对象',
  objectNotFound: '诊断对象不存在',
  chargerNotFound: '负责人不存在',
  sharerNotFound: '共享人不存在',
  notAllowChange: '该质控点不允许修改目标值',
  auditLocked: '质控点已提交审核，不能修改',
  submitOnlyDraft: '只有未提交或审核不通过的质控点可以提交审核',
  auditOnlySubmitted: '只有待审核的质控点可以审核',
  alreadyHandled: '该预警已处理，不能重复处理',
} as const;

export const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);
export const invalid = (message: string) => new AppError('VALIDATION', message);

export const emptyToNull = (value: string | undefined | null) => {
  if (value === undefined || value === null) return null;
  const t = value.trim();
  return t === '' ? null : t;
};

export function requireManage(actor: Actor) {
  if (!isManager(actor)) throw new AppError('FORBIDDEN', DIAGNOSIS_MESSAGES.needManage);
}

/** Writing results and recomputing belong to the charger, and to a publisher on their behalf. */
export function requireEditOrManage(actor: Actor, right: 'edit' | 'read') {
  if (right !== 'edit' && !isManager(actor)) throw new AppError('FORBIDDEN');
}

/** A paused or finished task takes no more values. */
export function requireOpenTask(state: string) {
  if (state === 'finished') throw unprocessable(DIAGNOSIS_MESSAGES.taskFinished);
  if (state === 'pause') throw unprocessable(DIAGNOSIS_MESSAGES.taskPaused);
}

export function checkValue(rule: PointRule, raw: string | null, label: string) {
  if (raw === null) return;
  const error = valueError(rule, raw);
  if (error) throw invalid(`${label}：${error}`);
}

/** A sample time without an offset is read on the school's clock. */
export function parseSampleTime(raw: string | undefined, now: Date): Date {
  if (!raw) return now;
  const hasOffset = /([+-]\d{2}:?\d{2}|Z)$/i.test(raw);
  const at = new Date(hasOffset ? raw : zonedTimeToMs(raw, schoolTimeZone()));
  if (Number.isNaN(at.getTime())) throw invalid('采样时间格式不正确');
  return at;
}
