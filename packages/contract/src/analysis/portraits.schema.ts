import { z } from 'zod';
import type { ResultSource } from '../diagnosis/result-source.ts';
import type { TaskFigures } from '../figures/figures.ts';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { idList, requiredId, requiredText, TEXT_LIMITS, text } from '../platform/text.ts';
import {
  PORTRAIT_GRADES,
  PORTRAIT_KINDS,
  PORTRAIT_SUBJECTS,
  type PortraitGrade,
  type PortraitKind,
  type PortraitSubject,
} from './analysis.enums.ts';

/**
 * 画像 (spec 2 §2.8, §7.1 `portrayal`): entries of three kinds per subject (学校、专业、课程、教师、学生):
 * - a menu is a portrait page in 智能分析's sidebar (one per subject in the demo);
 * - a card is one block of that page and names the measures it shows (under a menu through `parentId`);
 * - a screen is a 数据大屏 layout (`layout`), whose grant is the screen authority.
 * Each entry is granted to roles (分析权限); the holder of `analysis.manage` sees and maintains all.
 */

/** What a portrait card can show; every measure is computed from the diagnosis tables or a warehouse table. */
export const PORTRAIT_MEASURES = [
  'pointCount',
  'attainmentRate',
  'belowStandard',
  'warnings',
  'gradeDistribution',
  'warningsByMonth',
  'pointTable',
  'pointTrend',
  'warehouseCount',
] as const;
export type PortraitMeasure = (typeof PORTRAIT_MEASURES)[number];
export const PORTRAIT_MEASURE_LABELS: Record<PortraitMeasure, string> = {
  pointCount: '质控点数',
  attainmentRate: '达标率',
  belowStandard: '未达标质控点',
  warnings: '预警数与处理率',
  gradeDistribution: '等级分布',
  warningsByMonth: '月度预警',
  pointTable: '质控点明细',
  pointTrend: '质控点趋势',
  warehouseCount: '数据仓库表记录数',
};

/** Layouts a screen entry draws; the built-in one is 学校质量总览. */
export const SCREEN_LAYOUTS = ['schoolOverview'] as const;
export type ScreenLayout = (typeof SCREEN_LAYOUTS)[number];
export const SCREEN_LAYOUT_LABELS: Record<ScreenLayout, string> = { schoolOverview: '学校质量总览' };

export const PORTRAIT_NAME_MAX = TEXT_LIMITS.default;
export const PORTRAIT_MESSAGES = {
  notFound: '画像配置不存在',
  measures: '请选择卡片展示的指标',
  warehouseTable: '请选择数据仓库表（数据仓库表记录数）',
  layout: '请选择大屏布局',
  parent: '上级菜单必须是同一画像的菜单',
  parentOfScreen: '大屏不能有上级菜单',
  selfParent: '上级菜单不能是自己',
  hasChildren: '请先删除该菜单下的卡片或子菜单',
  roles: '授权角色不存在',
  config: '画像配置格式不正确',
} as const;

export const PortraitKindSchema = z.enum(PORTRAIT_KINDS, { error: '画像类型不正确' }).describe('类型');
export const PortraitSubjectSchema = z
  .enum(PORTRAIT_SUBJECTS, { error: '画像对象不正确（学校、专业、课程、教师、学生）' })
  .describe('画像对象');
export const PortraitMeasureSchema = z
  .enum(PORTRAIT_MEASURES, { error: '卡片指标不正确' })
  .describe('卡片指标');

/** What an entry binds: a card's measures (and its warehouse table), a screen's layout. */
export const PortraitConfigSchema = z.object({
  measures: z
    .array(PortraitMeasureSchema)
    .max(PORTRAIT_MEASURES.length, { error: '卡片指标过多' })
    .transform((list) => [...new Set(list)])
    .default([])
    .describe('卡片展示的指标'),
  warehouseTableId: z
    .string({ error: '数据仓库表必须是文本' })
    .trim()
    .min(1, { error: '请选择数据仓库表' })
    .max(64)
    .optional()
    .describe('数据仓库表（数据仓库表记录数）'),
  layout: z.enum(SCREEN_LAYOUTS, { error: '大屏布局不正确' }).optional().describe('大屏布局'),
});
export type PortraitConfig = z.infer<typeof PortraitConfigSchema>;

/** Whether a config fits its kind: null, or the Chinese message. The form and the server use it alike. */
export function portraitConfigError(kind: PortraitKind, config: PortraitConfig): string | null {
  if (kind === 'card') {
    if (config.measures.length === 0) return PORTRAIT_MESSAGES.measures;
    if (config.measures.includes('warehouseCount') && !config.warehouseTableId)
      return PORTRAIT_MESSAGES.warehouseTable;
  }
  if (kind === 'screen' && !config.layout) return PORTRAIT_MESSAGES.layout;
  return null;
}

