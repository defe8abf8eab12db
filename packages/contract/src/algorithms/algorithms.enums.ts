/**
 * A version of an algorithm group is a result algorithm (one value per object and cycle, the query's
 * `value` column) or a detail algorithm (the rows of a point's 详细数据 tab, spec 2 §7.2).
 */
export const ALGORITHM_TYPES = ['result', 'detail'] as const;
export type AlgorithmType = (typeof ALGORITHM_TYPES)[number];

export const ALGORITHM_TYPE_LABELS: Record<AlgorithmType, string> = {
  result: '结果算法',
  detail: '详情算法',
};

/** The dynamic chart of spec 2 §7.2 asks for a version by its Chinese type (Type 详情算法): both spellings are accepted. */
export const ALGORITHM_TYPE_BY_LABEL: Record<string, AlgorithmType> = {
  result: 'result',
  detail: 'detail',
  结果算法: 'result',
  详情算法: 'detail',
};

/** A draft can be edited; a published version is immutable (editing it makes a new draft). */
export const ALGORITHM_STATUSES = ['draft', 'published'] as const;
export type AlgorithmStatus = (typeof ALGORITHM_STATUSES)[number];

export const ALGORITHM_STATUS_LABELS: Record<AlgorithmStatus, string> = {
  draft: '草稿',
  published: '已发布',
};

/**
 * The named parameters an algorithm's SQL may use (`:objectId` …); each is bound as a real driver
 * parameter, never pasted into the text.
 */
export const ALGORITHM_PARAMS = [
  'objectId',
  'objectCode',
  'departmentId',
  'cycleStart',
  'cycleEnd',
  'year',
] as const;
export type AlgorithmParamName = (typeof ALGORITHM_PARAMS)[number];

export const ALGORITHM_PARAM_LABELS: Record<AlgorithmParamName, string> = {
  objectId: '诊断对象编号',
  objectCode: '诊断对象代码',
  departmentId: '对象所属部门编号',
  cycleStart: '周期开始日期',
  cycleEnd: '周期结束日期',
  year: '年份',
};

/** Longest SQL text an algorithm may hold. */
export const ALGORITHM_SQL_MAX = 20_000;
