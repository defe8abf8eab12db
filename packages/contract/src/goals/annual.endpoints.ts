import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import { futureTaskEndpoints } from '../platform/jobs.ts';
import { type ExcelImportEndpoints, ImportJobWireSchema } from '../standards/standards.endpoints.ts';
import { ImportErrorCountSchema, ImportRowErrorSchema } from '../standards/standards.schema.ts';
import * as A from './annual.schema.ts';
import {
  DelayAuditBodySchema,
  DelayRequestSchema,
  ProgressAuditBodySchema,
  ProgressReportSchema,
} from './goals.schema.ts';

/**
 * The annual-targets service (spec 1 §7) behind 年度目标分解 (/newTaskManagement). The spec names the
 * operations, not the paths: these follow the product's style (GET reads, POST creates, POST …/update and
 * …/delete). Every route needs the newTaskManagement menu key, which the system setting can switch off.
 */
export const ANNUAL_BASE = '/api/annual-targets';
const tag = '年度目标分解';

const get = <Q extends z.ZodType | undefined, D extends z.ZodType>(
  path: string,
  summary: string,
  query: Q,
  data: D,
) => defineEndpoint({ method: 'GET', path: `${ANNUAL_BASE}/${path}`, summary, tag, query, data });
const post = <B extends z.ZodType, D extends z.ZodType>(path: string, summary: string, body: B, data: D) =>
  defineEndpoint({ method: 'POST', path: `${ANNUAL_BASE}/${path}`, summary, tag, body, data });
const download = <Q extends z.ZodType | undefined>(path: string, summary: string, query: Q) =>
  defineEndpoint({
    method: 'GET',
    path: `${ANNUAL_BASE}/${path}`,
    summary,
    tag,
    query,
    download: true,
    data: z.unknown(),
  });
/** The answer of an annual import: all rows imported, or nothing and the bad rows. */
export const AnnualImportResultSchema = z.object({
  imported: z.boolean().describe('是否已导入'),
  count: z.number().int().describe('导入的条数'),
  errors: z.array(ImportRowErrorSchema).describe('有误的行（有误时不导入任何数据）'),
  errorCount: ImportErrorCountSchema,
});

const done = z.null();

