/** 仪表盘类型 (ybplx): what a card draws. */
export const CARD_KINDS = ['number', 'line', 'bar', 'pie', 'table', 'progress', 'iframe'] as const;
export type CardKind = (typeof CARD_KINDS)[number];
export const CARD_KIND_LABELS: Record<CardKind, string> = {
  number: '数字',
  line: '折线图',
  bar: '柱状图',
  pie: '饼图',
  table: '表格',
  progress: '自动采集率',
  iframe: '内嵌页面',
};

/** What feeds a card: a detail algorithm run by the safe runner, a built-in measure, or an address (iframe). */
export const CARD_SOURCES = ['algorithm', 'measure', 'url'] as const;
export type CardSource = (typeof CARD_SOURCES)[number];
export const CARD_SOURCE_LABELS: Record<CardSource, string> = {
  algorithm: '算法',
  measure: '内置指标',
  url: '网址',
};

/** Built-in measures, shared by dashboard cards and the data screen. */
export const MEASURE_KEYS = [
  'pointAttainment',
  'warningsByLevel',
  'warningsByKind',
  'warningsByMonth',
  'goalCompletionByDepartment',
  'collectionRate',
  'peerRank',
  'openTodos',
] as const;
export type MeasureKey = (typeof MEASURE_KEYS)[number];
export const MEASURE_LABELS: Record<MeasureKey, string> = {
  pointAttainment: '质控点达标率',
  warningsByLevel: '预警等级分布',
  warningsByKind: '预警类型分布',
  warningsByMonth: '月度预警数',
  goalCompletionByDepartment: '部门目标任务完成率',
  collectionRate: '自动采集率',
  peerRank: '同类院校排名',
  openTodos: '待办事项',
};

/**
 * The kinds of a warning record, by its quality point's warning mode: a graded one (等级比较, grades A–G)
 * or a result-value one (结果值比较, no grade). 预警类型分布 counts these; 预警等级分布 only the graded.
 */
export const WARNING_KIND_LABELS = { level: '等级预警', result: '结果值预警' } as const;

/** Dashboard owners: a user's own layout, or a role's default. */
export const DASHBOARD_OWNER_KINDS = ['user', 'role'] as const;
export type DashboardOwnerKind = (typeof DASHBOARD_OWNER_KINDS)[number];

/** Dynamic chart panels (spec 2 §2.8): 8 grid units wide, 353 px high. */
export const DYNAMIC_CHART_WIDTH = 8;
export const DYNAMIC_CHART_HEIGHT = 353;
