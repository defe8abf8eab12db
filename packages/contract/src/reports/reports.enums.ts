/** Whose diagnosis a quality report summarises. */
export const QUALITY_REPORT_SCOPES = ['task', 'objectTask', 'department'] as const;
export type QualityReportScope = (typeof QUALITY_REPORT_SCOPES)[number];
export const QUALITY_REPORT_SCOPE_LABELS: Record<QualityReportScope, string> = {
  task: '任务汇总分析',
  objectTask: '对象分析报告',
  department: '部门汇总分析',
};

/** The review life of a quality report (report-states.ts). */
export const QUALITY_REPORT_STATES = [
  'draft',
  'submitted',
  'expertReview',
  'schoolReview',
  'done',
  'rejected',
] as const;
export type QualityReportState = (typeof QUALITY_REPORT_STATES)[number];
export const QUALITY_REPORT_STATE_LABELS: Record<QualityReportState, string> = {
  draft: '草稿',
  submitted: '待分配专家',
  expertReview: '专家评审中',
  schoolReview: '学校审核中',
  done: '已完成',
  rejected: '已驳回',
};

/** 复核结果 (fhjg) of an expert or school review: it chooses the seal printed on the report. */
export const REVIEW_RESULTS = ['excellent', 'qualified', 'unqualified'] as const;
export type ReviewResult = (typeof REVIEW_RESULTS)[number];
export const REVIEW_RESULT_LABELS: Record<ReviewResult, string> = {
  excellent: '优秀',
  qualified: '合格',
  unqualified: '不合格',
};

export const SEAL_KINDS = ['expert', 'school'] as const;
export type SealKind = (typeof SEAL_KINDS)[number];
export const SEAL_KIND_LABELS: Record<SealKind, string> = { expert: '专家评审章', school: '学校审核章' };

/** Whether an expert is the school's own (校内专家, role 201907318) or from outside (校外专家, 201907319). */
export const EXPERT_KINDS = ['inSchool', 'outside'] as const;
export type ExpertKind = (typeof EXPERT_KINDS)[number];
export const EXPERT_KIND_LABELS: Record<ExpertKind, string> = { inSchool: '校内', outside: '校外' };

export const REVIEW_KINDS = ['expert', 'school', 'reject'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export const REVIEW_KIND_LABELS: Record<ReviewKind, string> = {
  expert: '专家评审',
  school: '学校审核',
  reject: '驳回',
};

/** The sections of the overview; a template orders, titles and checks them. */
export const REPORT_SECTIONS = ['points', 'completion', 'warnings', 'improvement', 'explain'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];
export const REPORT_SECTION_LABELS: Record<ReportSection, string> = {
  points: '质控点分析',
  completion: '任务完成进度',
  warnings: '预警分析',
  improvement: '改进成效',
  explain: '自我诊断总结',
};

/** The tables a clickable count opens (spec 2 §2.7). */
export const REPORT_TABLES = ['points', 'below', 'unfinished', 'warnings'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];
export const REPORT_TABLE_LABELS: Record<ReportTable, string> = {
  points: '目标监测统计',
  below: '未达标指标统计',
  unfinished: '未完成目标统计',
  warnings: '预警记录',
};

/** 改进成效: how this cycle's value moved against last cycle's, in the point's direction. */
export const IMPROVEMENT_TRENDS = ['improved', 'unchanged', 'worse', 'unknown'] as const;
export type ImprovementTrend = (typeof IMPROVEMENT_TRENDS)[number];
export const IMPROVEMENT_TREND_LABELS: Record<ImprovementTrend, string> = {
  improved: '改善',
  unchanged: '持平',
  worse: '退步',
  unknown: '暂无结果',
};

/** The five fixed colours of the report's pies (spec 2 §9), in order. */
export const REPORT_PIE_COLORS = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de'] as const;
/** Pie legend names are cut at this many characters (spec 2 §9). */
export const PIE_LEGEND_MAX = 7;

export const QUALITY_REPORT_TEXT_MAX = {
  name: 60,
  opinion: 1000,
  discussion: 1000,
  explainName: 60,
  explainText: 2000,
  coverTitle: 60,
  coverSubtitle: 60,
  schoolName: 60,
} as const;
export const REPORT_EXPLAIN_MAX_ITEMS = 20;
export const REPORT_SCORE_MAX = 100;
