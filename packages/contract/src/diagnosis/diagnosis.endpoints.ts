import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import * as S from './diagnosis.schema.ts';
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

const done = z.null();

export const diagnosisEndpoints = {
  // tasks
  taskList: get(
    'task/selectlist',
    '诊断任务列表（按页面类型）',
    S.TaskListQuerySchema,
    pageOf(W.TaskWireSchema),
  ),
  taskDetail: get(
    'task/selectdto',
    '诊断任务详情',
    z.object({ id: z.string().min(1).max(64) }),
    W.TaskWireSchema,
  ),
  taskCount: get(
    'task/selectnum',
    '各状态任务数',
    undefined,
    z.object({ normal: z.number().int(), pause: z.number().int(), finished: z.number().int() }),
  ),
  taskInsert: post('task/insert', '新建诊断任务', S.TaskBodySchema, W.TaskWireSchema),
  taskUpdate: post('task/update', '修改诊断任务', S.TaskUpdateBodySchema, W.TaskWireSchema),
  taskState: post('task/updateState', '暂停、恢复或结束任务', S.TaskStateBodySchema, W.TaskWireSchema),
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
    pageOf(W.DiagnosisObjectWireSchema),
  ),
  objectTasks: get('obj/select', '任务的对象任务', S.ObjectTasksQuerySchema, pageOf(W.ObjectTaskWireSchema)),
  reviewQueue: get(
    'obj/selectbyshjd',
    '待审核：有已提交质控点的对象任务（诊断审核者）',
    S.ReviewQueueQuerySchema,
    pageOf(W.ReviewObjectTaskWireSchema),
  ),
  objectTaskDetail: get('obj/selectdto', '对象任务详情', S.ObjectTaskQuerySchema, W.ObjectTaskWireSchema),
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
    W.ObjectTaskWireSchema,
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
  objectWarnCount: get(
    'obj/selectwarningcount',
    '对象任务预警数',
    S.ObjectTaskQuerySchema,
    W.WarnCountWireSchema,
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
  dispose: post('warningflow/dispose', '处理预警', S.DisposeBodySchema, W.WarningRecordWireSchema),
  warnCount: get(
    'warningflow/queryWarnCount',
    '预警次数与已处理次数',
    S.WarnQuerySchema,
    W.WarnCountWireSchema,
  ),
  warnGrid: get(
    'warningflow/queryWarnGrid',
    '预警表（按质控点）',
    S.WarnGridQuerySchema,
    pageOf(W.WarningRowWireSchema),
  ),
  warnList: get(
    'warningflow/queryWarnList',
    '一个质控点的预警历史',
    S.WarnListQuerySchema,
    z.array(W.WarningRecordWireSchema),
  ),

  // attachments
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
