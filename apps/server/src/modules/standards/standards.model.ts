import {
  CATEGORY_TABLE_NAMES,
  type CalRuleItem,
  type CategoryIcon,
  type Cycle,
  type DimensionType,
  type Grade,
  type IndicatorCategory,
  type IndicatorNode,
  type ObjectLevel,
  type PointConfig,
  type QualityPoint,
} from '@eduqa/contract';
import type { CategoryRow, CycleRow, IndicatorRow, PointRow } from './standards.repo.ts';

/** Indicator trees deeper than this cannot be exported to or imported from the template's columns. */
export const MAX_INDICATOR_DEPTH = 10;

export interface CategoryInput {
  name: string;
  icon: CategoryIcon;
  level: ObjectLevel;
  tableName?: string | undefined;
  sort?: number | undefined;
}

export interface IndicatorInput {
  categoryId: string;
  parentId?: string | undefined;
  name: string;
  code?: string | undefined;
  /** 权重; null or absent: none (counts as 1). */
  weight?: number | null | undefined;
}

export interface PointInput extends Omit<PointConfig, 'level' | keyof PointFlags> {
  indicatorId: string;
  code?: string | undefined;
  name: string;
  connotation?: string | undefined;
  diagnosticStandard?: string | undefined;
  level?: ObjectLevel | undefined;
  sort?: number | undefined;
  isQuantitative?: boolean | undefined;
  isJoin?: boolean | undefined;
  hideNoReachTarget?: boolean | undefined;
  hideNoCompleteTarget?: boolean | undefined;
  notAllowChange?: boolean | undefined;
  isFilePoint?: boolean | undefined;
}

type PointFlags = Pick<
  PointConfig,
  | 'isQuantitative'
  | 'isJoin'
  | 'hideNoReachTarget'
  | 'hideNoCompleteTarget'
  | 'notAllowChange'
  | 'isFilePoint'
>;

/** The default table of a category (spec 1 §9) when none is given. */
export function defaultTableName(name: string): string | null {
  return CATEGORY_TABLE_NAMES[name] ?? null;
}

export function categoryOf(row: CategoryRow, indicatorCount = 0): IndicatorCategory {
  return {
    id: row.id,
    name: row.name,
    icon: row.icon as CategoryIcon,
    level: row.level as ObjectLevel,
    tableName: row.tableName,
    sort: row.sort,
    indicatorCount,
  };
}

/** Nested nodes from flat rows; siblings by sort. Rows whose parent is missing become roots. */
export function buildIndicatorTree(
  rows: readonly IndicatorRow[],
  pointCounts: Map<string, number>,
): IndicatorNode[] {
  const nodes = new Map<string, IndicatorNode>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      categoryId: row.categoryId,
      parentId: row.parentId,
      code: row.code,
      name: row.name,
      depth: row.depth,
      sort: row.sort,
      weight: row.weight,
      pointCount: pointCounts.get(row.id) ?? 0,
      children: [],
    });
  }
  const roots: IndicatorNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const order = (list: IndicatorNode[]) => {
    list.sort((a, b) => a.sort - b.sort);
    for (const n of list) order(n.children);
  };
  order(roots);
  return roots;
}

/** Every indicator below `id` (itself included). */
export function subtreeIds(rows: readonly IndicatorRow[], id: string): string[] {
  const byParent = new Map<string, string[]>();
  for (const row of rows) {
    if (row.parentId) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row.id]);
  }
  const out: string[] = [];
  const stack = [id];
  while (stack.length) {
    const current = stack.pop()!;
    out.push(current);
    stack.push(...(byParent.get(current) ?? []));
  }
  return out;
}

