import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import * as S from './goal-reports.schema.ts';
import { GOALS_BASE } from './goals.endpoints.ts';

const tag = '目标报告';
const get = <Q extends z.ZodType, D extends z.ZodType>(path: string, summary: string, query: Q, data: D) =>
  defineEndpoint({ method: 'GET', path: `${GOALS_BASE}/${path}`, summary, tag, query, data });
const post = <B extends z.ZodType, D extends z.ZodType>(path: string, summary: string, body: B, data: D) =>
  defineEndpoint({ method: 'POST', path: `${GOALS_BASE}/${path}`, summary, tag, body, data });

/** Target reports, their templates and covers (spec 1 §7), under `/api/herm-mbrwgl`. */
export const goalReportsEndpoints = {
  templates: get(
    'targetReportTemplate/selectPage',
    '报告模板分页',
    S.ReportTemplateQuerySchema,
    pageOf(S.ReportTemplateSchema),
  ),
  templateInsert: post(
    'targetReportTemplate/insert',
    '新增报告模板（年度目标发布者）',
    S.ReportTemplateBodySchema,
    S.ReportTemplateSchema,
  ),
  templateUpdate: post(
    'targetReportTemplate/update',
    '修改报告模板（年度目标发布者）',
    S.ReportTemplateUpdateBodySchema,
    S.ReportTemplateSchema,
  ),
  templateDelete: post(
    'targetReportTemplate/ids/delete',
    '删除报告模板（JSON）',
    S.ReportIdsBodySchema,
    z.null(),
  ),

  covers: get(
    'targetReportCover/selectpage',
    '报告封面分页',
    S.ReportTemplateQuerySchema.omit({ keyword: true }),
    pageOf(S.ReportCoverSchema),
  ),
  coverInsert: post(
    'targetReportCover/insert',
    '新增报告封面（第一个封面即为默认）',
    S.ReportCoverBodySchema,
    S.ReportCoverSchema,
  ),
  coverDelete: post(
    'targetReportCover/delete',
    '删除报告封面（删除默认封面时最新的另一个成为默认）',
    S.ReportIdsBodySchema,
    z.null(),
  ),
  coverDefault: post('targetReportCover/default', '设为默认封面', S.ReportIdBodySchema, S.ReportCoverSchema),

  reportPage: get(
    'targetReport/getReportPage',
    '目标报告分页：可见的年度目标与任务及其报告',
    S.ReportPageQuerySchema,
    pageOf(S.TargetReportSchema),
  ),
  reportByTask: get(
    'targetReport/getReportByTask',
    '任务的目标报告',
    S.ReportByTaskQuerySchema,
    S.TargetReportSchema,
  ),
  updateLevelSelf: post(
    'targetReport/updateLevelSelf',
    '填写自评等级',
    S.ReportLevelBodySchema,
    S.TargetReportSchema,
  ),
  submitAudit: post('targetReport/submitAudit', '提交报告审核', S.ReportSubjectSchema, S.TargetReportSchema),
  audit: post(
    'targetReport/audit',
    '审核报告：任务报告由任务创建人审核，年度目标报告由校领导审核',
    S.ReportAuditBodySchema,
    S.TargetReportSchema,
  ),
  generateReport: post(
    'targetReport/generateReport',
    '生成 Word 报告：启动生成任务，用 getFutureTaskResult 查询进度',
    S.ReportGenerateBodySchema,
    S.ReportJobSchema,
  ),
  futureTaskResult: get(
    'targetReport/getFutureTaskResult',
    '报告生成任务的进度（0–100），完成后给出文档编号',
    S.ReportJobQuerySchema,
    S.ReportJobSchema,
  ),
  download: defineEndpoint({
    method: 'GET',
    path: `${GOALS_BASE}/targetReport/download`,
    summary: '下载最近生成的报告（<年度目标名称>目标报告.docx）',
    tag,
    query: S.ReportDownloadQuerySchema,
    download: true,
    data: z.unknown(),
  }),
};
