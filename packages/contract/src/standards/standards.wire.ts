import { z } from 'zod';
import { CalRuleItemSchema } from './cal-rule.ts';
import {
  CALC_MODES,
  CATEGORY_ICONS,
  COLLECTION_METHODS,
  DATA_TYPES,
  DIMENSIONS,
  DIRECTIONS,
  DISPLAY_MODES,
  GRADES,
  OBJECT_LEVELS,
  PERIODS,
  SAMPLING_PERIODS,
  WARNING_CONDITIONS,
  WARNING_MODES,
} from './standards.enums.ts';
import type {
  Cycle,
  CycleType,
  DimensionType,
  IndicatorCategory,
  IndicatorNode,
  QualityPoint,
} from './standards.schema.ts';

/** Wire shapes of the standards domain: the spec's pinyin where it gives one (zkdmc, nh, …). */

export const CategoryWireSchema = z.object({
  id: z.string().describe('分类编号'),
  name: z.string().describe('分类名称'),
  icon: z.enum(CATEGORY_ICONS).describe('图标'),
  level: z.enum(OBJECT_LEVELS).describe('层级'),
  tableName: z.string().nullable().describe('数据表名称'),
  sort: z.number().int().describe('排序'),
  indicatorCount: z.number().int().describe('指标数'),
});
export type CategoryWire = z.infer<typeof CategoryWireSchema>;

export interface IndicatorNodeWire {
  id: string;
  categoryId: string;
  parentId: string | null;
  code: string | null;
  name: string;
  level: number;
  sort: number;
  /** 权重 */
  qz: number | null;
  pointCount: number;
  children: IndicatorNodeWire[];
}
export const IndicatorNodeWireSchema: z.ZodType<IndicatorNodeWire> = z.lazy(() =>
  z.object({
    id: z.string().describe('指标编号'),
    categoryId: z.string().describe('分类编号'),
    parentId: z.string().nullable().describe('上级指标编号'),
    code: z.string().nullable().describe('指标编号（业务）'),
    name: z.string().describe('指标名称'),
    level: z.number().int().describe('指标级别（1 起）'),
    sort: z.number().int().describe('排序'),
    qz: z.number().nullable().describe('权重（空为1）'),
    pointCount: z.number().int().describe('质控点数'),
    children: z.array(IndicatorNodeWireSchema).describe('下级指标'),
  }),
);

export const QualityPointWireSchema = z.object({
  zkdid: z.string().describe('质控点编号'),
  indicatorId: z.string().describe('指标编号'),
  categoryId: z.string().describe('分类编号'),
  categoryName: z.string().describe('分类名称'),
  indicatorPath: z.array(z.object({ id: z.string(), name: z.string() })).describe('指标路径（一级指标在前）'),
  code: z.string().nullable().describe('质控点编号（业务）'),
  zkdmc: z.string().describe('质控点名称'),
  nh: z.string().describe('内涵'),
  zdbz: z.string().describe('诊断标准'),
  bzz: z.string().nullable().describe('标准值'),
  level: z.enum(OBJECT_LEVELS).describe('层级'),
  dimension: z.enum(DIMENSIONS).describe('维度'),
  period: z.enum(PERIODS).describe('周期'),
  direction: z.enum(DIRECTIONS).describe('期望方向'),
  dataType: z.enum(DATA_TYPES).describe('数据类型'),
  calcMode: z.enum(CALC_MODES).describe('计算方式'),
  samplingPeriod: z.enum(SAMPLING_PERIODS).describe('采样周期'),
  warningPeriod: z.enum(SAMPLING_PERIODS).describe('预警周期'),
  isQuantitative: z.boolean().describe('是否定量'),
  isJoin: z.boolean().describe('是否参与计算'),
  hideNoReachTarget: z.boolean().describe('隐藏未达标'),
  hideNoCompleteTarget: z.boolean().describe('隐藏未完成'),
  notAllowChange: z.boolean().describe('不允许修改目标值'),
  isFilePoint: z.boolean().describe('文件类质控点'),
  warningMode: z.enum(WARNING_MODES).nullable().describe('预警方式'),
  warningCondition: z.enum(WARNING_CONDITIONS).nullable().describe('预警条件'),
  warningValue: z.string().nullable().describe('预警值'),
  grades: z.array(z.enum(GRADES)).describe('等级'),
  calRule: z.array(CalRuleItemSchema).describe('计算规则（jsgz）'),
  collectionMethod: z.enum(COLLECTION_METHODS).describe('采集方式'),
  displayMode: z.enum(DISPLAY_MODES).describe('展示方式'),
  sort: z.number().int().describe('排序'),
});
export type QualityPointWire = z.infer<typeof QualityPointWireSchema>;

