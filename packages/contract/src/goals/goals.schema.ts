import { z } from 'zod';
import { GOAL_TASK_TODOS } from '../home/home.enums.ts';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, idList, requiredId, requiredText, TEXT_LIMITS, text } from '../platform/text.ts';
import {
  AUDIT_DECISIONS,
  EXAM_TYPES,
  GOAL_FILE_OWNER_TYPES,
  GOAL_FILE_TYPES,
  GOAL_WARNING_TYPES,
  MANUAL_NODE_EVENTS,
  MAX_WARNING_DAYS,
  NODE_STATES,
  PROGRESS_AUDIT_DECISIONS,
  PROGRESS_AUDIT_STATES,
  PROGRESS_TYPES,
  SCHEDULE_STATUSES,
  TASK_TYPES,
  TASK_VIEWS,
  URGE_CURRENT_STATUSES,
  URGE_TYPES,
  YEAR_TARGET_PAGE_SIZE,
  YEAR_TASK_STATES,
} from './goals.enums.ts';

/**
 * The goal area in English names: request shapes of `/api/herm-mbrwgl` (the spec leaves most payloads
 * unstated, so these are ours, documented on the OpenAPI page) and the entities the server answers with,
 * before goals.wire.ts maps them to the wire.
 */

export const GOAL_TEXT_MAX = {
  yearTargetName: TEXT_LIMITS.default,
  taskName: TEXT_LIMITS.longName,
  targetValue: TEXT_LIMITS.content,
  detail: TEXT_LIMITS.longContent,
  nodeName: TEXT_LIMITS.content,
  progress: TEXT_LIMITS.longContent,
  opinion: TEXT_LIMITS.audit,
  reason: TEXT_LIMITS.audit,
  urge: TEXT_LIMITS.content,
} as const;

export const GOAL_MESSAGES = {
  dateOrder: '结束日期不能早于开始日期',
} as const;

const isoDate = (label: string) =>
  z.iso.date({ error: `请选择${label}（格式 yyyy-MM-dd）` }).describe(`${label} yyyy-MM-dd`);
