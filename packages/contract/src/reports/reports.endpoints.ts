import { z } from 'zod';
import { ComputedWhyWireSchema } from '../computed/computed.wire.ts';
import { WarningRowWireSchema } from '../diagnosis/diagnosis.warnings.wire.ts';
import { QualityRowWireSchema } from '../diagnosis/diagnosis.wire.ts';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import { futureTaskEndpoints } from '../platform/jobs.ts';
import { requiredId } from '../platform/text.ts';
import { EXPERT_KINDS } from './reports.enums.ts';
import * as S from './reports.schema.ts';
import * as W from './reports.wire.ts';

/** 质量报告 lives in the diagnosis service (DESIGN §1: herm-zdgj, report). */
export const QUALITY_REPORT_BASE = '/api/herm-zdgj';
const base = QUALITY_REPORT_BASE;
const tag = '质量报告';

const get = <Q extends z.ZodType, D extends z.ZodType>(path: string, summary: string, query: Q, data: D) =>
  defineEndpoint({ method: 'GET', path: `${base}/${path}`, summary, tag, query, data });
const post = <B extends z.ZodType, D extends z.ZodType>(path: string, summary: string, body: B, data: D) =>
  defineEndpoint({ method: 'POST', path: `${base}/${path}`, summary, tag, body, data });
const done = z.null();

const UserOptionSchema = z.object({ id: z.string(), name: z.string(), departmentName: z.string() });
export const ExpertCandidateSchema = UserOptionSchema.extend({
  kind: z.enum(EXPERT_KINDS).describe('校内专家或校外专家（同时有两种角色的算校内）'),
});
export type ExpertCandidate = z.infer<typeof ExpertCandidateSchema>;