export const CycleTypeWireSchema = z.object({
  id: z.string().describe('周期类型编号'),
  lxmc: z.string().describe('类型名称'),
  sort: z.number().int().describe('排序'),
});
export type CycleTypeWire = z.infer<typeof CycleTypeWireSchema>;

export const CycleWireSchema = z.object({
  cycleId: z.string().describe('周期编号'),
  cycleNumber: z.string().describe('周期'),
  typeId: z.string().describe('周期类型编号'),
  lxmc: z.string().describe('周期类型名称'),
  defaultsStatus: z.union([z.literal(0), z.literal(1)]).describe('默认（1 为默认）'),
  hideStatus: z.union([z.literal(0), z.literal(1)]).describe('隐藏（1 为隐藏）'),
  sort: z.number().int().describe('排序'),
});
export type CycleWire = z.infer<typeof CycleWireSchema>;

export const CycleDefaultsValueWireSchema = z.object({
  cycleNumber: z.string().describe('默认周期'),
  cycleId: z.string().describe('默认周期编号'),
});

export const CycleListWireSchema = z.object({
  list: z.array(CycleWireSchema).describe('周期值'),
  cycleDefaultsValue: CycleDefaultsValueWireSchema.nullable().describe('默认周期'),
});
export type CycleListWire = z.infer<typeof CycleListWireSchema>;

export const DimensionWireSchema = z.object({
  pk_Dimension_Id: z.string().describe('维度编号'),
  dimension_Name: z.string().describe('维度名称'),
  display_Name: z.string().describe('显示名称'),
  sort: z.number().int().describe('排序'),
});
export type DimensionWire = z.infer<typeof DimensionWireSchema>;

export function toCategoryWire(category: IndicatorCategory): CategoryWire {
  return {
    id: category.id,
    name: category.name,
    icon: category.icon,
    level: category.level,
    tableName: category.tableName,
    sort: category.sort,
    indicatorCount: category.indicatorCount,
  };
}

export function toIndicatorNodeWire(node: IndicatorNode): IndicatorNodeWire {
  return {
    id: node.id,
    categoryId: node.categoryId,
    parentId: node.parentId,
    code: node.code,
    name: node.name,
    level: node.depth,
    sort: node.sort,
    qz: node.weight,
    pointCount: node.pointCount,
    children: node.children.map(toIndicatorNodeWire),
  };
}

export function toQualityPointWire(point: QualityPoint): QualityPointWire {
  return {
    zkdid: point.id,
    indicatorId: point.indicatorId,
    categoryId: point.categoryId,
    categoryName: point.categoryName,
    indicatorPath: point.indicatorPath,
    code: point.code,
    zkdmc: point.name,
    nh: point.connotation,
    zdbz: point.diagnosticStandard,
    bzz: point.standardValue,
    level: point.level,
    dimension: point.dimension,
    period: point.period,
    direction: point.direction,
    dataType: point.dataType,
    calcMode: point.calcMode,
    samplingPeriod: point.samplingPeriod,
    warningPeriod: point.warningPeriod,
    isQuantitative: point.isQuantitative,
    isJoin: point.isJoin,
    hideNoReachTarget: point.hideNoReachTarget,
    hideNoCompleteTarget: point.hideNoCompleteTarget,
    notAllowChange: point.notAllowChange,
    isFilePoint: point.isFilePoint,
    warningMode: point.warningMode,
    warningCondition: point.warningCondition,
    warningValue: point.warningValue,
    grades: point.grades,
    calRule: point.calRule,
    collectionMethod: point.collectionMethod,
    displayMode: point.displayMode,
    sort: point.sort,
  };
}

