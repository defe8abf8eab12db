import type { ReportAuditDecision, ReportState } from './goal-reports.enums.ts';

/**
 * The audit life of a target report, in one pure module: which action is legal in which state, with the
 * Chinese refusal the server answers otherwise.
 */

export type ReportTransition = { ok: true; to: ReportState } | { ok: false; message: string };

export const REPORT_MESSAGES = {
  submittedLocked: '报告已提交审核，审核完成前不能修改',
  passedLocked: '报告已审核通过，不能再修改',
  alreadySubmitted: '报告已提交，正在等待审核',
  needLevel: '请先选择自评等级',
  needDocument: '请先生成报告',
  notSubmitted: '报告尚未提交审核',
  alreadyAudited: '报告已审核，不能重复审核',
  needOpinion: '请填写驳回意见',
  generating: '报告正在生成，请稍候',
} as const;

/** Self level, template and regeneration: only while the report is a draft or was rejected. */
export function canChangeReport(state: ReportState): { ok: true } | { ok: false; message: string } {
  if (state === 'submitted') return { ok: false, message: REPORT_MESSAGES.submittedLocked };
  if (state === 'passed') return { ok: false, message: REPORT_MESSAGES.passedLocked };
  return { ok: true };
}

export function submitReport(input: {
  state: ReportState;
  hasLevel: boolean;
  hasDocument: boolean;
}): ReportTransition {
  if (input.state === 'submitted') return { ok: false, message: REPORT_MESSAGES.alreadySubmitted };
  if (input.state === 'passed') return { ok: false, message: REPORT_MESSAGES.passedLocked };
  if (!input.hasLevel) return { ok: false, message: REPORT_MESSAGES.needLevel };
  if (!input.hasDocument) return { ok: false, message: REPORT_MESSAGES.needDocument };
  return { ok: true, to: 'submitted' };
}

export function auditReport(input: {
  state: ReportState;
  decision: ReportAuditDecision;
  opinion: string;
}): ReportTransition {
  if (input.state === 'draft') return { ok: false, message: REPORT_MESSAGES.notSubmitted };
  if (input.state !== 'submitted') return { ok: false, message: REPORT_MESSAGES.alreadyAudited };
  if (input.decision === 'reject' && input.opinion.trim() === '') {
    return { ok: false, message: REPORT_MESSAGES.needOpinion };
  }
  return { ok: true, to: input.decision === 'pass' ? 'passed' : 'rejected' };
}