export const qualityReportEndpoints = {
  selectPage: get(
    'report/selectpage',
    '质量报告分页（all 可见的全部；todo 待我评审或审核；shared 分享给我的）',
    S.ReportListQuerySchema,
    pageOf(W.ReportSummaryWireSchema),
  ),
  selectById: get(
    'report/selectbybgid',
    '一份报告：报告头、总体概况、叙述、改进成效、自我诊断总结、专家与分享',
    S.ReportIdQuerySchema,
    W.ReportViewWireSchema,
  ),
  insert: post(
    'report/insert',
    '生成汇总分析报告（诊断任务、对象任务或部门）',
    S.ReportInsertBodySchema,
    W.ReportSummaryWireSchema,
  ),
  batchInsert: post(
    'report/batch/insert',
    '批量生成对象分析报告：为诊断任务的每个对象任务生成一份（已有对象报告的跳过），启动后台任务，用 report/getFutureTaskResult 查询进度与结果',
    S.ReportBatchBodySchema,
    z.object({ taskId: z.string().describe('批量生成任务编号') }),
  ),
  update: post(
    'report/update',
    '修改报告名称、模板与封面（草稿或已驳回）',
    S.ReportUpdateBodySchema,
    W.ReportSummaryWireSchema,
  ),
  remove: post('report/ids/delete', '删除报告（草稿或已驳回，创建人）', S.QualityReportIdsBodySchema, done),
  submit: post('report/submit', '提交评审', S.QualityReportIdBodySchema, W.ReportSummaryWireSchema),
  experts: post(
    'report/experts/update',
    '分配评审专家（校内、校外专家）',
    S.ReportExpertsBodySchema,
    W.ReportSummaryWireSchema,
  ),
  expertCandidates: get(
    'report/experts/candidates',
    '可选的评审专家',
    z.object({}),
    z.array(ExpertCandidateSchema),
  ),
  expertReview: post(
    'report/review/expertreview',
    '专家评审：复核结果、评分与意见',
    S.ExpertReviewBodySchema,
    W.ReportSummaryWireSchema,
  ),
  schoolReview: post(
    'report/review/schoolreview',
    '学校审核：复核结果 fhjg 决定学校印章',
    S.SchoolReviewBodySchema,
    W.ReportSummaryWireSchema,
  ),
  reject: post(
    'report/reject',
    '驳回（评审的任一阶段，须填写原因）',
    S.RejectBodySchema,
    W.ReportSummaryWireSchema,
  ),
  reviews: get(
    'report/review/select',
    '报告的评审记录',
    S.ReportIdQuerySchema,
    z.array(S.ReportReviewSchema),
  ),
  discussions: get('report/discuss/select', '报告的讨论', S.ReportIdQuerySchema, z.array(S.DiscussionSchema)),
  discuss: post('report/discuss/insert', '发表讨论', S.DiscussInsertBodySchema, S.DiscussionSchema),
  share: post(
    'report/share',
    '分享（只读）给用户或部门；提交的列表替换原有分享',
    S.ShareBodySchema,
    W.ReportSummaryWireSchema,
  ),
  explainSave: post(
    'report/explain/save',
    '保存自我诊断总结（各项名称与内容）',
    S.ExplainSaveBodySchema,
    z.array(S.ExplainItemSchema),
  ),
  pointTable: get(
    'report/table/points',
    '报告的统计表：目标监测、未达标指标、未完成目标（与叙述中的数字一致）',
    S.ReportTableQuerySchema.extend({
      table: z.enum(['points', 'below', 'unfinished'], { error: '统计表不正确' }),
    }),
    pageOf(QualityRowWireSchema),
  ),
  warningTable: get(
    'report/table/warnings',
    '报告的预警记录表（每个预警质控点一行）',
    S.ReportIdQuerySchema.extend(S.ReportTableQuerySchema.omit({ bgid: true, table: true }).shape),
    pageOf(WarningRowWireSchema),
  ),
  why: get(
    'report/why',
    '报告中一个质控点的数据来源（为什么是这个值）：采样的算法、版本与参数',
    S.ReportIdQuerySchema.extend({ zgzkdid: requiredId('质控点') }),
    ComputedWhyWireSchema,
  ),
  downloadWord: post(
    'report/downloadword',
    '生成 Word 报告：启动生成任务，用 report/getFutureTaskResult 查询进度',
    S.QualityReportIdBodySchema,
    z.object({ taskId: z.string().describe('生成任务编号') }),
  ),
  wordFile: defineEndpoint({
    method: 'GET',
    path: `${base}/report/word`,
    summary: '下载最近生成的 Word 报告',
    tag,
    query: S.ReportIdQuerySchema,
    download: true,
    data: z.unknown(),
  }),

  templates: get(
    'report/template/selectpage',
    '报告模板分页',
    S.TemplateQuerySchema,
    pageOf(S.QualityReportTemplateSchema),
  ),
  templateInsert: post(
    'report/template/insert',
    '新增报告模板',
    S.TemplateBodySchema,
    S.QualityReportTemplateSchema,
  ),
  templateUpdate: post(
    'report/template/update',
    '修改报告模板',
    S.TemplateUpdateBodySchema,
    S.QualityReportTemplateSchema,
  ),
  templateDelete: post('report/template/ids/delete', '删除报告模板', S.TemplateIdsBodySchema, done),
  covers: get(
    'report/cover/selectpage',
    '报告封面分页',
    S.TemplateQuerySchema.omit({ keyword: true }),
    pageOf(S.QualityReportCoverSchema),
  ),
  coverInsert: post(
    'report/cover/insert',
    '新增报告封面（第一个即为默认）',
    S.CoverBodySchema,
    S.QualityReportCoverSchema,
  ),
  coverDelete: post('report/cover/delete', '删除报告封面', S.CoverIdBodySchema, done),
  coverDefault: post('report/cover/default', '设为默认封面', S.CoverIdBodySchema, S.QualityReportCoverSchema),

  seals: get('report/seal/select', '印章（按类型与复核结果）', z.object({}), z.array(S.SealSchema)),
  sealUpload: defineEndpoint({
    method: 'POST',
    path: `${base}/report/seal/upload`,
    summary: '上传印章图片（系统管理员；multipart：file、kind、fhjg）',
    tag,
    multipart: true,
    body: S.SealBodySchema,
    data: S.SealSchema,
  }),
  sealImage: defineEndpoint({
    method: 'GET',
    path: `${base}/report/seal/image`,
    summary: '印章图片',
    tag,
    query: S.SealBodySchema,
    download: true,
    data: z.unknown(),
  }),
};

export const qualityReportFutureTasks = futureTaskEndpoints(`${base}/report`, tag);