/** Form-encoded bodies carry numbers as strings. */
const numberEnum = <T extends readonly number[]>(values: T, label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .refine((v): v is T[number] => (values as readonly number[]).includes(v), { error: `${label}不正确` })
    .transform((v) => v as T[number])
    .describe(label);
const datesInOrder = (value: { startDate?: string | undefined; endDate?: string | undefined }) =>
  !value.startDate || !value.endDate || value.startDate <= value.endDate;
const dateOrderIssue = { error: GOAL_MESSAGES.dateOrder, path: ['endDate'] };

// ---------------------------------------------------------------------------------------------------
// requests

export const IdQuerySchema = z.object({ id: requiredId('记录') });
export const GoalIdsBodySchema = z.object({
  ids: idList('编号').pipe(z.array(z.string()).min(1, { error: '请选择记录' })),
});
export const GoalIdBodySchema = z.object({ id: requiredId('记录') });

export const YearTargetListQuerySchema = PagingQuerySchema.extend({
  pageSize: PagingQuerySchema.shape.pageSize.default(YEAR_TARGET_PAGE_SIZE),
  cycleYear: z.coerce.number().int().min(2000).max(2100).optional().describe('年度'),
  keyword: text('年度目标名称').optional(),
});
export const YearTargetBodySchema = z.object({
  name: requiredText('年度目标名称', GOAL_TEXT_MAX.yearTargetName),
  cycleYear: z.coerce
    .number({ error: '请选择年度' })
    .int({ error: '年度不正确' })
    .min(2000, { error: '年度不正确' })
    .max(2100, { error: '年度不正确' })
    .describe('年度'),
  description: text('目标说明', GOAL_TEXT_MAX.detail).optional(),
});
export const YearTargetUpdateBodySchema = YearTargetBodySchema.extend({ id: requiredId('年度目标') });

const taskFields = {
  name: requiredText('任务名称', GOAL_TEXT_MAX.taskName),
  type: z.enum(TASK_TYPES, { error: '请选择任务类型' }).describe('任务类型 A 重点 / B 常规 / C 一般'),
  examType: z.enum(EXAM_TYPES, { error: '请选择考核方式' }).describe('考核方式 score 分数 / level 等级'),
  targetValue: text('目标值', GOAL_TEXT_MAX.targetValue).optional(),
  departmentId: requiredId('责任部门'),
  principalId: requiredId('任务负责人'),
  collaboratingDepartmentIds: idList('协同部门').optional(),
  startDate: isoDate('开始日期'),
  endDate: isoDate('结束日期'),
  detail: text('任务详情', GOAL_TEXT_MAX.detail).optional(),
  situation: text('完成情况', GOAL_TEXT_MAX.detail).optional(),
};
export const TargetTaskBodySchema = z
  .object({
    yearTargetId: requiredId('年度目标'),
    parentId: requiredId('上级任务').optional().describe('上级任务，子任务时填写'),
    ...taskFields,
  })
  .refine(datesInOrder, dateOrderIssue);
export const TargetTaskUpdateBodySchema = z
  .object({ id: requiredId('目标任务'), ...taskFields })
  .refine(datesInOrder, dateOrderIssue);

export const TargetTaskListQuerySchema = PagingQuerySchema.extend({
  view: z
    .enum(TASK_VIEWS)
    .optional()
    .describe('视图 mine 我的 / department 部门 / collaboration 协同；缺省为可见的全部'),
  yearTargetId: requiredId('年度目标').optional(),
  cycleYear: z.coerce.number().int().min(2000).max(2100).optional().describe('年度'),
  keyword: text('任务名称').optional(),
  type: z.enum(TASK_TYPES).optional().describe('任务类型'),
  state: z.enum(YEAR_TASK_STATES).optional().describe('任务状态'),
  scheduleStatus: z.enum(SCHEDULE_STATUSES).optional().describe('进度状态'),
  warningType: z.enum(GOAL_WARNING_TYPES, { error: '预警类型不正确' }).optional().describe('预警类型'),
  departmentId: requiredId('责任部门').optional(),
  parentId: requiredId('上级任务').optional().describe('只列该任务的子任务'),
  topOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true')
    .describe('只列一级任务'),
  todo: z
    .enum(GOAL_TASK_TODOS)
    .optional()
    .describe('首页待办：只列有该待办的任务（此时不再按视图限定，待办自带范围）'),
});
export const TaskTreeQuerySchema = z.object({ yearTargetId: requiredId('年度目标') });
/** targetTaskCatalog: moves a task under another task of the same year target, or to the top. */
export const TaskCatalogBodySchema = z.object({
  id: requiredId('目标任务'),
  parentId: requiredId('上级任务').optional().describe('上级任务，缺省移到一级'),
  sort: z.coerce.number().int().min(0).max(100_000).optional().describe('排序'),
});

export const TaskAuditBodySchema = z.object({ taskId: requiredId('目标任务') });
export const TaskAuditDecisionBodySchema = z.object({
  taskId: requiredId('目标任务'),
  auditState: numberEnum(AUDIT_DECISIONS, '审核结果').describe('审核结果 1 通过 / 2 不通过'),
  opinion: text('审核意见', GOAL_TEXT_MAX.opinion).optional(),
});
export const TaskIdQuerySchema = z.object({ taskId: requiredId('目标任务') });

const nodeFields = {
  name: requiredText('节点名称', GOAL_TEXT_MAX.nodeName),
  description: text('节点说明', GOAL_TEXT_MAX.detail).optional(),
  principalId: requiredId('节点负责人').optional().describe('节点负责人，缺省为任务负责人'),
  startDate: isoDate('开始日期'),
  endDate: isoDate('结束日期'),
};
export const NodeBodySchema = z
  .object({ taskId: requiredId('目标任务'), ...nodeFields })
  .refine(datesInOrder, dateOrderIssue);
export const NodeUpdateBodySchema = z
  .object({ id: requiredId('节点'), ...nodeFields })
  .refine(datesInOrder, dateOrderIssue);
export const NodeTransitionBodySchema = z.object({
  id: requiredId('节点'),
  event: z.enum(MANUAL_NODE_EVENTS, { error: '节点操作不正确' }).describe('节点操作'),
  reason: text('说明', GOAL_TEXT_MAX.reason).optional().describe('退回原因或落实方案'),
});

export const ProgressBodySchema = z.object({
  nodeId: requiredId('节点'),
  type: z.enum(PROGRESS_TYPES, { error: '请选择进度类型' }).describe('进度类型 process 过程 / final 最终'),
  content: requiredText('进度内容', GOAL_TEXT_MAX.progress),
  completion: z.coerce
    .number({ error: '完成度必须是数字' })
    .min(0, { error: '完成度应在0到100之间' })
    .max(100, { error: '完成度应在0到100之间' })
    .optional()
    .describe('完成度 0–100'),
  fileIds: idList('附件').optional().describe('已上传附件的编号'),
});
export const ProgressListQuerySchema = z.object({
  taskId: requiredId('目标任务'),
  nodeId: requiredId('节点').optional(),
});
export const ProgressAuditBodySchema = z.object({
  id: requiredId('进度'),
  decision: z.enum(PROGRESS_AUDIT_DECISIONS, { error: '审核结果不正确' }).describe('审核结果'),
  opinion: text('审核意见', GOAL_TEXT_MAX.opinion).optional(),
});

export const DelayBodySchema = z.object({
  nodeId: requiredId('节点'),
  requestedEndDate: isoDate('延期后结束日期'),
  reason: requiredText('延期原因', GOAL_TEXT_MAX.reason),
  fileIds: idList('附件').optional(),
});
export const DelayAuditBodySchema = z.object({
  id: requiredId('延期申请'),
  auditState: numberEnum(AUDIT_DECISIONS, '审核结果').describe('审核结果 1 通过 / 2 不通过'),
  opinion: text('审核意见', GOAL_TEXT_MAX.opinion).optional(),
});

export const GoalFileListQuerySchema = z.object({
  ownerType: z.enum(GOAL_FILE_OWNER_TYPES, { error: '归属类型不正确' }).describe('归属类型'),
  ownerId: requiredId('归属对象'),
});
export const GoalFileBodySchema = z.object({
  ownerType: z.enum(GOAL_FILE_OWNER_TYPES, { error: '归属类型不正确' }).describe('归属类型'),
  ownerId: requiredId('归属对象'),
  fileType: z.enum(GOAL_FILE_TYPES, { error: '请选择文件类型' }).describe('文件类型'),
  fileIds: idList('附件').pipe(z.array(z.string()).min(1, { error: '请选择附件' })),
});
export const GoalFileDownloadQuerySchema = z.object({ id: requiredId('附件') });

export const WarningTaskQuerySchema = PagingQuerySchema.extend({
  warningType: z.enum(GOAL_WARNING_TYPES).optional().describe('预警类型 final 逾期 / process 过程'),
  yearTargetId: requiredId('年度目标').optional(),
  view: z.enum(TASK_VIEWS).optional().describe('视图'),
  keyword: text('任务名称').optional(),
});
export const WarningCountQuerySchema = z.object({
  queryType: z.enum(['personal']).optional().describe('personal 个人预警数'),
  departmentCondition: idList('部门').optional().describe('部门预警数：负责部门编号，逗号分隔'),
  yearTargetId: requiredId('年度目标').optional(),
});
export const WarningConditionBodySchema = z.object({
  taskType: z.enum(TASK_TYPES, { error: '请选择任务类型' }).describe('任务类型'),
  days: z.coerce
    .number({ error: '预警天数必须是数字' })
    .int({ error: '预警天数必须是整数' })
    .min(0, { error: `预警天数应在0到${MAX_WARNING_DAYS}之间` })
    .max(MAX_WARNING_DAYS, { error: `预警天数应在0到${MAX_WARNING_DAYS}之间` })
    .describe('结束前多少天开始过程预警'),
});
export const WarningConditionBatchBodySchema = z.object({
  list: z
    .array(WarningConditionBodySchema)
    .min(1, { error: '请填写预警条件' })
    .max(TASK_TYPES.length)
    .describe('各任务类型的预警条件'),
});
export const WarningConditionHistoryQuerySchema = PagingQuerySchema.extend({
  taskType: z.enum(TASK_TYPES).optional().describe('任务类型'),
});

export const UrgeListQuerySchema = PagingQuerySchema.extend({
  yearTargetId: requiredId('年度目标').optional(),
  urgeType: numberEnum(URGE_TYPES, '督办类型').optional(),
  departmentId: requiredId('部门').optional(),
  mine: flag('只列督办我负责部门、尚未处理的（首页待办）').optional(),
});
export const UrgeBodySchema = z.object({
  yearTargetId: requiredId('年度目标'),
  departmentId: requiredId('督办部门'),
  currentStatus: numberEnum(URGE_CURRENT_STATUSES, '当前状态').describe(
    '当前状态 1 目标未设置 / 2 目标未分解',
  ),
  content: text('督办内容', GOAL_TEXT_MAX.urge).optional(),
});
/** 催办: the responsible department's head (or the task's creator) presses the task's principal; a message only. */
export const TaskUrgeBodySchema = z.object({
  id: requiredId('目标任务'),
  content: text('催办内容', GOAL_TEXT_MAX.urge).optional(),
});
export const UrgeBatchBodySchema = z.object({
  list: z.array(UrgeBodySchema).min(1, { error: '请选择督办部门' }).max(1000).describe('督办列表'),
});
export const DepartManageQuerySchema = z.object({ yearTargetId: requiredId('年度目标').optional() });

// ---------------------------------------------------------------------------------------------------
// entities

const named = z.object({ id: z.string().describe('编号'), name: z.string().describe('名称') });
const counts = {
  processWarningCount: z.number().int().describe('过程预警数'),
  expiredWarningCount: z.number().int().describe('逾期预警数'),
  totalWarningCount: z.number().int().describe('预警总数'),
};
export const WarningCountsSchema = z.object(counts);

export const YearTargetSchema = z.object({
  id: z.string().describe('年度目标编号'),
  name: z.string().describe('年度目标名称'),
  cycleYear: z.number().int().describe('年度'),
  description: z.string().describe('目标说明'),
  creatorId: z.string().describe('创建人编号'),
  creatorName: z.string().describe('创建人'),
  isTargetCreator: z.boolean().describe('当前用户是否创建人（可编辑、删除）'),
  taskCount: z.number().int().describe('任务数'),
  createdAt: z.string().describe('创建时间 yyyy-MM-dd HH:mm:ss'),
});
export type YearTarget = z.infer<typeof YearTargetSchema>;

export const TargetTaskSchema = z.object({
  id: z.string().describe('任务编号'),
  yearTargetId: z.string().describe('年度目标编号'),
  yearTargetName: z.string().describe('年度目标名称'),
  cycleYear: z.number().int().describe('年度'),
  parentId: z.string().nullable().describe('上级任务编号'),
  name: z.string().describe('任务名称'),
  type: z.enum(TASK_TYPES).describe('任务类型'),
  examType: z.enum(EXAM_TYPES).describe('考核方式'),
  targetValue: z.string().describe('目标值'),
  departmentId: z.string().describe('责任部门编号'),
  departmentName: z.string().describe('责任部门'),
  principalId: z.string().describe('任务负责人编号'),
  principalName: z.string().describe('任务负责人'),
  collaboratingDepartments: z.array(named).describe('协同部门'),
  startDate: z.string().describe('开始日期'),
  endDate: z.string().describe('结束日期（含已批准的延期）'),
  detail: z.string().describe('任务详情'),
  situation: z.string().describe('完成情况'),
  state: z.enum(YEAR_TASK_STATES).describe('任务状态'),
  auditState: z
    .union([z.literal(0), z.literal(1), z.literal(2)])
    .nullable()
    .describe('分解审核 0 待审核 1 通过 2 不通过，空为未提交'),
  scheduleStatus: z.enum(SCHEDULE_STATUSES).describe('进度状态'),
  progress: z.number().describe('完成进度 %（已完成节点 / 节点）'),
  nodeCount: z.number().int().describe('节点数'),
  doneNodeCount: z.number().int().describe('已完成节点数'),
  subTaskCount: z.number().int().describe('子任务数'),
  warningType: z.enum(GOAL_WARNING_TYPES).nullable().describe('任务预警类型'),
  isWithdrawn: z.boolean().describe('是否已撤回'),
  sort: z.number().int().describe('排序'),
  creatorId: z.string().describe('创建人编号'),
  creatorName: z.string().describe('创建人'),
  isTargetCreator: z.boolean().describe('当前用户是否创建人（可编辑、删除、撤回）'),
  isPrincipal: z.boolean().describe('当前用户是否任务负责人'),
  createdAt: z.string().describe('创建时间'),
});
export type TargetTask = z.infer<typeof TargetTaskSchema>;

export const TaskNodeSchema = z.object({
  id: z.string().describe('节点编号'),
  taskId: z.string().describe('任务编号'),
  name: z.string().describe('节点名称'),
  description: z.string().describe('节点说明'),
  principalId: z.string().describe('节点负责人编号'),
  principalName: z.string().describe('节点负责人'),
  startDate: z.string().describe('开始日期'),
  endDate: z.string().describe('结束日期'),
  state: z.enum(NODE_STATES).describe('节点状态'),
  reason: z.string().describe('最近一次退回原因或落实方案'),
  warningType: z.enum(GOAL_WARNING_TYPES).nullable().describe('节点预警类型'),
  createdAt: z.string().describe('创建时间'),
});
export type TaskNode = z.infer<typeof TaskNodeSchema>;

export const GoalFileSchema = z.object({
  id: z.string().describe('关联编号'),
  fileId: z.string().describe('附件编号'),
  fileName: z.string().describe('文件名'),
  size: z.number().int().describe('字节数'),
  fileType: z.enum(GOAL_FILE_TYPES).describe('文件类型'),
  fileTypeName: z.string().describe('文件类型名称（文件类型表中的当前名称）'),
  ownerType: z.enum(GOAL_FILE_OWNER_TYPES).describe('归属类型'),
  ownerId: z.string().describe('归属对象编号'),
  uploaderName: z.string().describe('上传人'),
  createdAt: z.string().describe('上传时间'),
});
export type GoalFile = z.infer<typeof GoalFileSchema>;

export const ProgressReportSchema = z.object({
  id: z.string().describe('进度编号'),
  taskId: z.string().describe('任务编号'),
  nodeId: z.string().describe('节点编号'),
  nodeName: z.string().describe('节点名称'),
  type: z.enum(PROGRESS_TYPES).describe('进度类型'),
  content: z.string().describe('进度内容'),
  completion: z.number().nullable().describe('完成度 %'),
  auditState: z.enum(PROGRESS_AUDIT_STATES).describe('审核状态'),
  opinion: z.string().describe('审核意见'),
  reporterId: z.string().describe('上报人编号'),
  reporterName: z.string().describe('上报人'),
  reportedAt: z.string().describe('上报时间'),
  auditorName: z.string().nullable().describe('审核人'),
  auditedAt: z.string().nullable().describe('审核时间'),
  files: z.array(GoalFileSchema).describe('附件'),
});
export type ProgressReport = z.infer<typeof ProgressReportSchema>;

export const TaskAuditSchema = z.object({
  id: z.string().describe('审核编号'),
  taskId: z.string().describe('任务编号'),
  auditState: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('0 待审核 1 通过 2 不通过'),
  opinion: z.string().describe('审核意见'),
  submitterName: z.string().describe('提交人'),
  submittedAt: z.string().describe('提交时间'),
  auditorName: z.string().nullable().describe('审核人'),
  auditedAt: z.string().nullable().describe('审核时间'),
});
export type TaskAudit = z.infer<typeof TaskAuditSchema>;

export const DelayRequestSchema = z.object({
  id: z.string().describe('延期申请编号'),
  taskId: z.string().describe('任务编号'),
  nodeId: z.string().describe('节点编号'),
  nodeName: z.string().describe('节点名称'),
  originalEndDate: z.string().describe('原结束日期'),
  requestedEndDate: z.string().describe('申请延期至'),
  reason: z.string().describe('延期原因'),
  auditState: z.union([z.literal(0), z.literal(1), z.literal(2)]).describe('0 待审核 1 通过 2 不通过'),
  opinion: z.string().describe('审核意见'),
  requesterName: z.string().describe('申请人'),
  requestedAt: z.string().describe('申请时间'),
  auditorName: z.string().nullable().describe('审核人'),
  auditedAt: z.string().nullable().describe('审核时间'),
});
export type DelayRequest = z.infer<typeof DelayRequestSchema>;

/** getTargetTaskVo: a task with everything under it and what the caller may do. */
export const TaskDetailSchema = z.object({
  task: TargetTaskSchema,
  subTasks: z.array(TargetTaskSchema).describe('子任务'),
  nodes: z.array(TaskNodeSchema).describe('节点'),
  progress: z.array(ProgressReportSchema).describe('进度'),
  audits: z.array(TaskAuditSchema).describe('分解审核记录'),
  delays: z.array(DelayRequestSchema).describe('延期申请'),
  files: z.array(GoalFileSchema).describe('任务附件'),
  rights: z
    .object({
      canEdit: z.boolean().describe('可编辑、删除、撤回（创建人）'),
      canDecompose: z.boolean().describe('可分解节点、提交审核（任务负责人或部门负责人）'),
      canAuditDecomposition: z.boolean().describe('可审核分解（创建人）'),
      canDepartAudit: z.boolean().describe('可部门审核进度（部门负责人或审核人）'),
      canFinalAudit: z.boolean().describe('可终审进度与延期（创建人）'),
      canUrge: z.boolean().describe('可催办任务负责人（部门负责人或创建人，负责人本人除外）'),
    })
    .describe('当前用户的权限'),
});
export type TaskDetail = z.infer<typeof TaskDetailSchema>;

export const TaskTreeNodeSchema: z.ZodType<TaskTreeNode> = z.lazy(() =>
  z.object({
    id: z.string().describe('任务编号'),
    name: z.string().describe('任务名称'),
    type: z.enum(TASK_TYPES).describe('任务类型'),
    state: z.enum(YEAR_TASK_STATES).describe('任务状态'),
    children: z.array(TaskTreeNodeSchema).describe('子任务'),
  }),
);
export interface TaskTreeNode {
  id: string;
  name: string;
  type: (typeof TASK_TYPES)[number];
  state: (typeof YEAR_TASK_STATES)[number];
  children: TaskTreeNode[];
}

export const WarningTaskSchema = TargetTaskSchema.extend(counts);
export type WarningTask = z.infer<typeof WarningTaskSchema>;

export const WarningCountMapSchema = z.object({
  delayMap: z.record(z.string(), WarningCountsSchema).describe('有逾期预警的任务'),
  processMap: z.record(z.string(), WarningCountsSchema).describe('有过程预警的任务'),
});
export type WarningCountMap = z.infer<typeof WarningCountMapSchema>;

export const GoalWarningConditionSchema = z.object({
  id: z.string().nullable().describe('配置编号，默认值时为空'),
  taskType: z.enum(TASK_TYPES).describe('任务类型'),
  days: z.number().int().describe('预警天数'),
  configuredBy: z.string().nullable().describe('配置人'),
  configuredAt: z.string().nullable().describe('配置时间'),
});
export type GoalWarningCondition = z.infer<typeof GoalWarningConditionSchema>;

export const UrgeSchema = z.object({
  id: z.string().describe('督办编号'),
  yearTargetId: z.string().describe('年度目标编号'),
  yearTargetName: z.string().describe('年度目标'),
  departmentId: z.string().describe('督办部门编号'),
  departmentName: z.string().describe('督办部门'),
  currentStatus: z.union([z.literal(1), z.literal(2)]).describe('1 目标未设置 2 目标未分解'),
  urgeType: z.union([z.literal(0), z.literal(1)]).describe('0 待处理 1 已处理'),
  content: z.string().describe('督办内容'),
  urgerName: z.string().describe('督办人'),
  urgedAt: z.string().describe('督办时间'),
  acceptorName: z.string().nullable().describe('处理人'),
  acceptedAt: z.string().nullable().describe('处理时间'),
});
export type Urge = z.infer<typeof UrgeSchema>;

export const DepartmentGoalSummarySchema = z.object({
  departmentId: z.string().describe('部门编号'),
  departmentName: z.string().describe('部门'),
  headId: z.string().nullable().describe('部门负责人编号'),
  headName: z.string().nullable().describe('部门负责人'),
  taskCount: z.number().int().describe('负责任务数'),
  doneCount: z.number().int().describe('已完成任务数'),
  collaborationCount: z.number().int().describe('协同任务数'),
  processWarningCount: z.number().int().describe('过程预警数'),
  expiredWarningCount: z.number().int().describe('逾期预警数'),
  pendingUrgeCount: z.number().int().describe('待处理督办数'),
});
export type DepartmentGoalSummary = z.infer<typeof DepartmentGoalSummarySchema>;

export const GoalCountSchema = z.object({ count: z.number().int().describe('数量') });
