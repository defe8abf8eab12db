/**
 * The gate's flags on a staged value (issue 12 item 8): no row for the object, a row whose value is
 * null, a value outside the point's plausible range, a value far from the object's own history, and a
 * collection that failed for this object (the algorithm or the endpoint answered an error).
 */
export const GATE_FLAGS = ['missing', 'null', 'range', 'outlier', 'error'] as const;
export type GateFlag = (typeof GATE_FLAGS)[number];
export const GATE_FLAG_LABELS: Record<GateFlag, string> = {
  missing: '无数据',
  null: '空值',
  range: '超出合理范围',
  outlier: '偏离历史',
  error: '采集出错',
};

/** running → gate (待确认) → applied | discarded; failed when the job itself failed. */
export const RUN_STATES = ['running', 'gate', 'applied', 'discarded', 'failed'] as const;
export type RunState = (typeof RUN_STATES)[number];
export const RUN_STATE_LABELS: Record<RunState, string> = {
  running: '采集中',
  gate: '待确认',
  applied: '已入库',
  discarded: '已放弃',
  failed: '采集失败',
};

/** The collection methods that have a binding: everything but 填报. */
export const BOUND_METHODS = ['algorithm', 'sql', 'interface'] as const;
export type BoundMethod = (typeof BOUND_METHODS)[number];

/** The job kind of a computed run; stored with every job row, so it keeps the module's former name. */
export const COMPUTED_RUN_JOB = 'collection.run';
