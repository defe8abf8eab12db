import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import { futureTaskEndpoints } from '../platform/jobs.ts';
import { type ExcelImportEndpoints, ImportJobWireSchema } from '../standards/standards.endpoints.ts';
import * as S from './collect.schema.ts';
import { ValueNoticePageQuerySchema, ValueNoticeSchema } from './forms.prefill.ts';

const base = '/api/herm-sjcj';
const tag = '数据采集';

/** The sync job's pair under `datas/`, apart from any other herm-sjcj job. */
export const collectFutureTasks = futureTaskEndpoints(`${base}/datas`, tag);

/**
 * The fill import's pair under `datas/fill/`: fillers hold 数据采集, not the 数据管理 the sync's pair
 * asks, and each pair answers only the jobs of its own kinds.
 */
export const fillFutureTasks = futureTaskEndpoints(`${base}/datas/fill`, tag);

/**
 * Tasks, allocations, fill tasks, collected data and public links. The contract knows GET and POST
 * only, so update and delete of a task are `POST tasks/{id}/update` and `POST tasks/{id}/delete`.
 */
export const collectEndpoints = {
  taskPage: defineEndpoint({
    method: 'GET',
    path: `${base}/tasks`,
    summary: '采集任务分页查询',
    tag,
    query: S.CollectTaskPageQuerySchema,
    data: pageOf(S.CollectTaskSchema),
  }),
  taskCreate: defineEndpoint({
    method: 'POST',
    path: `${base}/tasks`,
    summary: '新建采集任务（每个部门一条任务分配）',
    tag,
    body: S.CreateCollectTaskBodySchema,
    data: S.CollectTaskSchema,
  }),
  taskUpdate: defineEndpoint({
    method: 'POST',
    path: `${base}/tasks/{id}/update`,
    summary: '修改采集任务，或暂停、恢复、结束',
    tag,
    params: S.CollectIdParamsSchema,
    body: S.UpdateCollectTaskBodySchema,
    data: S.CollectTaskSchema,
  }),
  taskDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/tasks/{id}/delete`,
    summary: '删除采集任务（尚无提交时）',
    tag,
    params: S.CollectIdParamsSchema,
    data: z.null(),
  }),
  closeOutdated: defineEndpoint({
    method: 'POST',
    path: `${base}/tasks/closeOutdatedTask`,
    summary: '结束所有已过截止时间的采集任务',
    tag,
    data: S.CloseOutdatedAnswerSchema,
  }),

  allocationPage: defineEndpoint({
    method: 'GET',
    path: `${base}/taskAllocations`,
    summary: '任务分配列表（数据管理员全部，部门负责人本部门）',
    tag,
    query: S.AllocationPageQuerySchema,
    data: pageOf(S.AllocationSchema),
  }),
  allocate: defineEndpoint({
    method: 'POST',
    path: `${base}/taskAllocations/batch`,
    summary: '部门负责人指定填报人',
    tag,
    body: S.AllocateBodySchema,
    data: S.AllocationSchema,
  }),
  auditAllocation: defineEndpoint({
    method: 'POST',
    path: `${base}/taskAllocations/{id}/auditTaskAllocationById`,
    summary: '审核部门的采集数据（全部填报任务已完成时）',
    tag,
    params: S.CollectIdParamsSchema,
    data: S.AllocationSchema,
  }),
  rollbackAllocation: defineEndpoint({
    method: 'POST',
    path: `${base}/taskAllocations/rollbackTaskAllocationByTaskId`,
    summary: '退回部门的采集数据',
    tag,
    body: S.RollbackAllocationBodySchema,
    data: S.AllocationSchema,
  }),
  fillTemplate: defineEndpoint({
    method: 'GET',
    path: `${base}/datas/fillTemplate`,
    summary: '下载固定表单的导入模板（Excel，每个字段一列）',
    tag,
    query: S.FillTaskIdQuerySchema,
    download: true,
    data: z.unknown(),
  }),
  fillImport: defineEndpoint({
    method: 'POST',
    path: `${base}/datas/importFillData`,
    summary: '从 Excel 导入固定表单的行（multipart 字段 file、fillTaskId；全部正确才导入，加在已填的行之后）',
    tag,
    multipart: true,
    data: S.FillImportResultSchema,
  }),
  fillImportJob: defineEndpoint({
    method: 'POST',
    path: `${base}/datas/importFillDataJob`,
    summary:
      '从 Excel 导入固定表单的行（后台任务；multipart 字段 file、fillTaskId；用 datas/fill/getFutureTaskResult 查询；结果与 datas/importFillData 相同）',
    tag,
    multipart: true,
    data: ImportJobWireSchema,
  }),
  allocationExport: defineEndpoint({
    method: 'GET',
    path: `${base}/taskAllocations/batchExport`,
    summary: '导出任务的分配与填报进度',
    tag,
    query: S.CollectTaskIdQuerySchema,
    download: true,
    data: z.unknown(),
  }),

  fillTaskPage: defineEndpoint({
    method: 'GET',
    path: `${base}/fillTasks`,
    summary: '填报任务列表（我的填报 / 待我审核）',
    tag,
    query: S.FillTaskPageQuerySchema,
    data: pageOf(S.FillTaskSchema),
  }),
  fillTaskDetail: defineEndpoint({
    method: 'GET',
    path: `${base}/fillTasks/{id}`,
    summary: '填报任务、表单设计与已填数据',
    tag,
    params: S.CollectIdParamsSchema,
    data: S.FillTaskDetailSchema,
  }),
  commitFill: defineEndpoint({
    method: 'POST',
    path: `${base}/fillTasks/{id}/commit`,
    summary: '提交填报',
    tag,
    params: S.CollectIdParamsSchema,
    data: S.FillTaskSchema,
  }),
  auditFill: defineEndpoint({
    method: 'POST',
    path: `${base}/fillTasks/{id}/audit`,
    summary: '审核填报（通过或退回）',
    tag,
    params: S.CollectIdParamsSchema,
    body: S.AuditFillBodySchema,
    data: S.FillTaskSchema,
  }),
  rollbackFill: defineEndpoint({
    method: 'POST',
    path: `${base}/fillTasks/rollback`,
    summary: '退回填报',
    tag,
    body: S.RollbackFillBodySchema,
    data: S.FillTaskSchema,
  }),

  saveRecords: defineEndpoint({
    method: 'POST',
    path: `${base}/datas/updateOrInsert`,
    summary: '保存填报草稿（新增或修改行）',
    tag,
    body: S.SaveRecordsBodySchema,
    data: S.SaveRecordsAnswerSchema,
  }),
  queryData: defineEndpoint({
    method: 'GET',
    path: `${base}/datas/queryDatasByParam`,
    summary: '采集数据查询',
    tag,
    query: S.CollectDataQuerySchema,
    data: pageOf(S.CollectDataRowSchema),
  }),
  checkUnique: defineEndpoint({
    method: 'POST',
    path: `${base}/datas/checkDataUnique`,
    summary: '检查唯一字段的值是否已被提交',
    tag,
    body: S.CollectCheckUniqueBodySchema,
    data: S.CollectCheckUniqueAnswerSchema,
  }),
  sync: defineEndpoint({
    method: 'POST',
    path: `${base}/datas/synDataByTaskId`,
    summary: '把任务已审核的数据同步到数据仓库（后台任务）',
    tag,
    body: S.CollectSyncBodySchema,
    data: z.object({ taskId: z.string().describe('后台任务编号（getFutureTaskResult 轮询）') }),
  }),

  publicLinkCreate: defineEndpoint({
    method: 'POST',
    path: `${base}/forms/{id}/publicLinks`,
    summary: '为已发布表单创建公开链接',
    tag,
    params: S.CollectIdParamsSchema,
    body: S.CreatePublicLinkBodySchema,
    data: S.PublicLinkSchema,
  }),
  publicLinkList: defineEndpoint({
    method: 'GET',
    path: `${base}/forms/{id}/publicLinks`,
    summary: '表单的公开链接',
    tag,
    params: S.CollectIdParamsSchema,
    data: z.array(S.PublicLinkSchema),
  }),
  publicLinkClose: defineEndpoint({
    method: 'POST',
    path: `${base}/publicLinks/{id}/close`,
    summary: '关闭公开链接',
    tag,
    params: S.CollectIdParamsSchema,
    data: S.PublicLinkSchema,
  }),
  publicForm: defineEndpoint({
    method: 'GET',
    path: `${base}/public/{linkId}`,
    summary: '公开填写页的表单（无需登录）',
    tag,
    params: S.PublicLinkParamsSchema,
    data: S.PublicFormSchema,
  }),
  publicSubmit: defineEndpoint({
    method: 'POST',
    path: `${base}/public/{linkId}`,
    summary: '提交公开填写（无需登录，按地址限流）',
    tag,
    params: S.PublicLinkParamsSchema,
    body: S.PublicSubmitBodySchema,
    data: S.PublicSubmitAnswerSchema,
  }),
  valueNoticePage: defineEndpoint({
    method: 'GET',
    path: `${base}/valueNotices`,
    summary: '数据变更提醒：填报人提交的值与已有数据不同（给数据来源的负责人）',
    tag,
    query: ValueNoticePageQuerySchema,
    data: pageOf(ValueNoticeSchema),
  }),
  valueNoticeRead: defineEndpoint({
    method: 'POST',
    path: `${base}/valueNotices/{id}/read`,
    summary: '确认数据变更提醒',
    tag,
    params: S.CollectIdParamsSchema,
    data: ValueNoticeSchema,
  }),
};

export const FILL_IMPORT = {
  start: collectEndpoints.fillImportJob,
  poll: fillFutureTasks.result,
  done: fillFutureTasks.done,
  template: collectEndpoints.fillTemplate,
  result: S.FillImportResultSchema,
} satisfies ExcelImportEndpoints;
