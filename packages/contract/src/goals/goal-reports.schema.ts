import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { flag, idList, requiredId, requiredText, TEXT_LIMITS, text } from '../platform/text.ts';
import {
  REPORT_AUDIT_DECISIONS,
  REPORT_JOB_STATES,
  REPORT_LEVELS,
  REPORT_SCOPES,
  REPORT_STATES,
} from './goal-reports.enums.ts';

/**
 * Target reports on the wire of `/api/herm-mbrwgl` (spec 1 §7). The spec names the calls but no fields, so
 * these are ours, in English (documented on the OpenAPI page); times are `createTime` (yyyy-MM-dd HH:mm:ss),
 * the report's creation day `createDate` (yyyy-MM-dd, spec 1 §9).
 */

export const REPORT_TEXT_MAX = {
  templateName: TEXT_LIMITS.default,
  outline: TEXT_LIMITS.longContent,
  coverTitle: TEXT_LIMITS.default,
  coverSubtitle: TEXT_LIMITS.default,
  schoolName: TEXT_LIMITS.default,
  opinion: TEXT_LIMITS.audit,
} as const;

const optionalId = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), requiredId(label).optional());

// ---------------------------------------------------------------------------------------------------
// templates and covers

export const ReportTemplateQuerySchema = PagingQuerySchema.extend({
  keyword: text('模板名称').optional(),
});
export const ReportTemplateBodySchema = z.object({
  name: requiredText('模板名称', REPORT_TEXT_MAX.templateName),
  outline: requiredText('报告提纲', REPORT_TEXT_MAX.outline).describe('报告提纲，每行一节'),
});
export const ReportTemplateUpdateBodySchema = ReportTemplateBodySchema.extend({ id: requiredId('报告模板') });
export const ReportIdsBodySchema = z.object({
  ids: idList('编号').pipe(z.array(z.string()).min(1, { error: '请选择记录' })),
});
export const ReportIdBodySchema = z.object({ id: requiredId('记录') });

export const ReportTemplateSchema = z.object({
  id: z.string().describe('模板编号'),
  name: z.string().describe('模板名称'),
  outline: z.string().describe('报告提纲，每行一节'),
  creatorId: z.string().describe('创建人编号'),
  creatorName: z.string().describe('创建人'),
  createTime: z.string().describe('创建时间'),
  updateTime: z.string().describe('修改时间'),
});
export type ReportTemplate = z.infer<typeof ReportTemplateSchema>;

export const ReportCoverBodySchema = z.object({
  title: requiredText('封面标题', REPORT_TEXT_MAX.coverTitle),
  subtitle: text('副标题', REPORT_TEXT_MAX.coverSubtitle).optional(),
  schoolName: requiredText('学校名称', REPORT_TEXT_MAX.schoolName),
});
export const ReportCoverSchema = z.object({
  id: z.string().describe('封面编号'),
  title: z.string().describe('封面标题'),
  subtitle: z.string().describe('副标题'),
  schoolName: z.string().describe('学校名称'),
  isDefault: z.boolean().describe('是否默认封面（有且仅有一个）'),
  creatorName: z.string().describe('创建人'),
  createTime: z.string().describe('创建时间'),
});
export type ReportCover = z.infer<typeof ReportCoverSchema>;

// ---------------------------------------------------------------------------------------------------
// reports

/** Which report: a task's (`taskId`) or, without one, the year target's (`yearTargetId`). */
export const ReportSubjectSchema = z.object({
  yearTargetId: optionalId('年度目标'),
  taskId: optionalId('目标任务'),
});
export type ReportSubject = z.output<typeof ReportSubjectSchema>;

export const ReportPageQuerySchema = PagingQuerySchema.extend({
  keyword: text('名称').optional().describe('年度目标或任务名称'),
  cycleYear: z.coerce.number().int().min(2000).max(2100).optional().describe('年度'),
  yearTargetId: optionalId('年度目标'),
  scope: z.enum(REPORT_SCOPES, { error: '报告对象不正确' }).optional().describe('报告对象'),
  state: z.enum(REPORT_STATES, { error: '报告状态不正确' }).optional().describe('报告状态'),
  toAudit: flag('只列待我审核的报告（首页待办）').optional(),
});
export const ReportByTaskQuerySchema = z.object({ taskId: requiredId('目标任务') });
export const ReportLevelBodySchema = z.object({
  yearTargetId: optionalId('年度目标'),
  taskId: optionalId('目标任务'),
  levelSelf: z.enum(REPORT_LEVELS, { error: '请选择自评等级' }).describe('自评等级 A/B/C/D'),
});
export const ReportAuditBodySchema = z.object({
  yearTargetId: optionalId('年度目标'),
  taskId: optionalId('目标任务'),
  decision: z.enum(REPORT_AUDIT_DECISIONS, { error: '请选择审核结果' }).describe('审核结果'),
  opinion: text('审核意见', REPORT_TEXT_MAX.opinion).optional(),
});
export const ReportGenerateBodySchema = z.object({
  yearTargetId: optionalId('年度目标'),
  taskId: optionalId('目标任务'),
  templateId: optionalId('报告模板'),
  coverId: optionalId('报告封面').describe('报告封面，缺省为默认封面'),
});
export const ReportJobQuerySchema = z.object({ id: requiredId('生成任务') });
export const ReportDownloadQuerySchema = z.object({ id: requiredId('报告') });

export const ReportJobSchema = z.object({
  id: z.string().describe('生成任务编号'),
  state: z.enum(REPORT_JOB_STATES).describe('running 生成中, done 已生成, failed 生成失败'),
  progress: z.number().int().min(0).max(100).describe('进度 0–100'),
  fileId: z.string().nullable().describe('生成的文档（完成后）'),
  message: z.string().describe('说明（失败原因）'),
});
export type ReportJob = z.infer<typeof ReportJobSchema>;

export const TargetReportSchema = z.object({
  id: z.string().nullable().describe('报告编号（尚未保存过为空）'),
  scope: z.enum(REPORT_SCOPES).describe('报告对象'),
  scopeName: z.string().describe('报告对象名称'),
  yearTargetId: z.string().describe('年度目标编号'),
  yearTargetName: z.string().describe('年度目标'),
  cycleYear: z.number().int().describe('年度'),
  taskId: z.string().nullable().describe('目标任务编号（年度目标报告为空）'),
  taskName: z.string().nullable().describe('任务名称'),
  departmentName: z.string().nullable().describe('责任部门'),
  principalName: z.string().nullable().describe('负责人'),
  levelSelf: z.enum(REPORT_LEVELS).nullable().describe('自评等级'),
  levelSelfName: z.string().nullable().describe('自评等级名称'),
  state: z.enum(REPORT_STATES).describe('报告状态'),
  stateName: z.string().describe('报告状态名称'),
  opinion: z.string().describe('审核意见'),
  fileId: z.string().nullable().describe('最近生成的文档'),
  fileName: z.string().nullable().describe('下载文件名'),
  generateTime: z.string().nullable().describe('最近生成时间'),
  submitTime: z.string().nullable().describe('提交时间'),
  auditorName: z.string().nullable().describe('审核人'),
  auditTime: z.string().nullable().describe('审核时间'),
  createDate: z.string().nullable().describe('报告创建日期 yyyy-MM-dd'),
  job: ReportJobSchema.nullable().describe('最近一次生成任务'),
  canEdit: z.boolean().describe('当前用户可填写自评、生成与提交'),
  canAudit: z.boolean().describe('当前用户可审核'),
});
export type TargetReport = z.infer<typeof TargetReportSchema>;