/** The path of names from level 1 down to `id`. */
export function indicatorPathOf(
  byId: Map<string, IndicatorRow>,
  id: string,
): Array<{ id: string; name: string }> {
  const path: Array<{ id: string; name: string }> = [];
  let current = byId.get(id);
  for (let i = 0; current && i < 50; i++) {
    path.unshift({ id: current.id, name: current.name });
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return path;
}

export function pointOf(
  row: PointRow,
  context: { indicators: Map<string, IndicatorRow>; categories: Map<string, CategoryRow> },
): QualityPoint {
  const indicator = context.indicators.get(row.indicatorId);
  const category = indicator ? context.categories.get(indicator.categoryId) : undefined;
  return {
    id: row.id,
    indicatorId: row.indicatorId,
    categoryId: indicator?.categoryId ?? '',
    categoryName: category?.name ?? '',
    indicatorPath: indicatorPathOf(context.indicators, row.indicatorId),
    code: row.code,
    name: row.name,
    connotation: row.connotation,
    diagnosticStandard: row.diagnosticStandard,
    standardValue: row.standardValue,
    level: row.level as QualityPoint['level'],
    dimension: row.dimension as QualityPoint['dimension'],
    period: row.period as QualityPoint['period'],
    direction: row.direction as QualityPoint['direction'],
    dataType: row.dataType as QualityPoint['dataType'],
    calcMode: row.calcMode as QualityPoint['calcMode'],
    samplingPeriod: row.samplingPeriod as QualityPoint['samplingPeriod'],
    warningPeriod: row.warningPeriod as QualityPoint['warningPeriod'],
    isQuantitative: row.isQuantitative,
    isJoin: row.isJoin,
    hideNoReachTarget: row.hideNoReachTarget,
    hideNoCompleteTarget: row.hideNoCompleteTarget,
    notAllowChange: row.notAllowChange,
    isFilePoint: row.isFilePoint,
    warningMode: row.warningMode as QualityPoint['warningMode'],
    warningCondition: row.warningCondition as QualityPoint['warningCondition'],
    warningValue: row.warningValue,
    grades: row.grades as Grade[],
    calRule: row.calRule,
    collectionMethod: row.collectionMethod as QualityPoint['collectionMethod'],
    displayMode: row.displayMode as QualityPoint['displayMode'],
    sort: row.sort,
  };
}

/** The stored columns of a point from its input; grades and rule values normalised (upper case, trimmed). */
export function pointColumns(input: PointInput, level: ObjectLevel) {
  const calRule: CalRuleItem[] = input.calRule.map((item) => ({
    value: item.value.trim(),
    dxLevel: item.dxLevel.trim().toUpperCase(),
  }));
  const warningValue = input.warningValue?.trim() || null;
  return {
    indicatorId: input.indicatorId,
    code: input.code?.trim() || null,
    name: input.name,
    connotation: input.connotation ?? '',
    diagnosticStandard: input.diagnosticStandard ?? '',
    standardValue: input.standardValue?.trim() || null,
    level,
    dimension: input.dimension,
    period: input.period,
    direction: input.direction,
    dataType: input.dataType,
    calcMode: input.calcMode,
    samplingPeriod: input.samplingPeriod,
    warningPeriod: input.warningPeriod,
    isQuantitative: input.isQuantitative ?? true,
    isJoin: input.isJoin ?? true,
    hideNoReachTarget: input.hideNoReachTarget ?? false,
    hideNoCompleteTarget: input.hideNoCompleteTarget ?? false,
    notAllowChange: input.notAllowChange ?? false,
    isFilePoint: input.isFilePoint ?? false,
    warningMode: input.warningMode,
    warningCondition: input.warningMode === null ? null : input.warningCondition,
    warningValue: input.warningMode === 'level' ? (warningValue?.toUpperCase() ?? null) : warningValue,
    grades: [...new Set(input.grades)],
    calRule,
    collectionMethod: input.collectionMethod,
    displayMode: input.displayMode,
  };
}

export function cycleOf(row: { cycle: CycleRow; typeName: string }): Cycle {
  return {
    id: row.cycle.id,
    typeId: row.cycle.typeId,
    typeName: row.typeName,
    number: row.cycle.number,
    isDefault: row.cycle.isDefault,
    isHidden: row.cycle.isHidden,
    sort: row.cycle.sort,
  };
}

export function dimensionOf(row: {
  id: string;
  name: string;
  displayName: string;
  sort: number;
}): DimensionType {
  return { id: row.id, name: row.name, displayName: row.displayName, sort: row.sort };
}
