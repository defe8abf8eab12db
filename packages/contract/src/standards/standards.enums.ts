/**
 * The target-indicator option sets of spec 1 §3. Wire values are the spec's own words; the labels are
 * what the screens show.
 */
export const OBJECT_LEVELS = ['school', 'major', 'course', 'teacher', 'student'] as const;
export type ObjectLevel = (typeof OBJECT_LEVELS)[number];
export const OBJECT_LEVEL_LABELS: Record<ObjectLevel, string> = {
  school: '学校',
  major: '专业',
  course: '课程',
  teacher: '教师',
  student: '学生',
};

export const DIMENSIONS = [
  'school',
  'college',
  'major',
  'course',
  'class',
  'teacher',
  'student',
  'department',
  'teachingTeam',
  'special',
  'professional',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export const DIMENSION_LABELS: Record<Dimension, string> = {
  school: '学校',
  college: '学院',
  major: '专业',
  course: '课程',
  class: '班级',
  teacher: '教师',
  student: '学生',
  department: '部门',
  teachingTeam: '教学团队',
  special: '专项',
  professional: '专业群',
};

export const PERIODS = ['year', 'academicYear', 'term', 'periodOfTime', 'pointOfTime'] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<Period, string> = {
  year: '自然年',
  academicYear: '学年',
  term: '学期',
  periodOfTime: '时间段',
  pointOfTime: '时间点',
};

/** '>' bigger is better, '<' smaller is better. */
export const DIRECTIONS = ['>', '<'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const DIRECTION_LABELS: Record<Direction, string> = { '>': '越大越好', '<': '越小越好' };

export const DATA_TYPES = ['integer', 'float', 'percent', 'whether', 'have'] as const;
export type DataType = (typeof DATA_TYPES)[number];
export const isDataType = (value: string): value is DataType =>
  (DATA_TYPES as readonly string[]).includes(value);
export const DATA_TYPE_LABELS: Record<DataType, string> = {
  integer: '整数',
  float: '小数',
  percent: '百分比',
  whether: '是否',
  have: '有无',
};

export const CALC_MODES = ['level', 'result'] as const;
export type CalcMode = (typeof CALC_MODES)[number];
export const CALC_MODE_LABELS: Record<CalcMode, string> = { level: '等级', result: '结果值' };

export const SAMPLING_PERIODS = ['month', 'week', 'day', 'no'] as const;
export type SamplingPeriod = (typeof SAMPLING_PERIODS)[number];
export const SAMPLING_PERIOD_LABELS: Record<SamplingPeriod, string> = {
  month: '月',
  week: '周',
  day: '日',
  no: '不采样',
};

/** The six flags of a quality point. */
export const POINT_FLAGS = [
  'isQuantitative',
  'isJoin',
  'hideNoReachTarget',
  'hideNoCompleteTarget',
  'notAllowChange',
  'isFilePoint',
] as const;
export type PointFlag = (typeof POINT_FLAGS)[number];
export const POINT_FLAG_LABELS: Record<PointFlag, string> = {
  isQuantitative: '是否定量',
  isJoin: '是否参与计算',
  hideNoReachTarget: '隐藏未达标',
  hideNoCompleteTarget: '隐藏未完成',
  notAllowChange: '不允许修改目标值',
  isFilePoint: '文件类质控点',
};

export const WARNING_MODES = ['result', 'level'] as const;
export type WarningMode = (typeof WARNING_MODES)[number];
export const WARNING_MODE_LABELS: Record<WarningMode, string> = { result: '结果值比较', level: '等级比较' };

export const WARNING_CONDITIONS = ['<', '<=', '=', '>=', '>'] as const;
export type WarningCondition = (typeof WARNING_CONDITIONS)[number];

export const GRADES = ['A', 'B', 'C', 'D', 'Y', 'N'] as const;
export type Grade = (typeof GRADES)[number];
/** Level grades: A excellent, B good, C average, D not done. */
export const GRADE_LABELS: Record<Grade, string> = {
  A: '优秀',
  B: '良好',
  C: '一般',
  D: '未完成',
  Y: '是',
  N: '否',
};
export const LEVEL_GRADES = ['A', 'B', 'C', 'D'] as const;
export type LevelGrade = (typeof LEVEL_GRADES)[number];
export const WARNING_GRADES = ['A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type WarningGrade = (typeof WARNING_GRADES)[number];

export const COLLECTION_METHODS = ['report', 'algorithm', 'sql', 'interface'] as const;
export type CollectionMethod = (typeof COLLECTION_METHODS)[number];
export const COLLECTION_METHOD_LABELS: Record<CollectionMethod, string> = {
  report: '填报',
  algorithm: '算法',
  sql: 'SQL',
  interface: '接口',
};

export const DISPLAY_MODES = ['table', 'pie', 'histogram', 'line', 'file'] as const;
export type DisplayMode = (typeof DISPLAY_MODES)[number];
export const DISPLAY_MODE_LABELS: Record<DisplayMode, string> = {
  table: '表格',
  pie: '饼图',
  histogram: '柱状图',
  line: '折线图',
  file: '文件',
};

/** The 21 icon choices for indicator categories. */
export const CATEGORY_ICONS = [
  'school',
  'major',
  'course',
  'student',
  'teacher',
  'data',
  'analysis',
  'overview',
  'query',
  'smart',
  'target',
  'quality',
  'report',
  'warning',
  'diagnosis',
  'resource',
  'international',
  'service',
  'policy',
  'team',
  'other',
] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

/** Spec 1 §9: indicator category name → the table its data lives in. */
export const CATEGORY_TABLE_NAMES: Readonly<Record<string, string>> = {
  人才培养: 'scorecard',
  教学条件: 'resource table',
  国际交流: 'international influence table',
  社会服务: 'service contribution table',
  政策落实: 'policy implementation table',
};

/** What each category icon shows, for the icon picker and the Excel template. */
export const CATEGORY_ICON_LABELS: Record<CategoryIcon, string> = {
  school: '学校',
  major: '专业',
  course: '课程',
  student: '学生',
  teacher: '教师',
  data: '数据',
  analysis: '分析',
  overview: '概览',
  query: '查询',
  smart: '智能',
  target: '目标',
  quality: '质量',
  report: '报告',
  warning: '预警',
  diagnosis: '诊断',
  resource: '资源',
  international: '国际',
  service: '服务',
  policy: '政策',
  team: '团队',
  other: '其他',
};
