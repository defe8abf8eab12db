import {
  CALC_MODE_LABELS,
  CATEGORY_ICON_LABELS,
  COLLECTION_METHOD_LABELS,
  DATA_TYPE_LABELS,
  DIRECTION_LABELS,
  GRADE_LABELS,
  type IndicatorCategory,
  OBJECT_LEVEL_LABELS,
  POINT_FLAG_LABELS,
  POINT_FLAGS,
  type QualityPoint,
  SAMPLING_PERIOD_LABELS,
  WARNING_MODE_LABELS,
} from '@eduqa/contract';
import { type AuditFields, objectNoter } from '../../platform/audit-trail.ts';
import type { StandardsQueries } from './standards.repo.ts';

const CATEGORY_FIELDS: AuditFields<IndicatorCategory> = {
  名称: (c) => c.name,
  层级: (c) => OBJECT_LEVEL_LABELS[c.level],
  图标: (c) => CATEGORY_ICON_LABELS[c.icon] ?? c.icon,
  数据表: (c) => c.tableName,
};

/** An indicator category (目标标准) before and after (null: created or deleted), for the operation log. */
export const noteCategory = objectNoter<IndicatorCategory>('指标分类', CATEGORY_FIELDS);

/** An indicator as the tree shows it: its category and parent by name. */
export interface IndicatorSnapshot {
  id: string;
  name: string;
  code: string | null;
  weight: number | null;
  categoryName: string;
  parentName: string | null;
}

/** Reads an indicator's snapshot, or null when it is not there. */
export async function indicatorSnapshot(q: StandardsQueries, id: string): Promise<IndicatorSnapshot | null> {
  const row = await q.findIndicator(id);
  if (!row) return null;
  const [category, parent] = await Promise.all([
    q.findCategory(row.categoryId),
    row.parentId ? q.findIndicator(row.parentId) : undefined,
  ]);
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    weight: row.weight,
    categoryName: category?.name ?? '',
    parentName: parent?.name ?? null,
  };
}

/** The weight weighs the indicator's points in every score above it. */
const INDICATOR_FIELDS: AuditFields<IndicatorSnapshot> = {
  名称: (i) => i.name,
  编码: (i) => i.code,
  权重: (i) => i.weight,
  所属分类: (i) => i.categoryName,
  上级指标: (i) => i.parentName,
};

export const noteIndicator = objectNoter<IndicatorSnapshot>('指标', INDICATOR_FIELDS);

const yesNo = (value: boolean) => (value ? '是' : '否');

/** What decides a point's judgement: its standard, grading rule, direction and warning. */
const POINT_FIELDS: AuditFields<QualityPoint> = {
  名称: (p) => p.name,
  编码: (p) => p.code,
  所属指标: (p) => [p.categoryName, ...p.indicatorPath.map((i) => i.name)].join(' / '),
  层级: (p) => OBJECT_LEVEL_LABELS[p.level],
  质控点内涵: (p) => p.connotation,
  诊断标准: (p) => p.diagnosticStandard,
  标准值: (p) => p.standardValue,
  方向: (p) => DIRECTION_LABELS[p.direction],
  数据类型: (p) => DATA_TYPE_LABELS[p.dataType] ?? p.dataType,
  计算方式: (p) => CALC_MODE_LABELS[p.calcMode],
  等级: (p) => p.grades.map((g) => GRADE_LABELS[g] ?? g),
  计算规则: (p) => p.calRule.map((r) => `${r.dxLevel}：${r.value}`),
  采集周期: (p) => SAMPLING_PERIOD_LABELS[p.samplingPeriod] ?? p.samplingPeriod,
  采集方式: (p) => COLLECTION_METHOD_LABELS[p.collectionMethod],
  预警方式: (p) => (p.warningMode ? WARNING_MODE_LABELS[p.warningMode] : '不预警'),
  预警条件: (p) => (p.warningMode ? `${p.warningCondition ?? ''} ${p.warningValue ?? ''}`.trim() : null),
  ...Object.fromEntries(
    POINT_FLAGS.map((flag) => [POINT_FLAG_LABELS[flag], (p: QualityPoint) => yesNo(p[flag])]),
  ),
};

export const notePoint = objectNoter<QualityPoint>('质控点', POINT_FIELDS);
