/**
 * Enumerations of the goal-management area (spec 1 §3, §4): year targets → target tasks → nodes →
 * progress reports, audits, delays, warnings and urges. Values are the wire's; each has a Record of
 * Chinese labels for selects and table filters.
 */

/** 任务类型 (spec 1 §3): A key, B routine, C common. */
export const TASK_TYPES = ['A', 'B', 'C'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_TYPE_LABELS: Record<TaskType, string> = { A: '重点', B: '常规', C: '一般' };

/** 考核方式: by score or by level. */
export const EXAM_TYPES = ['score', 'level'] as const;
export type ExamType = (typeof EXAM_TYPES)[number];
export const EXAM_TYPE_LABELS: Record<ExamType, string> = { score: '分数', level: '等级' };

/** 管理视图 of the target-task screen. */
export const TASK_VIEWS = ['mine', 'department', 'collaboration'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];
export const TASK_VIEW_LABELS: Record<TaskView, string> = {
  mine: '我的任务',
  department: '部门任务',
  collaboration: '协同任务',
};

/** 年度任务状态 (spec 1 §4), derived from the task's audit and its nodes (goal-states.ts). */
export const YEAR_TASK_STATES = ['waitResolve', 'hasResolved', 'doing', 'done'] as const;
export type YearTaskState = (typeof YEAR_TASK_STATES)[number];
export const YEAR_TASK_STATE_LABELS: Record<YearTaskState, string> = {
  waitResolve: '待分解',
  hasResolved: '已分解',
  doing: '进行中',
  done: '已完成',
};

/** 任务节点状态 (spec 1 §4). The spec's own spelling `executeing` is the wire value. */
export const NODE_STATES = [
  'notPushed',
  'waitAccept',
  'waitResolve',
  'goBack',
  'waitDefine',
  'executeing',
  'hasDone',
  'delayNotDone',
  'delayDone',
] as const;
export type NodeState = (typeof NODE_STATES)[number];
export const NODE_STATE_LABELS: Record<NodeState, string> = {
  notPushed: '未推送',
  waitAccept: '待接收',
  waitResolve: '待落实',
  goBack: '已退回',
  waitDefine: '待确认',
  executeing: '执行中',
  hasDone: '已完成',
  delayNotDone: '延期未完成',
  delayDone: '延期完成',
};

/**
 * What moves a node. push/withdraw/define/redefine belong to the task's principal, accept/goBack/resolve
 * to the node's principal; finish and delay happen only through an audit (a passed final progress report,
 * a passed delay request) and cannot be asked for directly.
 */
export const NODE_EVENTS = [
  'push',
  'withdraw',
  'accept',
  'goBack',
  'resolve',
  'define',
  'redefine',
  'finish',
  'delay',
] as const;
export type NodeEvent = (typeof NODE_EVENTS)[number];
export const NODE_EVENT_LABELS: Record<NodeEvent, string> = {
  push: '推送',
  withdraw: '撤回',
  accept: '接收',
  goBack: '退回',
  resolve: '提交落实方案',
  define: '确认落实方案',
  redefine: '退回落实方案',
  finish: '完成',
  delay: '延期',
};
/** The events a caller may ask for through the node transition endpoint. */
export const MANUAL_NODE_EVENTS = [
  'push',
  'withdraw',
  'accept',
  'goBack',
  'resolve',
  'define',
  'redefine',
] as const;
export type ManualNodeEvent = (typeof MANUAL_NODE_EVENTS)[number];
export type NodeEventActor = 'taskPrincipal' | 'nodePrincipal' | 'audit';
export const NODE_EVENT_ACTORS: Record<NodeEvent, NodeEventActor> = {
  push: 'taskPrincipal',
  withdraw: 'taskPrincipal',
  define: 'taskPrincipal',
  redefine: 'taskPrincipal',
  accept: 'nodePrincipal',
  goBack: 'nodePrincipal',
  resolve: 'nodePrincipal',
  finish: 'audit',
  delay: 'audit',
};

/** 进度审核状态 (spec 1 §4): childPass is the department's pass, pass the task creator's. */
export const PROGRESS_AUDIT_STATES = ['reviewing', 'pass', 'childPass', 'reject'] as const;
export type ProgressAuditState = (typeof PROGRESS_AUDIT_STATES)[number];
export const PROGRESS_AUDIT_STATE_LABELS: Record<ProgressAuditState, string> = {
  reviewing: '审核中',
  pass: '审核通过',
  childPass: '部门审核通过',
  reject: '已驳回',
};
export const PROGRESS_AUDIT_DECISIONS = ['childPass', 'pass', 'reject'] as const;
export type ProgressAuditDecision = (typeof PROGRESS_AUDIT_DECISIONS)[number];
export const PROGRESS_AUDIT_DECISION_LABELS: Record<ProgressAuditDecision, string> = {
  childPass: '部门审核通过',
  pass: '审核通过',
  reject: '驳回',
};

/** 进度上报类型 (spec 1 §4). */
export const PROGRESS_TYPES = ['process', 'final'] as const;
export type ProgressType = (typeof PROGRESS_TYPES)[number];
export const PROGRESS_TYPE_LABELS: Record<ProgressType, string> = { process: '过程进度', final: '最终成果' };

/** 目标任务审核状态 (spec 1 §4), also used for delay requests: 0 pending, 1 passed, 2 failed. */
export const AUDIT_NUMBERS = [0, 1, 2] as const;
export type AuditNumber = (typeof AUDIT_NUMBERS)[number];
export const AUDIT_NUMBER_LABELS: Record<AuditNumber, string> = {
  0: '待审核',
  1: '审核通过',
  2: '审核不通过',
};
export const AUDIT_DECISIONS = [1, 2] as const;
export type AuditDecision = (typeof AUDIT_DECISIONS)[number];
/** What can happen to a task's decomposition audit. */
export const TASK_AUDIT_ACTIONS = ['submit', 'pass', 'fail'] as const;
export type TaskAuditAction = (typeof TASK_AUDIT_ACTIONS)[number];
export const TASK_AUDIT_ACTION_LABELS: Record<TaskAuditAction, string> = {
  submit: '提交审核',
  pass: '审核通过',
  fail: '审核不通过',
};

/** 进度状态 (spec 1 §3) with the colour each shows in. */
export const SCHEDULE_STATUSES = ['unstart', 'block', 'normal', 'finish'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const SCHEDULE_STATUS_LABELS: Record<ScheduleStatus, string> = {
  unstart: '未开始',
  block: '受阻',
  normal: '正常',
  finish: '已完成',
};
export const SCHEDULE_STATUS_COLORS: Record<ScheduleStatus, 'red' | 'yellow' | 'blue' | 'green'> = {
  unstart: 'red',
  block: 'yellow',
  normal: 'blue',
  finish: 'green',
};

/** 督办类型 (spec 1 §3): 0 pending, 1 done; the urge state urge / acceptUrge of §4. */
export const URGE_TYPES = [0, 1] as const;
export type UrgeType = (typeof URGE_TYPES)[number];
export const URGE_TYPE_LABELS: Record<UrgeType, string> = { 0: '待处理', 1: '已处理' };
export const URGE_STATES = ['urge', 'acceptUrge'] as const;
export type UrgeState = (typeof URGE_STATES)[number];
export const URGE_STATE_OF_TYPE: Record<UrgeType, UrgeState> = { 0: 'urge', 1: 'acceptUrge' };
/** 督办时的当前状态: 1 target not set, 2 target not decomposed. */
export const URGE_CURRENT_STATUSES = [1, 2] as const;
export type UrgeCurrentStatus = (typeof URGE_CURRENT_STATUSES)[number];
export const URGE_CURRENT_STATUS_LABELS: Record<UrgeCurrentStatus, string> = {
  1: '目标未设置',
  2: '目标未分解',
};

/** 预警类型 (spec 1 §4): final is the overdue warning. */
export const GOAL_WARNING_TYPES = ['final', 'process'] as const;
export type GoalWarningType = (typeof GOAL_WARNING_TYPES)[number];
export const GOAL_WARNING_TYPE_LABELS: Record<GoalWarningType, string> = {
  final: '逾期预警',
  process: '过程预警',
};

/** 预警数统计范围 (spec 1 §6): overall, personal (queryType=personal), department (departmentCondition). */
export const WARNING_COUNT_SCOPES = ['overall', 'personal', 'department'] as const;
export type WarningCountScope = (typeof WARNING_COUNT_SCOPES)[number];

/** 文件类型 (spec 1 §3). */
export const GOAL_FILE_TYPES = [
  'yearTargetDocument',
  'targetSupportDocument',
  'taskDecompositionDocument',
  'processDocument',
  'finalResultDocument',
] as const;
export type GoalFileType = (typeof GOAL_FILE_TYPES)[number];
export const GOAL_FILE_TYPE_LABELS: Record<GoalFileType, string> = {
  yearTargetDocument: '年度目标文件',
  targetSupportDocument: '目标支撑文件',
  taskDecompositionDocument: '任务分解文件',
  processDocument: '过程文件',
  finalResultDocument: '最终成果文件',
};

/** 文件归属类型 (spec 1 §3): a target task, a node, a delay request (new end time), a progress report. */
export const GOAL_FILE_OWNER_TYPES = ['YearTask', 'NodeTask', 'TaskEndTime', 'TaskProgress'] as const;
export type GoalFileOwnerType = (typeof GOAL_FILE_OWNER_TYPES)[number];
export const GOAL_FILE_OWNER_TYPE_LABELS: Record<GoalFileOwnerType, string> = {
  YearTask: '目标任务',
  NodeTask: '任务节点',
  TaskEndTime: '延期申请',
  TaskProgress: '进度报告',
};

/** DESIGN §7: a process warning starts this many days before the end date unless configured. */
export const DEFAULT_WARNING_DAYS = 15;
export const MAX_WARNING_DAYS = 365;
/** Spec 1 §7, §9: the year-target list asks for everything at once. */
export const YEAR_TARGET_PAGE_SIZE = 1_000_000;
