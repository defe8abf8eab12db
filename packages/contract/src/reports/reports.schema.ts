import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { idList, requiredId, requiredText, text } from '../platform/text.ts';
import { QUALITY_REPORT_MESSAGES as M } from './report-states.ts';
import {
  IMPROVEMENT_TRENDS,
  QUALITY_REPORT_SCOPES,
  QUALITY_REPORT_STATES,
  QUALITY_REPORT_TEXT_MAX,
  REPORT_EXPLAIN_MAX_ITEMS,
  REPORT_SECTIONS,
  REPORT_TABLES,
  REVIEW_KINDS,
  REVIEW_RESULTS,
  SEAL_KINDS,
} from './reports.enums.ts';

// ------------------------------------------------------------------------------------------ inputs

const reportId = requiredId('报告');
const resultField = z.enum(REVIEW_RESULTS, { error: '请选择复核结果' }).describe('复核结果 fhjg');
const opinion = (label: string) => text(label, QUALITY_REPORT_TEXT_MAX.opinion);

/** A score of 0–100 with at most two decimals; form bodies send it as text. */
const score = z
  .union([z.number(), z.string().trim().min(1, { error: M.scoreRange })], { error: M.scoreRange })
  .transform((v) => Number(v))
  .pipe(
    z
      .number({ error: M.scoreRange })
      .min(0, { error: M.scoreRange })
      .max(100, { error: M.scoreRange })
      .refine((v) => Math.round(v * 100) === v * 100, { error: M.scoreRange }),
  )
  .describe('评分 0–100');

export const ReportListQuerySchema = PagingQuerySchema.extend({
  keyword: text('报告名称').optional(),
  state: z.enum(QUALITY_REPORT_STATES, { error: '报告状态不正确' }).optional().describe('报告状态'),
  /** all: every report the caller may read; todo: those waiting for the caller's review; shared: shared with him. */
  view: z.enum(['all', 'todo', 'shared'], { error: '列表类型不正确' }).default('all').describe('列表类型'),
  rwid: requiredId('诊断任务').optional(),
  bmid: requiredId('部门').optional().describe('部门汇总分析：该部门的部门报告'),
});

export const ReportIdQuerySchema = z.object({ bgid: reportId });

export const ReportInsertBodySchema = z.object({
  rwid: requiredId('诊断任务'),
  scope: z.enum(QUALITY_REPORT_SCOPES, { error: '请选择报告范围' }).describe('报告范围'),
  dxrwid: requiredId('对象任务').optional(),
  bmid: requiredId('部门').optional(),
  reportName: text('报告名称', QUALITY_REPORT_TEXT_MAX.name).optional(),
  templateId: requiredId('报告模板').optional(),
  coverId: requiredId('报告封面').optional(),
});

/**
 * 批量生成: an object report (scope objectTask) for every object task of the diagnosis task, as one job. An
 * object task that already has an object report of the task is skipped, so running it again adds nothing twice.
 */
export const ReportBatchBodySchema = z.object({
  rwid: requiredId('诊断任务'),
  templateId: requiredId('报告模板').optional(),
  coverId: requiredId('报告封面').optional(),
});

export const ReportBatchFailureSchema = z.object({
  objectTaskId: z.string().describe('对象任务编号'),
  objectName: z.string().describe('诊断对象名称'),
  reason: z.string().describe('未生成的原因'),
});

/** What a finished batch job answers in its `result`. */
export const ReportBatchResultSchema = z.object({
  total: z.number().int().describe('任务的对象任务数'),
  generated: z.number().int().describe('本次生成的报告数'),
  skipped: z.number().int().describe('已有对象报告而跳过的数目'),
  failed: z.array(ReportBatchFailureSchema).describe('未生成的对象及原因'),
});
export type ReportBatchResult = z.infer<typeof ReportBatchResultSchema>;

/** 已生成N份，跳过M份，失败K份: a batch's outcome in one line (the job's closing note and the web's summary). */
export const reportBatchSummary = (result: ReportBatchResult) =>
  `已生成${result.generated}份，跳过${result.skipped}份，失败${result.failed.length}份`;

export const ReportUpdateBodySchema = z.object({
  bgid: reportId,
  reportName: requiredText('报告名称', QUALITY_REPORT_TEXT_MAX.name),
  templateId: requiredId('报告模板').optional(),
  coverId: requiredId('报告封面').optional(),
});

export const QualityReportIdsBodySchema = z.object({
  ids: idList('报告').pipe(z.array(z.string()).min(1, { error: '请选择报告' })),
});
export const QualityReportIdBodySchema = z.object({ bgid: reportId });

export const ReportExpertsBodySchema = z.object({
  bgid: reportId,
  userIds: idList('评审专家').pipe(z.array(z.string()).min(1, { error: M.needExperts }).max(20)),
});

