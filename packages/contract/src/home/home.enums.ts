/**
 * The kinds of to-do the home workbench counts, in the order it shows them. Diagnosis first (the charger's
 * points, the auditor's queue, warnings), then the goal area (nodes, progress, delays, decompositions,
 * urges, reports). No spec names these: the wire values are English, as the rest of this endpoint.
 */
export const TODO_KINDS = [
  'pointsToFill',
  'pointsRefused',
  'pointsToAudit',
  'warningsToHandle',
  'nodesToAccept',
  'progressToReport',
  'progressToAudit',
  'delaysToDecide',
  'decompositionsToAudit',
  'urgesReceived',
  'reportsToAudit',
  'fillsToFill',
  'fillsRolledBack',
  'fillsToAudit',
  'allocationsToMake',
  'valueChangesToReview',
  'qualityReportsToReview',
] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

/**
 * The goal to-dos the target-task list can keep to (its `todo` filter): the home count's rows and the
 * list's tasks come from one condition per kind (the server's goal-todos.ts).
 */
export const GOAL_TASK_TODOS = [
  'nodesToAccept',
  'progressToReport',
  'progressToAudit',
  'delaysToDecide',
  'decompositionsToAudit',
] as const satisfies readonly TodoKind[];
export type GoalTaskTodo = (typeof GOAL_TASK_TODOS)[number];

export const TODO_KIND_LABELS: Record<TodoKind, string> = {
  pointsToFill: '待填报的质控点',
  pointsRefused: '退回待修改的质控点',
  pointsToAudit: '待我审核的质控点',
  warningsToHandle: '待处理预警的质控点',
  nodesToAccept: '待接收的任务节点',
  progressToReport: '待上报进度的节点',
  progressToAudit: '待我审核的进度',
  delaysToDecide: '待我审核的延期申请',
  decompositionsToAudit: '待我审核的任务分解',
  urgesReceived: '待处理的督办',
  reportsToAudit: '待我审核的目标报告',
  fillsToFill: '待填报的采集表',
  fillsRolledBack: '退回待修改的采集表',
  fillsToAudit: '待我审核的采集表',
  allocationsToMake: '待分配的采集任务',
  valueChangesToReview: '已有数据被修改的提醒',
  qualityReportsToReview: '待我评审的质量报告',
};

/** The area a to-do belongs to, for grouping on the page. */
export const TODO_AREAS = ['diagnosis', 'goals', 'collection', 'reports'] as const;
export type TodoArea = (typeof TODO_AREAS)[number];
export const TODO_AREA_LABELS: Record<TodoArea, string> = {
  diagnosis: '诊断改进',
  goals: '目标任务',
  collection: '数据采集',
  reports: '质量报告',
};

export const TODO_AREA: Record<TodoKind, TodoArea> = {
  pointsToFill: 'diagnosis',
  pointsRefused: 'diagnosis',
  pointsToAudit: 'diagnosis',
  warningsToHandle: 'diagnosis',
  nodesToAccept: 'goals',
  progressToReport: 'goals',
  progressToAudit: 'goals',
  delaysToDecide: 'goals',
  decompositionsToAudit: 'goals',
  urgesReceived: 'goals',
  reportsToAudit: 'goals',
  fillsToFill: 'collection',
  fillsRolledBack: 'collection',
  fillsToAudit: 'collection',
  allocationsToMake: 'collection',
  valueChangesToReview: 'collection',
  qualityReportsToReview: 'reports',
};

export const DEADLINE_KINDS = ['goalTask', 'goalNode', 'diagnosisTask', 'collectTask'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];
export const DEADLINE_KIND_LABELS: Record<DeadlineKind, string> = {
  goalTask: '目标任务',
  goalNode: '任务节点',
  diagnosisTask: '诊断任务',
  collectTask: '采集任务',
};

/** How many of the person's newest messages the workbench's 最新动态 shows. */
export const HOME_NOTICES = 10;

/** How many days ahead the deadlines reach. */
export const HOME_DEADLINE_DAYS = 14;
