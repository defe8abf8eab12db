import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import { futureTaskEndpoints } from '../platform/jobs.ts';
import { type ExcelImportEndpoints, ImportJobWireSchema } from '../standards/standards.endpoints.ts';
import { ImportErrorCountSchema, ImportRowErrorSchema } from '../standards/standards.schema.ts';
import * as S from './goals.schema.ts';
import * as W from './goals.wire.ts';

/** The goal-management service (spec 1 §7): year targets, target tasks, nodes, progress, audits, warnings, urges. */
export const GOALS_BASE = '/api/herm-mbrwgl';
const tag = '目标任务管理';

const get = <Q extends z.ZodType | undefined, D extends z.ZodType>(
  path: string,
  summary: string,
  query: Q,
  data: D,
) => defineEndpoint({ method: 'GET', path: `${GOALS_BASE}/${path}`, summary, tag, query, data });
const post = <B extends z.ZodType, D extends z.ZodType>(path: string, summary: string, body: B, data: D) =>
  defineEndpoint({ method: 'POST', path: `${GOALS_BASE}/${path}`, summary, tag, body, data });

const done = z.null();
const YearSchema = z.object({
  cycleYear: z.number().int().describe('年度'),
  targetCount: z.number().int().describe('年度目标数'),
  taskCount: z.number().int().describe('目标任务数'),
});

/** The answer of the target-task import: all rows imported, or nothing and the bad rows. */
export const TaskImportResultSchema = z.object({
  imported: z.boolean().describe('是否已导入'),
  tasks: z.number().int().describe('导入的任务数'),
  errors: z.array(ImportRowErrorSchema).describe('有误的行（有误时不导入任何数据）'),
  errorCount: ImportErrorCountSchema,
});