/** Form-encoded bodies carry the config as JSON text. */
const configField = z
  .preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return Symbol('unreadable');
    }
  }, PortraitConfigSchema.optional())
  .describe('配置（对象或 JSON 文本）');

export interface Portrait {
  id: string;
  kind: PortraitKind;
  subject: PortraitSubject;
  name: string;
  parentId: string | null;
  sortOrder: number;
  config: PortraitConfig;
  /** Roles granted the entry. */
  roleIds: string[];
  roleNames: string[];
  createdAt: Date;
}

export const PortraitListQuerySchema = z.object({
  level: PortraitSubjectSchema.optional(),
});
export type PortraitListQuery = z.infer<typeof PortraitListQuerySchema>;

const sort = z.coerce
  .number({ error: '排序必须是数字' })
  .int({ error: '排序必须是整数' })
  .min(0, { error: '排序不能小于0' })
  .max(99999, { error: '排序不能大于99999' })
  .optional()
  .describe('排序');

const PortraitFields = z.object({
  type: PortraitKindSchema,
  level: PortraitSubjectSchema,
  name: requiredText('名称', PORTRAIT_NAME_MAX),
  parentId: text('上级菜单', 64).optional(),
  sort,
  config: configField,
  roleIds: idList('授权角色').optional(),
});

function checkConfig(
  body: { type: PortraitKind; config?: PortraitConfig | undefined },
  ctx: z.core.$RefinementCtx,
) {
  const error = portraitConfigError(body.type, body.config ?? { measures: [] });
  if (error) ctx.addIssue({ code: 'custom', path: ['config'], message: error });
}

export const PortraitAddBodySchema = PortraitFields.superRefine(checkConfig);
export type PortraitAddBody = z.infer<typeof PortraitAddBodySchema>;
export const PortraitUpdateBodySchema = PortraitFields.extend({ id: requiredId('画像配置') }).superRefine(
  checkConfig,
);
export type PortraitUpdateBody = z.infer<typeof PortraitUpdateBodySchema>;
export const PortraitDeleteBodySchema = z.object({ id: requiredId('画像配置') });

// ── portrait data ──────────────────────────────────────────────────────────────────────────────

export const PortraitObjectsQuerySchema = PagingQuerySchema.extend({
  level: PortraitSubjectSchema,
  keyword: text('名称或编号').optional(),
});
export type PortraitObjectsQuery = z.infer<typeof PortraitObjectsQuerySchema>;

export const PortraitDataQuerySchema = z.object({
  level: PortraitSubjectSchema,
  objectId: requiredId('画像对象'),
  taskId: text('诊断任务', 64).optional(),
});
export type PortraitDataQuery = z.infer<typeof PortraitDataQuerySchema>;

/** An object a portrait can be drawn for: a diagnosis object of the subject's level. */
export interface PortraitObject {
  id: string;
  code: string;
  name: string;
  departmentName: string | null;
}

export interface PortraitTask {
  id: string;
  name: string;
  period: string;
}

export interface PortraitPoint {
  assignedPointId: string;
  qualityPointId: string;
  name: string;
  /** Level-1 indicator name. */
  indicator: string;
  dataType: string;
  /** Effective result and target (revised when present). */
  result: string | null;
  target: string | null;
  grade: string | null;
  /** Where the result came from, as the point list and the report say it. */
  resultSource: ResultSource;
  below: boolean;
  /** No result yet: the catalogue's 未完成, the same points the summary counts. */
  unfinished: boolean;
  warnings: number;
}

/**
 * The figures of the portrait's object task: the catalogue's (figures/figures.ts), computed by its one
 * function, so a portrait shows the same 达标率 and 未完成 as a report of the same object task.
 */
export type PortraitSummary = TaskFigures;

export interface PortraitTrendPoint {
  qualityPointId: string;
  name: string;
  values: Array<{
    taskId: string;
    period: string;
    result: number | null;
    target: number | null;
    grade: string | null;
  }>;
}

export interface PortraitWarehouseCount {
  cardId: string;
  cardName: string;
  tableName: string;
  rowCount: number | null;
}

export interface PortraitData {
  object: PortraitObject;
  /** The object's tasks, newest first (the 年度/任务 select). */
  tasks: PortraitTask[];
  task: PortraitTask | null;
  grade: PortraitGrade;
  summary: PortraitSummary;
  /** Points per portrait grade label (A/Y 优秀, B 良好, C 合格, D/N 不合格, no grade 未评), all five in order. */
  grades: Array<{ grade: PortraitGrade; count: number }>;
  warningsByMonth: Array<{ month: string; count: number; handled: number }>;
  points: PortraitPoint[];
  trend: PortraitTrendPoint[];
  warehouse: PortraitWarehouseCount[];
}

export const PortraitGradeSchema = z.enum(PORTRAIT_GRADES).describe('画像等级');