export const annualEndpoints = {
  // 年度目标任务
  yearTasks: get(
    'yearTask',
    '年度目标任务列表（置顶在前）',
    A.AnnualTaskListQuerySchema,
    pageOf(A.AnnualTaskSchema),
  ),
  yearTaskTree: get(
    'yearTask/tree',
    '年度目标任务树（分页一级任务，置顶在前；关键字匹配任务或其子任务）',
    A.AnnualTaskTreeQuerySchema,
    pageOf(A.AnnualTaskTreeNodeSchema),
  ),
  yearTaskTop: post(
    'yearTask/top',
    '置顶或取消置顶（仅任务创建人）',
    A.SpecialTopBodySchema,
    A.AnnualTaskSchema,
  ),
  yearTaskInsert: post(
    'yearTask',
    '新建年度目标任务（年度目标发布者）',
    A.AnnualTaskBodySchema,
    A.AnnualTaskSchema,
  ),
  yearTaskUpdate: post(
    'yearTask/update',
    '修改年度目标任务（仅创建人）',
    A.AnnualTaskUpdateBodySchema,
    A.AnnualTaskSchema,
  ),
  yearTaskDelete: post(
    'yearTask/delete',
    '删除年度目标任务（仅创建人，未开始执行）',
    A.AnnualIdsBodySchema,
    done,
  ),
  yearTaskExample: download('yearTask/example', '下载年度目标任务导入模板（Excel）', undefined),
  yearTaskImport: defineEndpoint({
    method: 'POST',
    path: `${ANNUAL_BASE}/yearTask/import`,
    summary: '导入年度目标任务（multipart 字段 file 与 yearTargetId；全部正确才导入）',
    tag,
    multipart: true,
    data: AnnualImportResultSchema,
  }),
  yearTaskImportJob: defineEndpoint({
    method: 'POST',
    path: `${ANNUAL_BASE}/yearTask/importJob`,
    summary: '导入年度目标任务（后台任务；multipart 字段 file 与 yearTargetId；结果与 yearTask/import 相同）',
    tag,
    multipart: true,
    data: ImportJobWireSchema,
  }),
  yearTaskExport: download(
    'yearTask/export',
    '导出年度目标任务（Excel，按列表的筛选条件）',
    A.AnnualTaskListQuerySchema.omit({ pageNum: true, pageSize: true }),
  ),

  // 平均水平目标
  averageTargets: get(
    'averageTarget',
    '平均水平目标列表',
    A.AverageTargetListQuerySchema,
    pageOf(A.AverageTargetSchema),
  ),
  averageTargetInsert: post(
    'averageTarget',
    '新建平均水平目标（年度目标发布者）',
    A.AverageTargetBodySchema,
    A.AverageTargetSchema,
  ),
  averageTargetUpdate: post(
    'averageTarget/update',
    '修改平均水平目标（仅创建人）',
    A.AverageTargetUpdateBodySchema,
    A.AverageTargetSchema,
  ),
  averageTargetDelete: post(
    'averageTarget/delete',
    '删除平均水平目标（仅创建人）',
    A.AnnualIdsBodySchema,
    done,
  ),
  averageTargetStatus: post(
    'averageTarget/updateTaskStauts',
    '修改平均水平目标状态（进行中、暂停、完成；仅创建人）',
    A.AverageStatusBodySchema,
    A.AverageTargetSchema,
  ),
  averageTargetWithdraw: post(
    'averageTarget/withdrawTask',
    '撤回平均水平目标（仅创建人，分解未审核通过时）',
    A.AnnualIdBodySchema,
    A.AverageTargetSchema,
  ),

  // 目标类型
  targetTypes: get('targetType', '目标类型列表', A.TargetTypeListQuerySchema, pageOf(A.TargetTypeSchema)),
  targetTypeInsert: post(
    'targetType',
    '新建目标类型（年度目标发布者）',
    A.TargetTypeBodySchema,
    A.TargetTypeSchema,
  ),
  targetTypeUpdate: post(
    'targetType/update',
    '修改目标类型（年度目标发布者）',
    A.TargetTypeUpdateBodySchema,
    A.TargetTypeSchema,
  ),
  targetTypeDelete: post(
    'targetType/delete',
    '删除目标类型（年度目标发布者；已被任务或负责人引用的不能删除）',
    A.AnnualIdsBodySchema,
    done,
  ),

  // 负责人
  chargers: get(
    'charger',
    '负责人列表（部门 × 目标类型）',
    A.GoalChargerListQuerySchema,
    pageOf(A.GoalChargerSchema),
  ),
  chargerInsert: post(
    'charger',
    '新建负责人（年度目标发布者）',
    A.GoalChargerBodySchema,
    A.GoalChargerSchema,
  ),
  chargerUpdate: post(
    'charger/update',
    '修改负责人（年度目标发布者）',
    A.GoalChargerUpdateBodySchema,
    A.GoalChargerSchema,
  ),
  chargerDelete: post('charger/delete', '删除负责人（年度目标发布者）', A.AnnualIdsBodySchema, done),
  chargerExample: download('charger/example', '下载负责人导入模板（Excel）', undefined),
  chargerImport: defineEndpoint({
    method: 'POST',
    path: `${ANNUAL_BASE}/charger/import`,
    summary: '导入负责人（multipart 字段 file；全部正确才导入，已有的部门与类型更新负责人）',
    tag,
    multipart: true,
    data: AnnualImportResultSchema,
  }),
  chargerImportJob: defineEndpoint({
    method: 'POST',
    path: `${ANNUAL_BASE}/charger/importJob`,
    summary: '导入负责人（后台任务；multipart 字段 file；结果与 charger/import 相同）',
    tag,
    multipart: true,
    data: ImportJobWireSchema,
  }),
  chargerExport: download(
    'charger/export',
    '导出负责人（Excel，按列表的筛选条件）',
    A.GoalChargerExportQuerySchema,
  ),

  // 任务书
  missionStatements: get(
    'missionStatement',
    '任务书列表（按任务）',
    A.MissionStatementListQuerySchema,
    pageOf(A.MissionStatementSchema),
  ),
  missionStatementInsert: post(
    'missionStatement',
    '新建任务书（任务创建人）',
    A.MissionStatementBodySchema,
    A.MissionStatementSchema,
  ),
  missionStatementUpdate: post(
    'missionStatement/update',
    '修改任务书（任务创建人）',
    A.MissionStatementUpdateBodySchema,
    A.MissionStatementSchema,
  ),
  missionStatementDelete: post(
    'missionStatement/delete',
    '删除任务书（任务创建人）',
    A.AnnualIdsBodySchema,
    done,
  ),

  // 进度审核、延期审核
  scheduleAudits: get(
    'scheduleAuditing',
    '待我审核的进度（部门审核或终审）',
    A.AuditingListQuerySchema,
    pageOf(A.ScheduleAuditSchema),
  ),
  scheduleAuditDecide: post(
    'scheduleAuditing/audit',
    '审核进度',
    ProgressAuditBodySchema,
    ProgressReportSchema,
  ),
  delayAudits: get(
    'delayAuditing',
    '待我审核的延期申请',
    A.AuditingListQuerySchema,
    pageOf(A.DelayAuditSchema),
  ),
  delayAuditDecide: post('delayAuditing/audit', '审核延期申请', DelayAuditBodySchema, DelayRequestSchema),
};

/** The job pair of `/api/annual-targets` (its imports). */
export const annualFutureTasks = futureTaskEndpoints(ANNUAL_BASE, tag);

export const YEAR_TASK_IMPORT = {
  start: annualEndpoints.yearTaskImportJob,
  poll: annualFutureTasks.result,
  done: annualFutureTasks.done,
  template: annualEndpoints.yearTaskExample,
  result: AnnualImportResultSchema,
} satisfies ExcelImportEndpoints;

export const CHARGER_IMPORT = {
  start: annualEndpoints.chargerImportJob,
  poll: annualFutureTasks.result,
  done: annualFutureTasks.done,
  template: annualEndpoints.chargerExample,
  result: AnnualImportResultSchema,
} satisfies ExcelImportEndpoints;