export const ExpertReviewBodySchema = z.object({
  bgid: reportId,
  fhjg: resultField,
  score,
  opinion: requiredText('评审意见', QUALITY_REPORT_TEXT_MAX.opinion),
});

export const SchoolReviewBodySchema = z.object({
  bgid: reportId,
  fhjg: resultField,
  opinion: opinion('审核意见').default(''),
});

export const RejectBodySchema = z.object({ bgid: reportId, reason: requiredText('驳回原因', 500) });

export const DiscussInsertBodySchema = z.object({
  bgid: reportId,
  content: requiredText('讨论内容', QUALITY_REPORT_TEXT_MAX.discussion),
  replyToId: requiredId('回复的讨论').optional(),
});

export const ShareBodySchema = z.object({
  bgid: reportId,
  userIds: idList('分享用户').default([]),
  departmentIds: idList('分享部门').default([]),
});

export const ExplainItemSchema = z.object({
  name: requiredText('总结项名称', QUALITY_REPORT_TEXT_MAX.explainName),
  text: requiredText('总结内容', QUALITY_REPORT_TEXT_MAX.explainText),
});
export const ExplainSaveBodySchema = z.object({
  bgid: reportId,
  items: z
    .array(ExplainItemSchema, { error: '自我诊断总结格式不正确' })
    .max(REPORT_EXPLAIN_MAX_ITEMS, { error: `自我诊断总结最多${REPORT_EXPLAIN_MAX_ITEMS}项` }),
});

export const ReportTableQuerySchema = PagingQuerySchema.extend({
  bgid: reportId,
  table: z.enum(REPORT_TABLES, { error: '统计表不正确' }).describe('统计表'),
});

export const TemplateSectionSchema = z.object({
  key: z.enum(REPORT_SECTIONS, { error: '章节不正确' }).describe('章节'),
  title: requiredText('章节标题', 60),
  enabled: z.boolean().describe('是否勾选'),
  narrative: text('叙述模板', 1000).default('').describe('叙述模板，可用 {zkdzsl} 等占位符；为空用默认叙述'),
});
const sections = z
  .array(TemplateSectionSchema, { error: '章节格式不正确' })
  .min(1, { error: '请至少保留一个章节' })
  .max(REPORT_SECTIONS.length)
  .refine((list) => new Set(list.map((s) => s.key)).size === list.length, { error: '章节不能重复' });

export const TemplateQuerySchema = PagingQuerySchema.extend({ keyword: text('模板名称').optional() });
export const TemplateBodySchema = z.object({ name: requiredText('模板名称', 60), sections });
export const TemplateUpdateBodySchema = TemplateBodySchema.extend({ id: requiredId('报告模板') });
export const TemplateIdsBodySchema = z.object({
  ids: idList('报告模板').pipe(z.array(z.string()).min(1, { error: '请选择报告模板' })),
});

export const CoverBodySchema = z.object({
  title: requiredText('封面标题', QUALITY_REPORT_TEXT_MAX.coverTitle),
  subtitle: text('副标题', QUALITY_REPORT_TEXT_MAX.coverSubtitle).default(''),
  schoolName: requiredText('学校名称', QUALITY_REPORT_TEXT_MAX.schoolName),
});
export const CoverIdBodySchema = z.object({ id: requiredId('报告封面') });

export const SealBodySchema = z.object({
  kind: z.enum(SEAL_KINDS, { error: '请选择印章类型' }).describe('印章类型'),
  fhjg: resultField,
});

// ------------------------------------------------------------------------------------------ outputs

export type TemplateSection = z.output<typeof TemplateSectionSchema>;

export const QualityReportTemplateSchema = z.object({
  id: z.string(),
  name: z.string().describe('模板名称'),
  sections: z.array(TemplateSectionSchema),
  creatorName: z.string(),
  createdAt: z.string().describe('创建时间 yyyy-MM-dd HH:mm:ss'),
});
export type QualityReportTemplate = z.infer<typeof QualityReportTemplateSchema>;

export const QualityReportCoverSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  schoolName: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type QualityReportCover = z.infer<typeof QualityReportCoverSchema>;

export const SealSchema = z.object({
  kind: z.enum(SEAL_KINDS),
  result: z.enum(REVIEW_RESULTS),
  url: z.string().describe('印章图片地址'),
});
export type Seal = z.infer<typeof SealSchema>;

export const ReportRightsSchema = z.object({
  canEdit: z.boolean(),
  canSubmit: z.boolean(),
  canAssignExperts: z.boolean(),
  canExpertReview: z.boolean(),
  canSchoolReview: z.boolean(),
  canReject: z.boolean(),
  canShare: z.boolean(),
  canDiscuss: z.boolean(),
  canDelete: z.boolean(),
});
export type ReportRights = z.infer<typeof ReportRightsSchema>;