/** The inverse of `toQualityPointWire` for the fields a client edits (the form starts from a row). */
export function fromQualityPointWire(wire: QualityPointWire): QualityPoint {
  return {
    id: wire.zkdid,
    indicatorId: wire.indicatorId,
    categoryId: wire.categoryId,
    categoryName: wire.categoryName,
    indicatorPath: wire.indicatorPath,
    code: wire.code,
    name: wire.zkdmc,
    connotation: wire.nh,
    diagnosticStandard: wire.zdbz,
    standardValue: wire.bzz,
    level: wire.level,
    dimension: wire.dimension,
    period: wire.period,
    direction: wire.direction,
    dataType: wire.dataType,
    calcMode: wire.calcMode,
    samplingPeriod: wire.samplingPeriod,
    warningPeriod: wire.warningPeriod,
    isQuantitative: wire.isQuantitative,
    isJoin: wire.isJoin,
    hideNoReachTarget: wire.hideNoReachTarget,
    hideNoCompleteTarget: wire.hideNoCompleteTarget,
    notAllowChange: wire.notAllowChange,
    isFilePoint: wire.isFilePoint,
    warningMode: wire.warningMode,
    warningCondition: wire.warningCondition,
    warningValue: wire.warningValue,
    grades: wire.grades,
    calRule: wire.calRule,
    collectionMethod: wire.collectionMethod,
    displayMode: wire.displayMode,
    sort: wire.sort,
  };
}

export function toCycleTypeWire(type: CycleType): CycleTypeWire {
  return { id: type.id, lxmc: type.name, sort: type.sort };
}

export function toCycleWire(cycle: Cycle): CycleWire {
  return {
    cycleId: cycle.id,
    cycleNumber: cycle.number,
    typeId: cycle.typeId,
    lxmc: cycle.typeName,
    defaultsStatus: cycle.isDefault ? 1 : 0,
    hideStatus: cycle.isHidden ? 1 : 0,
    sort: cycle.sort,
  };
}

export function toDimensionWire(dimension: DimensionType): DimensionWire {
  return {
    pk_Dimension_Id: dimension.id,
    dimension_Name: dimension.name,
    display_Name: dimension.displayName,
    sort: dimension.sort,
  };
}

export function fromCategoryWire(wire: CategoryWire): IndicatorCategory {
  return {
    id: wire.id,
    name: wire.name,
    icon: wire.icon,
    level: wire.level,
    tableName: wire.tableName,
    sort: wire.sort,
    indicatorCount: wire.indicatorCount,
  };
}

export function fromIndicatorNodeWire(wire: IndicatorNodeWire): IndicatorNode {
  return {
    id: wire.id,
    categoryId: wire.categoryId,
    parentId: wire.parentId,
    code: wire.code,
    name: wire.name,
    depth: wire.level,
    sort: wire.sort,
    weight: wire.qz,
    pointCount: wire.pointCount,
    children: wire.children.map(fromIndicatorNodeWire),
  };
}

export function fromCycleTypeWire(wire: CycleTypeWire): CycleType {
  return { id: wire.id, name: wire.lxmc, sort: wire.sort };
}

export function fromCycleWire(wire: CycleWire): Cycle {
  return {
    id: wire.cycleId,
    typeId: wire.typeId,
    typeName: wire.lxmc,
    number: wire.cycleNumber,
    isDefault: wire.defaultsStatus === 1,
    isHidden: wire.hideStatus === 1,
    sort: wire.sort,
  };
}

export function fromDimensionWire(wire: DimensionWire): DimensionType {
  return {
    id: wire.pk_Dimension_Id,
    name: wire.dimension_Name,
    displayName: wire.display_Name,
    sort: wire.sort,
  };
}
