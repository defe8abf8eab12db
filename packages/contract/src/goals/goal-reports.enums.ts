import { GRADE_LABELS, LEVEL_GRADES, type LevelGrade } from '../standards/standards.enums.ts';

/**
 * Target reports (目标报告, spec 1 §7 targetReport, targetReportTemplate, targetReportCover): the report of a
 * year target or of one target task, its self-assessed level, its audit and its generated Word document.
 */

/** 自评等级: the level grades of spec 1 §3 (A 优秀, B 良好, C 一般, D 未完成). */
export const REPORT_LEVELS = LEVEL_GRADES;
export type ReportLevel = LevelGrade;
export const REPORT_LEVEL_LABELS: Record<ReportLevel, string> = {
  A: GRADE_LABELS.A,
  B: GRADE_LABELS.B,
  C: GRADE_LABELS.C,
  D: GRADE_LABELS.D,
};

/** 报告状态: draft → submitted → passed | rejected; a rejected report is corrected and submitted again. */
export const REPORT_STATES = ['draft', 'submitted', 'passed', 'rejected'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_STATE_LABELS: Record<ReportState, string> = {
  draft: '草稿',
  submitted: '待审核',
  passed: '审核通过',
  rejected: '已驳回',
};
export const REPORT_STATE_COLORS: Record<ReportState, 'default' | 'processing' | 'success' | 'error'> = {
  draft: 'default',
  submitted: 'processing',
  passed: 'success',
  rejected: 'error',
};

/** 报告对象: the report of a whole year target (the publisher's) or of one task (its department's). */
export const REPORT_SCOPES = ['yearTarget', 'task'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];
export const REPORT_SCOPE_LABELS: Record<ReportScope, string> = {
  yearTarget: '年度目标报告',
  task: '任务报告',
};

export const REPORT_AUDIT_DECISIONS = ['pass', 'reject'] as const;
export type ReportAuditDecision = (typeof REPORT_AUDIT_DECISIONS)[number];
export const REPORT_AUDIT_DECISION_LABELS: Record<ReportAuditDecision, string> = {
  pass: '审核通过',
  reject: '驳回',
};

/** 报告生成任务 (the spec's future task): running until done or failed, progress 0–100. */
export const REPORT_JOB_STATES = ['running', 'done', 'failed'] as const;
export type ReportJobState = (typeof REPORT_JOB_STATES)[number];
export const REPORT_JOB_STATE_LABELS: Record<ReportJobState, string> = {
  running: '生成中',
  done: '已生成',
  failed: '生成失败',
};

/** `<year target name>目标报告.docx`; a task's report is named after the task. */
export function reportFileName(subjectName: string): string {
  return `${subjectName}目标报告.docx`;
}
