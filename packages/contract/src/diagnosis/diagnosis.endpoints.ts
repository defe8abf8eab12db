import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import { futureTaskEndpoints } from '../platform/jobs.ts';
import * as A from './diagnosis.analysis.wire.ts';
import * as S from './diagnosis.schema.ts';
import * as T from './diagnosis.tasks.wire.ts';
import * as Warn from './diagnosis.warnings.wire.ts';
import * as W from './diagnosis.wire.ts';

const base = '/api/herm-zdgj';
const files = '/api/herm-sjgl';
const tag = '诊断改进';
const fileTag = '支撑附件';

const get = <Q extends z.ZodType | undefined, D extends z.ZodType>(
  path: string,
  summary: string,
  query: Q,
  data: D,
) => defineEndpoint({ method: 'GET', path: `${base}/${path}`, summary, tag, query, data });
const post = <B extends z.ZodType, D extends z.ZodType>(path: string, summary: string, body: B, data: D) =>
  defineEndpoint({ method: 'POST', path: `${base}/${path}`, summary, tag, body, data });

/** An Excel download of a list, the list's own filters in its query. */
const download = <Q extends z.ZodType>(path: string, summary: string, query: Q) =>
  defineEndpoint({
    method: 'GET',
    path: `${base}/${path}`,
    summary,
    tag,
    query,
    download: true,
    data: z.unknown(),
  });

const done = z.null();
const batchDone = z.object({
  objectTasks: z.number().int().describe('涉及的对象任务数'),
  updated: z.number().int().describe('变更的质控点数'),
});
const jobStarted = z.object({
  taskId: z.string().describe('后台任务编号（用 obj/getFutureTaskResult 查询）'),
});

