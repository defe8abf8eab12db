/**
 * The review life of a quality report, in one pure module (spec 2 §4 "Reports": share, reject, review):
 * draft → submitted → (experts assigned) expertReview → (all experts reviewed) schoolReview → (school
 * review) done; any review step may reject with a reason, and a rejected report is edited and submitted
 * again. The server writes each transition only from the state it was checked in.
 */
import type { QualityReportState } from './reports.enums.ts';

export type QualityReportTransition = { ok: true; to: QualityReportState } | { ok: false; message: string };

export const QUALITY_REPORT_MESSAGES = {
  notFound: '报告不存在',
  locked: '报告已提交评审，不能修改',
  done: '报告已完成评审，不能修改',
  alreadySubmitted: '报告已提交，请勿重复提交',
  notSubmitted: '报告尚未提交',
  needExperts: '请至少选择一位评审专家',
  notExpert: '所选用户不是评审专家',
  notInExpertReview: '报告不在专家评审阶段',
  notAssigned: '您不是该报告的评审专家',
  alreadyReviewed: '您已评审过该报告',
  notInSchoolReview: '报告不在学校审核阶段',
  cannotReject: '只有评审中的报告可以驳回',
  needReason: '请填写驳回原因',
  needOpinion: '请填写评审意见',
  scoreRange: '评分须在0到100之间，最多两位小数',
  noPoints: '该范围内没有质控点，无法生成报告',
  taskNotFound: '诊断任务不存在',
  objectTaskNotFound: '对象任务不存在',
  departmentNotFound: '部门不存在',
  departmentHasNoObjects: '该部门在此任务中没有诊断对象',
  taskHasNoObjects: '该诊断任务没有诊断对象，无法批量生成',
  batchFailed: '生成失败，请重试',
  templateNotFound: '报告模板不存在',
  coverNotFound: '报告封面不存在',
  templateNameTaken: '模板名称已存在',
  sealImage: '印章须为 PNG 或 JPG 图片',
  shareEmpty: '请选择分享的用户或部门',
  generating: '报告正在生成，请稍候',
  noDocument: '请先生成 Word 报告',
  jobNotFound: '报告生成任务不存在',
  discussionClosed: '报告已完成评审，讨论已关闭',
} as const;
const M = QUALITY_REPORT_MESSAGES;

/** Name, template, cover, self-diagnosis items: only while a draft or rejected. */
export function canEditReport(state: QualityReportState): { ok: true } | { ok: false; message: string } {
  if (state === 'draft' || state === 'rejected') return { ok: true };
  return { ok: false, message: state === 'done' ? M.done : M.locked };
}

export function submitQualityReport(state: QualityReportState): QualityReportTransition {
  if (state === 'draft' || state === 'rejected') return { ok: true, to: 'submitted' };
  return { ok: false, message: state === 'done' ? M.done : M.alreadySubmitted };
}

/** Assigning (or changing) the experts: once submitted, before any expert has reviewed. */
export function assignExperts(input: {
  state: QualityReportState;
  experts: number;
  reviewed: number;
}): QualityReportTransition {
  if (input.state === 'draft' || input.state === 'rejected') return { ok: false, message: M.notSubmitted };
  if (input.state !== 'submitted' && !(input.state === 'expertReview' && input.reviewed === 0)) {
    return { ok: false, message: input.state === 'done' ? M.done : M.notInExpertReview };
  }
  if (input.experts === 0) return { ok: false, message: M.needExperts };
  return { ok: true, to: 'expertReview' };
}

/** An assigned expert's review; the last one moves the report on to the school. */
export function expertReview(input: {
  state: QualityReportState;
  isAssigned: boolean;
  hasReviewed: boolean;
  /** Experts still to review, counting this one. */
  pending: number;
}): QualityReportTransition {
  if (input.state !== 'expertReview') return { ok: false, message: M.notInExpertReview };
  if (!input.isAssigned) return { ok: false, message: M.notAssigned };
  if (input.hasReviewed) return { ok: false, message: M.alreadyReviewed };
  return { ok: true, to: input.pending <= 1 ? 'schoolReview' : 'expertReview' };
}

export function schoolReview(state: QualityReportState): QualityReportTransition {
  if (state !== 'schoolReview') return { ok: false, message: M.notInSchoolReview };
  return { ok: true, to: 'done' };
}

export function rejectQualityReport(state: QualityReportState, reason: string): QualityReportTransition {
  if (state !== 'submitted' && state !== 'expertReview' && state !== 'schoolReview') {
    return { ok: false, message: M.cannotReject };
  }
  if (reason.trim() === '') return { ok: false, message: M.needReason };
  return { ok: true, to: 'rejected' };
}

/**
 * The experts' result (the expert seal) from their reviews: the mean score's band when every review has a
 * score — ≥ 85 优秀, ≥ 60 合格, else 不合格 — otherwise the most cautious of their results.
 */
export function expertOutcome(
  reviews: ReadonlyArray<{ result: 'excellent' | 'qualified' | 'unqualified'; score: number | null }>,
): { result: 'excellent' | 'qualified' | 'unqualified'; score: number | null } | null {
  if (reviews.length === 0) return null;
  const scores = reviews.map((r) => r.score);
  if (scores.every((s): s is number => s !== null)) {
    const mean = Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100;
    return { result: mean >= 85 ? 'excellent' : mean >= 60 ? 'qualified' : 'unqualified', score: mean };
  }
  const order = ['unqualified', 'qualified', 'excellent'] as const;
  const worst = reviews.reduce(
    (w, r) => (order.indexOf(r.result) < order.indexOf(w) ? r.result : w),
    reviews[0]!.result,
  );
  return { result: worst, score: null };
}