export const ReportSummarySchema = z.object({
  id: z.string().describe('报告编号 bgid'),
  name: z.string().describe('报告名称'),
  scope: z.enum(QUALITY_REPORT_SCOPES),
  taskId: z.string(),
  taskName: z.string(),
  subjectName: z.string().describe('对象、部门或任务名称'),
  principalName: z.string(),
  creatorName: z.string(),
  state: z.enum(QUALITY_REPORT_STATES),
  createdOn: z.string().describe('创建日期 yyyy-MM-dd (cjsj)'),
  expertResult: z.enum(REVIEW_RESULTS).nullable(),
  schoolResult: z.enum(REVIEW_RESULTS).nullable(),
  score: z.number().nullable().describe('得分（两位小数）'),
  isShared: z.boolean().describe('仅因分享可见（只读）'),
  rights: ReportRightsSchema,
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

const NamedShareSchema = z.object({ name: z.string(), value: z.number(), share: z.number() });
export const OverviewSchema = z.object({
  pointCount: z.number().int(),
  evaluatedCount: z.number().int(),
  reachedCount: z.number().int(),
  reachedRate: z.number(),
  belowCount: z.number().int(),
  attainment: z.array(NamedShareSchema),
  attainmentByIndicator: z.array(z.object({ name: z.string(), reached: z.number(), below: z.number() })),
  grades: z.array(NamedShareSchema),
  belowNames: z.array(z.string()),
  belowIndicators: z.array(z.string()),
  completionRate: z.number(),
  completion: z.array(NamedShareSchema),
  unfinishedCount: z.number().int(),
  unfinishedNames: z.array(z.string()),
  unfinishedIndicators: z.array(z.string()),
  warningCount: z.number().int(),
  handledCount: z.number().int(),
  handledRate: z.number(),
  warnedPointCount: z.number().int(),
  warningShare: z.array(NamedShareSchema),
  warnedPoints: z.array(z.object({ name: z.string(), count: z.number().int() })),
});

export const NarrativeSegmentSchema = z.object({
  text: z.string(),
  table: z.enum(REPORT_TABLES).optional().describe('点击打开的统计表'),
});

export const ImprovementSchema = z.object({
  pointName: z.string(),
  objectName: z.string(),
  lastTaskName: z.string(),
  lastValue: z.string().nullable(),
  currentValue: z.string().nullable(),
  measure: z.string().describe('上一周期的改进措施'),
  reason: z.enum(['below', 'warned', 'both']).describe('上一周期未达标或预警'),
  trend: z.enum(IMPROVEMENT_TRENDS),
});
export type Improvement = z.infer<typeof ImprovementSchema>;

export const ReportExpertSchema = z.object({
  userId: z.string(),
  name: z.string(),
  reviewed: z.boolean(),
});

export const ReportReviewSchema = z.object({
  id: z.string(),
  kind: z.enum(REVIEW_KINDS),
  reviewerName: z.string(),
  result: z.enum(REVIEW_RESULTS).nullable(),
  score: z.number().nullable(),
  opinion: z.string(),
  round: z.number().int(),
  createdAt: z.string(),
});
export type ReportReview = z.infer<typeof ReportReviewSchema>;

export const DiscussionSchema = z.object({
  id: z.string(),
  userName: z.string(),
  content: z.string(),
  replyToId: z.string().nullable(),
  replyToName: z.string().nullable(),
  isMine: z.boolean(),
  createdAt: z.string(),
});
export type Discussion = z.infer<typeof DiscussionSchema>;

export const ReportSectionViewSchema = z.object({
  key: z.enum(REPORT_SECTIONS),
  number: z.number().int().describe('序号 1. 2. 3.'),
  title: z.string(),
  narrative: z.array(NarrativeSegmentSchema),
});

export const ReportViewSchema = ReportSummarySchema.extend({
  header: z.object({
    items: z.array(z.object({ name: z.string(), person: z.string(), id: z.string() })),
    itemCount: z.number().int().describe('任务项总数（列出的最多 50 项）'),
    principal: z.string(),
    reportTime: z.string().describe('yyyy-MM-dd'),
    expertSeal: z.string().nullable().describe('专家印章图片地址'),
    schoolSeal: z.string().nullable().describe('学校印章图片地址'),
  }),
  templateId: z.string().nullable(),
  coverId: z.string().nullable(),
  rejectReason: z.string().nullable(),
  overview: OverviewSchema,
  sections: z.array(ReportSectionViewSchema),
  improvements: z.array(ImprovementSchema),
  explains: z.array(z.object({ name: z.string(), text: z.string() })),
  experts: z.array(ReportExpertSchema),
  shares: z.object({
    users: z.array(z.object({ id: z.string(), name: z.string() })),
    departments: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  generatedAt: z.string().nullable().describe('最近生成 Word 的时间'),
});
export type ReportView = z.infer<typeof ReportViewSchema>;
export type ReportOverviewData = z.infer<typeof OverviewSchema>;