export const diagnosisEndpoints = {
  // tasks
  taskList: get(
    'task/selectlist',
    '诊断任务列表（按页面类型）',
    S.TaskListQuerySchema,
    pageOf(T.TaskWireSchema),
  ),
  taskDetail: get(
    'task/selectdto',
    '诊断任务详情',
    z.object({ id: z.string().min(1).max(64) }),
    T.TaskWireSchema,
  ),
  taskCount: get(
    'task/selectnum',
    '各状态任务数',
    undefined,
    z.object({ normal: z.number().int(), pause: z.number().int(), finished: z.number().int() }),
  ),
  taskInsert: post('task/insert', '新建诊断任务', S.TaskBodySchema, T.TaskWireSchema),
  taskUpdate: post('task/update', '修改诊断任务', S.TaskUpdateBodySchema, T.TaskWireSchema),
  taskState: post('task/updateState', '暂停、恢复或结束任务', S.TaskStateBodySchema, T.TaskWireSchema),
  taskCloseOutdated: post(
    'task/closeOutdated',
    '结束已过期的任务',
    z.object({}),
    z.object({ closed: z.number().int() }),
  ),
  taskDelete: post('task/ids/delete', '删除诊断任务', S.IdsBodySchema, done),

  // objects and object tasks
  objects: get(
    'obj/objects',
    '诊断对象（按层级）',
    S.ObjectsQuerySchema,
    pageOf(T.DiagnosisObjectWireSchema),
  ),
  objectTasks: get('obj/select', '任务的对象任务', S.ObjectTasksQuerySchema, pageOf(T.ObjectTaskWireSchema)),
  reviewQueue: get(
    'obj/selectbyshjd',
    '待审核：有已提交质控点的对象任务（诊断审核者）',
    S.ReviewQueueQuerySchema,
    pageOf(T.ReviewObjectTaskWireSchema),
  ),
  objectTaskDetail: get('obj/selectdto', '对象任务详情', S.ObjectTaskQuerySchema, T.ObjectTaskWireSchema),
  objectTasksInsert: post(
    'obj/insertlist',
    '添加诊断对象',
    S.ObjectTasksInsertBodySchema,
    z.object({ added: z.number().int() }),
  ),
  objectTaskDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/obj/{id}/delete`,
    summary: '移除诊断对象',
    tag,
    params: z.object({ id: z.string().min(1).max(64) }),
    data: done,
  }),
  objectTaskCharger: post(
    'obj/updatePushedCharger',
    '设置负责人与共享人',
    S.ChargerBodySchema,
    T.ObjectTaskWireSchema,
  ),
  refreshTarget: post(
    'obj/refreshTarget',
    '按目标标准下达质控点与目标值',
    S.RefreshTargetBodySchema,
    z.object({ assigned: z.number().int(), updated: z.number().int() }),
  ),
  diagnoseAgain: post(
    'obj/diagnoseagain',
    '重新诊断',
    S.IdBodySchema,
    z.object({ points: z.number().int() }),
  ),
  authority: get(
    'obj/authority',
    '当前用户对对象任务的权限（决定可用的按钮）',
    S.ObjectTaskQuerySchema,
    A.ObjectAuthorityWireSchema,
  ),
  upList: post(
    'obj/updateuplist',
    '批量上报：负责人把所选对象任务中未提交或未通过的质控点提交审核',
    S.ObjectTaskListBodySchema,
    batchDone,
  ),
  downList: post(
    'obj/updatedownlist',
    '批量退回：审核人把所选对象任务中待审核的质控点退回负责人',
    S.ObjectTaskRefuseBodySchema,
    batchDone,
  ),
  asyncUpList: post(
    'obj/asyncupdateuplist',
    '批量上报（后台任务；结果与 obj/updateuplist 相同）',
    S.ObjectTaskListBodySchema,
    jobStarted,
  ),
  asyncDownList: post(
    'obj/asyncupdatedownlist',
    '批量退回（后台任务；结果与 obj/updatedownlist 相同）',
    S.ObjectTaskRefuseBodySchema,
    jobStarted,
  ),
  objectWarnCount: get(
    'obj/selectwarningcount',
    '对象任务预警数',
    S.ObjectTaskQuerySchema,
    Warn.WarnCountWireSchema,
  ),

  // points of an object task
  points: get(
    'quality/select',
    '对象任务的质控点（不分页）',
    S.ObjectTaskQuerySchema,
    z.array(W.QualityRowWireSchema),
  ),
  point: get('quality/selectbyid', '一个质控点', S.PointQuerySchema, W.QualityRowWireSchema),
  samples: get('quality/selectcollent', '采样数据', S.SamplesQuerySchema, z.array(W.SampleWireSchema)),
  sampleInsert: post('quality/sample/insert', '新增采样值', S.SampleBodySchema, W.QualityRowWireSchema),
  targetsUpdate: post(
    'quality/updateupmbz',
    '批量修改目标值',
    S.TargetsBodySchema,
    z.object({ updated: z.number().int() }),
  ),
  targetsCommit: post(
    'quality/updatembzcommit',
    '目标值提交：负责人保存目标值并把这些质控点提交审核',
    S.TargetsCommitBodySchema,
    z.object({ updated: z.number().int().describe('提交的质控点数') }),
  ),
  resultUpdate: post('quality/updateupjgz', '填报结果与修正值', S.ResultBodySchema, W.QualityRowWireSchema),
  calResult: post(
    'quality/calresult',
    '重新计算等级与标记',
    S.ObjectTaskQuerySchema,
    z.object({ points: z.number().int() }),
  ),
  disqualified: get(
    'quality/disqualified',
    '未达标质控点（分页）',
    S.DisqualifiedQuerySchema,
    pageOf(W.QualityRowWireSchema),
  ),
  myPoints: get(
    'quality/selectmine',
    '我负责的待办质控点（分页）：运行中任务里待填报或退回待修改的质控点，与首页待办同一条件',
    S.MyPointsQuerySchema,
    pageOf(W.QualityRowWireSchema),
  ),
  pointsExport: download(
    'quality/export',
    '导出对象任务的质控点结果表（Excel，不分页）',
    S.ObjectTaskQuerySchema,
  ),
  disqualifiedExport: download(
    'quality/disqualified/export',
    '导出未达标质控点（Excel，按列表的筛选条件，全部行）',
    S.DisqualifiedExportQuerySchema,
  ),
  disqualifiedUpdate: post(
    'disqualified/update',
    '保存原因分析与改进措施',
    S.DisqualifiedBodySchema,
    W.QualityRowWireSchema,
  ),

  // audit
  auditDynamic: get('audit/dynamic', '审核记录', S.PointQuerySchema, z.array(W.AuditRecordWireSchema)),
  auditSubmit: post('audit/submit', '提交审核', S.AuditBodySchema, z.object({ updated: z.number().int() })),
  auditPass: post('audit/pass', '审核通过', S.AuditBodySchema, z.object({ updated: z.number().int() })),
  auditRefuse: post(
    'audit/refuse',
    '审核不通过',
    S.RefuseBodySchema,
    z.object({ updated: z.number().int() }),
  ),

  // focus and warnings
  focus: post('focus', '关注或取消关注', S.FocusBodySchema, z.object({ focus: z.boolean() })),
  dispose: post('warningflow/dispose', '处理预警', S.DisposeBodySchema, Warn.WarningRecordWireSchema),
  warnCount: get(
    'warningflow/queryWarnCount',
    '预警次数与已处理次数',
    S.WarnQuerySchema,
    Warn.WarnCountWireSchema,
  ),
  warnGrid: get(
    'warningflow/queryWarnGrid',
    '预警表（按质控点）',
    S.WarnGridQuerySchema,
    pageOf(Warn.WarningRowWireSchema),
  ),
  warnGridExport: download(
    'warningflow/exportWarnGrid',
    '导出预警表（Excel，按列表的筛选条件，全部行）',
    S.WarnGridExportQuerySchema,
  ),
  warnList: get(
    'warningflow/queryWarnList',
    '一个质控点的预警历史',
    S.WarnListQuerySchema,
    z.array(Warn.WarningRecordWireSchema),
  ),

  // analysis
  analysisTasks: get(
    'analysis/selectTaskByDimension',
    '统计分析：某诊断层级（维度）下可查看的任务',
    S.AnalysisTasksQuerySchema,
    z.array(T.TaskWireSchema),
  ),
  analysisObjects: get(
    'analysis/selectObjectByTaskId',
    '统计分析：任务的诊断对象及其达标情况（分页）',
    S.AnalysisObjectsQuerySchema,
    pageOf(A.AnalysisObjectWireSchema),
  ),
  analysisQuality: get(
    'analysis/selectQuality',
    '统计分析：任务（或一个对象任务）各质控点的达标情况；有最新缓存时用缓存',
    S.AnalysisQualityQuerySchema,
    A.AnalysisQualityWireSchema,
  ),
  analysisCache: post(
    'analysis/cacheQualityByTaskId',
    '预先计算任务的质控点分析（后台任务），供 analysis/selectQuality 使用',
    S.AnalysisCacheBodySchema,
    jobStarted,
  ),

  // attachments
  pointFiles: defineEndpoint({
    method: 'GET',
    path: `${files}/file/list`,
    summary: '对象任务的支撑附件（分页，可按质控点、阶段、文件名筛选）',
    tag: fileTag,
    query: S.PointFilesQuerySchema,
    data: pageOf(A.PointFileWireSchema),
  }),
  fileList: post(
    'quality/uploadFileList',
    '保存支撑附件',
    S.FileListBodySchema,
    z.array(W.QualityFileWireSchema),
  ),
  fileDelete: post('quality/deleteFile', '删除支撑附件', S.FileDeleteBodySchema, done),
  upload: defineEndpoint({
    method: 'POST',
    path: `${files}/document/upload`,
    summary: '上传附件（普通上传）',
    tag: fileTag,
    multipart: true,
    data: W.UploadWireSchema,
  }),
  chunkUpload: defineEndpoint({
    method: 'POST',
    path: `${files}/file/burster/upload`,
    summary: '分片上传（一个分片）',
    tag: fileTag,
    multipart: true,
    body: S.ChunkBodySchema,
    data: z.object({ chunk: z.number().int(), received: z.number().int() }),
  }),
  chunkList: defineEndpoint({
    method: 'GET',
    path: `${files}/file/burster/chunks`,
    summary: '已收到的分片（断点续传）',
    tag: fileTag,
    query: S.ChunkListQuerySchema,
    data: W.ChunkListWireSchema,
  }),
  chunkMerge: defineEndpoint({
    method: 'POST',
    path: `${files}/file/burster/merge`,
    summary: '合并分片（合并中答复 waitting，客户端每秒轮询）',
    tag: fileTag,
    body: S.MergeBodySchema,
    data: W.MergeWireSchema,
  }),
  fileDownload: defineEndpoint({
    method: 'GET',
    path: `${files}/file/download`,
    summary: '下载或预览一个附件',
    tag: fileTag,
    query: S.FileDownloadQuerySchema,
    download: true,
    data: z.unknown(),
  }),
  filesDownload: defineEndpoint({
    method: 'GET',
    path: `${files}/file/downloadFiles`,
    summary: '打包下载附件（<质控点名称>支撑附件.zip）',
    tag: fileTag,
    query: S.FilesDownloadQuerySchema,
    download: true,
    data: z.unknown(),
  }),
};

/** The job pair of the diagnosis service (batch 上报/退回, the analysis cache): obj/getFutureTaskResult, obj/doneFutureTask. */
export const diagnosisFutureTasks = futureTaskEndpoints(`${base}/obj`, tag);
