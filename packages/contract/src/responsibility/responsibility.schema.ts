import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { requiredId, requiredText, TEXT_LIMITS, text } from '../platform/text.ts';
import type { ObjectLevel } from '../standards/standards.enums.ts';

/**
 * 部门职责 (spec 2 §7.3 "Dept responsibility: tree, query, save, by name"): which departments answer for
 * which quality point. Stored per point; an indicator's departments are those of the points under it.
 */
export interface DepartmentRef {
  id: string;
  name: string;
}

/** A point with its place in the indicator system and its responsible departments. */
export interface PointResponsibility {
  pointId: string;
  pointName: string;
  indicatorId: string;
  /** Names from the level-1 indicator down to the point's own indicator. */
  indicatorPath: string[];
  categoryId: string;
  categoryName: string;
  departments: DepartmentRef[];
}

/** An indicator of the tree: its sub-indicators, or (a leaf) its points with their departments. */
export interface ResponsibilityIndicator {
  id: string;
  name: string;
  depth: number;
  children: ResponsibilityIndicator[];
  points: Array<{ id: string; name: string; departments: DepartmentRef[] }>;
}

export interface ResponsibilityCategory {
  id: string;
  name: string;
  level: ObjectLevel;
  indicators: ResponsibilityIndicator[];
}

/** What one department answers for (the "by name" lookup). */
export interface DepartmentResponsibility {
  department: DepartmentRef;
  points: PointResponsibility[];
}

/**
 * 质控点部门版本 (spec 2 §7.3 "Quality dept version"): a named, dated snapshot of the whole assignment.
 * Exactly one is enabled once any exists: the one whose assignment was last made current.
 */
export interface QualityDeptVersion {
  id: string;
  name: string;
  /** yyyy-MM-dd */
  versionDate: string;
  remark: string;
  isEnabled: boolean;
  /** Point–department pairs in the snapshot. */
  assignmentCount: number;
  pointCount: number;
  createdAt: Date;
}

export const RESPONSIBILITY_SAVE_MAX = 2000;
export const RESPONSIBILITY_DEPARTMENTS_MAX = 50;

export const ResponsibilityTreeQuerySchema = z.object({
  categoryId: text('指标分类', 64).optional(),
});

export const ResponsibilityPageQuerySchema = PagingQuerySchema.extend({
  bmid: text('部门', 64).optional(),
  categoryId: text('指标分类', 64).optional(),
  keyword: text('质控点或指标名称').optional(),
});

const departmentIds = z
  .array(z.string({ error: '部门格式不正确' }).trim().min(1, { error: '部门格式不正确' }).max(64), {
    error: '请选择部门',
  })
  .max(RESPONSIBILITY_DEPARTMENTS_MAX, { error: `每项最多选择${RESPONSIBILITY_DEPARTMENTS_MAX}个部门` })
  .describe('负责部门编号（空表示清除）');

/** One item of a save: a point, or an indicator standing for every point under it. */
const SaveItemSchema = z
  .object({
    zkdid: text('质控点', 64).optional(),
    indicatorId: text('指标', 64).optional(),
    bmids: departmentIds,
  })
  .refine((item) => Boolean(item.zkdid) !== Boolean(item.indicatorId), {
    error: '每项须指定一个质控点或一个指标',
  });

export const ResponsibilitySaveBodySchema = z.object({
  items: z
    .array(SaveItemSchema, { error: '请选择要保存的质控点' })
    .min(1, { error: '请选择要保存的质控点' })
    .max(RESPONSIBILITY_SAVE_MAX, { error: `一次最多保存${RESPONSIBILITY_SAVE_MAX}项` })
    .describe('质控点或指标及其负责部门（替换原有部门）'),
});
export type ResponsibilitySaveBody = z.infer<typeof ResponsibilitySaveBodySchema>;

/** A save as the service takes it (responsibility.wire.ts maps the request): each item names a point or an indicator. */
export interface ResponsibilitySaveInput {
  items: Array<{ pointId?: string | undefined; indicatorId?: string | undefined; departmentIds: string[] }>;
}

export const ResponsibilityByNameQuerySchema = z.object({ bmmc: requiredText('部门名称') });

// versions

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const versionDate = z
  .string({ error: '请选择版本日期' })
  .trim()
  .min(1, { error: '请选择版本日期' })
  .refine((raw) => DATE_RE.test(raw) && new Date(`${raw}T00:00:00Z`).toISOString().startsWith(raw), {
    error: '版本日期格式应为 yyyy-MM-dd',
  })
  .describe('版本日期');

export const QualityDeptVersionPageQuerySchema = PagingQuerySchema.extend({
  keyword: text('版本名称').optional(),
});
export const QualityDeptVersionBodySchema = z.object({
  versionName: requiredText('版本名称'),
  versionDate,
  remark: text('备注', TEXT_LIMITS.content).optional(),
});
export const QualityDeptVersionUpdateBodySchema = QualityDeptVersionBodySchema.extend({
  id: requiredId('版本'),
});
export const QualityDeptVersionIdBodySchema = z.object({ id: requiredId('版本') });