export const goalsEndpoints = {
  // year targets
  yearTargets: get(
    'yearTarget',
    '年度目标列表（默认一页 1000000 条）',
    S.YearTargetListQuerySchema,
    pageOf(W.YearTargetWireSchema),
  ),
  yearTargetInsert: post(
    'yearTarget',
    '新建年度目标（年度目标发布者）',
    S.YearTargetBodySchema,
    W.YearTargetWireSchema,
  ),
  yearTargetUpdate: post(
    'yearTarget/update',
    '修改年度目标（仅创建人）',
    S.YearTargetUpdateBodySchema,
    W.YearTargetWireSchema,
  ),
  yearTargetDelete: post(
    'yearTarget/delete',
    '删除年度目标（仅创建人，且无任务）',
    S.GoalIdsBodySchema,
    done,
  ),
  divideTargetYears: get(
    'divideTargetYear',
    '有年度目标的年度及其目标、任务数',
    undefined,
    z.array(YearSchema),
  ),

  // target tasks
  targetTasks: get(
    'targetTask',
    '目标任务列表（按视图）',
    S.TargetTaskListQuerySchema,
    pageOf(W.TargetTaskWireSchema),
  ),
  targetTaskInsert: post(
    'targetTask',
    '新建目标任务或子任务（年度目标发布者）',
    S.TargetTaskBodySchema,
    W.TargetTaskWireSchema,
  ),
  targetTaskUpdate: post(
    'targetTask/update',
    '修改目标任务（仅创建人）',
    S.TargetTaskUpdateBodySchema,
    W.TargetTaskWireSchema,
  ),
  targetTaskDelete: post(
    'targetTask/delete',
    '删除目标任务（仅创建人，未开始执行）',
    S.GoalIdsBodySchema,
    done,
  ),
  targetTaskWithdraw: post(
    'targetTask/withdraw',
    '撤回目标任务（仅创建人）',
    S.GoalIdBodySchema,
    W.TargetTaskWireSchema,
  ),
  targetTaskRepublish: post(
    'targetTask/republish',
    '重新下发已撤回的任务（仅创建人）',
    S.GoalIdBodySchema,
    W.TargetTaskWireSchema,
  ),
  cooperationTasks: get(
    'getCooperationTask',
    '协同任务列表',
    S.TargetTaskListQuerySchema,
    pageOf(W.TargetTaskWireSchema),
  ),
  targetTaskDetail: get(
    'getTargetTaskVo',
    '目标任务详情（节点、进度、审核、延期、附件、权限）',
    S.IdQuerySchema,
    W.TaskDetailWireSchema,
  ),
  targetTaskTree: get(
    'targetTask/tree',
    '年度目标的任务目录树',
    S.TaskTreeQuerySchema,
    z.array(S.TaskTreeNodeSchema),
  ),
  targetTaskCatalog: post(
    'targetTaskCatalog',
    '调整任务目录：上级任务与排序（仅创建人）',
    S.TaskCatalogBodySchema,
    W.TargetTaskWireSchema,
  ),

  // Excel: template, all-or-nothing import (multipart `file` plus field `yearTargetId`), export of task details
  targetTaskTemplate: defineEndpoint({
    method: 'GET',
    path: `${GOALS_BASE}/targetTask/template`,
    summary: '下载目标任务导入模板（Excel）',
    tag,
    download: true,
    data: z.unknown(),
  }),
  targetTaskImport: defineEndpoint({
    method: 'POST',
    path: `${GOALS_BASE}/targetTask/import`,
    summary: '导入目标任务（multipart 字段 file 与 yearTargetId；全部正确才导入）',
    tag,
    multipart: true,
    data: TaskImportResultSchema,
  }),
  targetTaskImportJob: defineEndpoint({
    method: 'POST',
    path: `${GOALS_BASE}/targetTask/importJob`,
    summary: '导入目标任务（后台任务；multipart 字段 file 与 yearTargetId；结果与 targetTask/import 相同）',
    tag,
    multipart: true,
    data: ImportJobWireSchema,
  }),
  exportTaskDetail: defineEndpoint({
    method: 'GET',
    path: `${GOALS_BASE}/exportTaskDetail`,
    summary: '导出目标任务明细（Excel，按列表的筛选条件）',
    tag,
    query: S.TargetTaskListQuerySchema.omit({ pageNum: true, pageSize: true }),
    download: true,
    data: z.unknown(),
  }),

  // decomposition audit (0 pending, 1 passed, 2 failed)
  targetTaskAudits: get(
    'targetTaskAudit',
    '任务分解审核记录',
    S.TaskIdQuerySchema,
    z.array(W.TaskAuditWireSchema),
  ),
  targetTaskAuditSubmit: post(
    'targetTaskAudit',
    '提交任务分解审核（任务负责人）',
    S.TaskAuditBodySchema,
    W.TaskAuditWireSchema,
  ),
  targetTaskAuditDecide: post(
    'targetTaskAudit/update',
    '审核任务分解（任务创建人）',
    S.TaskAuditDecisionBodySchema,
    W.TaskAuditWireSchema,
  ),

  // nodes
  nodes: get('targetTaskNode', '任务节点', S.TaskIdQuerySchema, z.array(W.TaskNodeWireSchema)),
  nodeInsert: post('targetTaskNode', '新增任务节点（任务负责人）', S.NodeBodySchema, W.TaskNodeWireSchema),
  nodeUpdate: post(
    'targetTaskNode/update',
    '修改任务节点（未推送或已退回）',
    S.NodeUpdateBodySchema,
    W.TaskNodeWireSchema,
  ),
  nodeDelete: post('targetTaskNode/delete', '删除任务节点（未推送或已退回）', S.GoalIdsBodySchema, done),
  nodeTransition: post(
    'targetTaskNode/transition',
    '节点推送、撤回、接收、退回、落实、确认',
    S.NodeTransitionBodySchema,
    W.TaskNodeWireSchema,
  ),

  // progress
  progress: get(
    'targetTaskProgress',
    '进度上报记录',
    S.ProgressListQuerySchema,
    z.array(W.ProgressReportWireSchema),
  ),
  progressInsert: post(
    'targetTaskProgress',
    '上报过程进度或最终成果（节点负责人）',
    S.ProgressBodySchema,
    W.ProgressReportWireSchema,
  ),
  progressAudit: post(
    'targetTaskProgress/audit',
    '审核进度：部门审核、终审或驳回',
    S.ProgressAuditBodySchema,
    W.ProgressReportWireSchema,
  ),

  // delays
  delays: get('targetTaskDelay', '延期申请', S.TaskIdQuerySchema, z.array(W.DelayRequestWireSchema)),
  delayInsert: post(
    'targetTaskDelay',
    '申请节点延期（节点负责人）',
    S.DelayBodySchema,
    W.DelayRequestWireSchema,
  ),
  delayAudit: post(
    'targetTaskDelay/audit',
    '审核延期申请（任务创建人）',
    S.DelayAuditBodySchema,
    W.DelayRequestWireSchema,
  ),

  // files: upload (multipart, part `file`), then attach the returned ids to an owner or send them with a report
  fileUpload: defineEndpoint({
    method: 'POST',
    path: `${GOALS_BASE}/targetTaskFile/upload`,
    summary: '上传附件（得到附件编号，再关联到任务、节点、延期或进度）',
    tag,
    multipart: true,
    data: z.object({
      fileId: z.string().describe('附件编号'),
      fileName: z.string().describe('文件名'),
      extension: z.string().describe('扩展名'),
      size: z.number().int().describe('字节数'),
    }),
  }),
  files: get(
    'targetTaskFile',
    '任务附件（按归属）',
    S.GoalFileListQuerySchema,
    z.array(W.GoalFileWireSchema),
  ),
  fileInsert: post('targetTaskFile', '关联已上传的附件', S.GoalFileBodySchema, z.array(W.GoalFileWireSchema)),
  fileDelete: post('targetTaskFile/delete', '移除附件', S.GoalIdsBodySchema, done),
  fileDownload: defineEndpoint({
    method: 'GET',
    path: `${GOALS_BASE}/targetTaskFile/download`,
    summary: '下载任务附件',
    tag,
    query: S.GoalFileDownloadQuerySchema,
    download: true,
    data: z.unknown(),
  }),

  // warnings
  warningTasks: get('warningTask', '预警任务列表', S.WarningTaskQuerySchema, pageOf(W.WarningTaskWireSchema)),
  warningCount: get(
    'warningCount',
    '预警数：全部、个人（queryType=personal）、部门（departmentCondition）',
    S.WarningCountQuerySchema,
    S.WarningCountMapSchema,
  ),
  warningConditions: get(
    'warningCondition',
    '当前预警条件（各任务类型）',
    undefined,
    z.array(S.GoalWarningConditionSchema),
  ),
  warningConditionInsert: post(
    'warningCondition/insert',
    '设置一个任务类型的预警条件',
    S.WarningConditionBodySchema,
    S.GoalWarningConditionSchema,
  ),
  warningConditionBatch: post(
    'warningCondition/batchConfig',
    '批量设置预警条件',
    S.WarningConditionBatchBodySchema,
    z.array(S.GoalWarningConditionSchema),
  ),
  warningConditionHistory: get(
    'warningCondition/history',
    '预警条件配置历史',
    S.WarningConditionHistoryQuerySchema,
    pageOf(S.GoalWarningConditionSchema),
  ),

  // urges
  urges: get('yearTargetUrge', '督办列表', S.UrgeListQuerySchema, pageOf(S.UrgeSchema)),
  urgeInsert: post('yearTargetUrge', '督办一个部门（年度目标发布者）', S.UrgeBodySchema, S.UrgeSchema),
  urgeBatchInsert: post(
    'yearTargetUrge/batchInsert',
    '批量督办（JSON）',
    S.UrgeBatchBodySchema,
    z.array(S.UrgeSchema),
  ),
  urgeAccept: post('yearTargetUrge/accept', '处理督办（被督办部门负责人）', S.GoalIdBodySchema, S.UrgeSchema),
  taskUrge: post(
    'targetTask/urge',
    '催办任务负责人（责任部门负责人或任务创建人）：一条消息',
    S.TaskUrgeBodySchema,
    done,
  ),

  // departments
  departManage: get(
    'departManage',
    '各部门的任务、预警与督办数',
    S.DepartManageQuerySchema,
    z.array(S.DepartmentGoalSummarySchema),
  ),
};

/** The job pair of `/api/herm-mbrwgl` (the target-task import; report generation polls its own path). */
export const goalsFutureTasks = futureTaskEndpoints(GOALS_BASE, tag);

export const TARGET_TASK_IMPORT = {
  start: goalsEndpoints.targetTaskImportJob,
  poll: goalsFutureTasks.result,
  done: goalsFutureTasks.done,
  template: goalsEndpoints.targetTaskTemplate,
  result: TaskImportResultSchema,
} satisfies ExcelImportEndpoints;
