import {
  CATEGORY_TABLE_NAMES,
  type CalRuleItem,
  type CategoryIcon,
  type Cycle,
  type CycleType,
  type DimensionType,
  type Grade,
  type IndicatorCategory,
  type IndicatorNode,
  OBJECT_LEVEL_LABELS,
  type ObjectLevel,
  type PagingQuery,
  type PointConfig,
  type QualityPoint,
} from '@eduqa/contract';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type {
  CategoryRow,
  CycleRow,
  IndicatorRow,
  PointRow,
  StandardsQueries,
  StandardsRepo,
} from './standards.repo.ts';

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

function cycleOf(row: { cycle: CycleRow; typeName: string }): Cycle {
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

/**
 * Target standards: indicator categories → indicator tree → quality points; cycles and dimensions.
 * Routes have checked the caller's menu or `standards.manage`; the rules that keep the indicator system
 * consistent live here. A seed may call the same functions (`createStandardsService({ standardsRepo })`).
 */
export function createStandardsService(deps: { standardsRepo: StandardsRepo }) {
  const repo = deps.standardsRepo;

  async function context(q: StandardsQueries, categoryIds?: string[]) {
    const [indicatorRows, categoryRows] = await Promise.all([
      q.findIndicators(categoryIds),
      q.findCategories(),
    ]);
    return {
      indicators: new Map(indicatorRows.map((r) => [r.id, r])),
      categories: new Map<string, CategoryRow>(categoryRows.map((r) => [r.id, r])),
      indicatorRows,
    };
  }

  async function point(id: string, q: StandardsQueries = repo): Promise<QualityPoint> {
    const row = await q.findPoint(id);
    if (!row) throw notFound('质控点不存在');
    const indicator = await q.findIndicator(row.indicatorId);
    return pointOf(row, await context(q, indicator ? [indicator.categoryId] : []));
  }

  async function category(id: string, q: StandardsQueries = repo): Promise<IndicatorCategory> {
    const row = await q.findCategory(id);
    if (!row) throw notFound('指标分类不存在');
    return categoryOf(row, await q.countIndicatorsOfCategory(id));
  }

  /** The leaf indicator a point hangs under, and the level the point must have. */
  async function leafFor(q: StandardsQueries, indicatorId: string, level: ObjectLevel | undefined) {
    const indicator = await q.findIndicator(indicatorId);
    if (!indicator) throw new AppError('VALIDATION', '指标不存在');
    if ((await q.countChildren(indicatorId)) > 0) {
      throw new AppError('UNPROCESSABLE', '只能在末级指标下添加质控点');
    }
    const owner = await q.findCategory(indicator.categoryId);
    if (!owner) throw new AppError('VALIDATION', '指标分类不存在');
    const ownerLevel = owner.level as ObjectLevel;
    if (level !== undefined && level !== ownerLevel) {
      throw new AppError(
        'VALIDATION',
        `质控点层级应与所属分类的层级一致（${OBJECT_LEVEL_LABELS[ownerLevel] ?? ownerLevel}）`,
      );
    }
    return ownerLevel;
  }

  async function cycle(id: string, q: StandardsQueries = repo): Promise<Cycle> {
    const row = await q.findCycle(id);
    if (!row) throw notFound('周期不存在');
    return cycleOf(row);
  }

  return {
    // categories

    async categories(): Promise<IndicatorCategory[]> {
      return (await repo.findCategories()).map((r) => categoryOf(r, r.indicatorCount));
    },

    async createCategory(input: CategoryInput): Promise<IndicatorCategory> {
      const id = newId();
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            if (await tx.findCategoryByName(input.level, input.name)) {
              throw new AppError('CONFLICT', '同一层级下分类名称已存在');
            }
            await tx.insertCategories([
              {
                id,
                name: input.name,
                icon: input.icon,
                level: input.level,
                tableName: input.tableName?.trim() || defaultTableName(input.name),
                sort: input.sort ?? (await tx.nextCategorySort()),
              },
            ]);
          }),
        { conflict: '同一层级下分类名称已存在' },
      );
      return category(id);
    },

    async updateCategory(input: CategoryInput & { id: string }): Promise<IndicatorCategory> {
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            const existing = await tx.findCategory(input.id);
            if (!existing) throw notFound('指标分类不存在');
            const holder = await tx.findCategoryByName(input.level, input.name);
            if (holder && holder.id !== input.id) throw new AppError('CONFLICT', '同一层级下分类名称已存在');
            if (existing.level !== input.level && (await tx.countPointsOfCategory(input.id)) > 0) {
              throw new AppError('UNPROCESSABLE', '该分类下已有质控点，不能修改层级');
            }
            await tx.updateCategory(input.id, {
              name: input.name,
              icon: input.icon,
              level: input.level,
              tableName: input.tableName?.trim() || defaultTableName(input.name),
              ...(input.sort === undefined ? {} : { sort: input.sort }),
            });
          }),
        { conflict: '同一层级下分类名称已存在' },
      );
      return category(input.id);
    },

    async deleteCategory(id: string) {
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            if (!(await tx.findCategory(id))) throw notFound('指标分类不存在');
            if ((await tx.countIndicatorsOfCategory(id)) > 0) {
              throw new AppError('UNPROCESSABLE', '该分类下仍有指标，不能删除');
            }
            await tx.deleteCategory(id);
          }),
        { inUse: '该分类下仍有指标，不能删除' },
      );
    },

    // indicators

    async indicatorTree(categoryId: string): Promise<IndicatorNode[]> {
      if (!(await repo.findCategory(categoryId))) throw notFound('指标分类不存在');
      const [rows, counts] = await Promise.all([
        repo.findIndicators([categoryId]),
        repo.countPointsByIndicator(categoryId),
      ]);
      return buildIndicatorTree(rows, counts);
    },

    async createIndicator(input: IndicatorInput): Promise<{ id: string }> {
      const id = newId();
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            if (!(await tx.findCategory(input.categoryId)))
              throw new AppError('VALIDATION', '指标分类不存在');
            const parentId = input.parentId?.trim() || null;
            let depth = 1;
            if (parentId) {
              const parent = await tx.findIndicator(parentId);
              if (!parent || parent.categoryId !== input.categoryId) {
                throw new AppError('VALIDATION', '上级指标不存在');
              }
              if ((await tx.countPointsOfIndicator(parentId)) > 0) {
                throw new AppError('UNPROCESSABLE', '该指标下已有质控点，不能添加下级指标');
              }
              depth = parent.depth + 1;
              if (depth > MAX_INDICATOR_DEPTH) {
                throw new AppError('UNPROCESSABLE', `指标最多${MAX_INDICATOR_DEPTH}级`);
              }
            }
            const siblings = await tx.findSiblings(input.categoryId, parentId);
            if (siblings.some((s) => s.name === input.name))
              throw new AppError('CONFLICT', '同级指标名称已存在');
            await tx.insertIndicators([
              {
                id,
                categoryId: input.categoryId,
                parentId,
                name: input.name,
                code: input.code?.trim() || null,
                depth,
                sort: Math.max(0, ...siblings.map((s) => s.sort)) + 1,
              },
            ]);
          }),
        { conflict: '同级指标名称已存在' },
      );
      return { id };
    },

    async renameIndicator(input: { id: string; name: string; code?: string | undefined }) {
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            const indicator = await tx.findIndicator(input.id);
            if (!indicator) throw notFound('指标不存在');
            const siblings = await tx.findSiblings(indicator.categoryId, indicator.parentId);
            if (siblings.some((s) => s.id !== input.id && s.name === input.name)) {
              throw new AppError('CONFLICT', '同级指标名称已存在');
            }
            await tx.updateIndicator(input.id, {
              name: input.name,
              ...(input.code === undefined ? {} : { code: input.code.trim() || null }),
            });
          }),
        { conflict: '同级指标名称已存在' },
      );
    },

    /** Swaps with the neighbouring sibling; sorts are renumbered 1..n first so ties cannot stick. */
    async moveIndicator(input: { id: string; direction: 'up' | 'down' }) {
      await repo.transaction(async (tx) => {
        const indicator = await tx.findIndicator(input.id);
        if (!indicator) throw notFound('指标不存在');
        const siblings = await tx.findSiblings(indicator.categoryId, indicator.parentId);
        const index = siblings.findIndex((s) => s.id === input.id);
        const target = input.direction === 'up' ? index - 1 : index + 1;
        if (target < 0 || target >= siblings.length) {
          throw new AppError('UNPROCESSABLE', input.direction === 'up' ? '已经是第一个' : '已经是最后一个');
        }
        const order = siblings.map((s) => s.id);
        [order[index], order[target]] = [order[target]!, order[index]!];
        for (const [i, sid] of order.entries()) {
          const current = siblings.find((s) => s.id === sid)!;
          if (current.sort !== i + 1) await tx.updateIndicator(sid, { sort: i + 1 });
        }
      });
    },

    async deleteIndicator(id: string) {
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            if (!(await tx.findIndicator(id))) throw notFound('指标不存在');
            if ((await tx.countChildren(id)) > 0)
              throw new AppError('UNPROCESSABLE', '该指标下仍有下级指标，不能删除');
            if ((await tx.countPointsOfIndicator(id)) > 0) {
              throw new AppError('UNPROCESSABLE', '该指标下仍有质控点，不能删除');
            }
            await tx.deleteIndicator(id);
          }),
        { inUse: '该指标已被其他数据引用，不能删除' },
      );
    },

    // quality points

    async points(input: {
      filter: {
        keyword?: string | undefined;
        level?: string | undefined;
        categoryId?: string | undefined;
        indicatorId?: string | undefined;
      };
      paging: PagingQuery;
    }): Promise<{ records: QualityPoint[]; total: number }> {
      const { filter, paging } = input;
      let indicatorIds: string[] | undefined;
      if (filter.indicatorId) {
        const indicator = await repo.findIndicator(filter.indicatorId);
        indicatorIds = indicator
          ? subtreeIds(await repo.findIndicators([indicator.categoryId]), indicator.id)
          : [];
      }
      const page = await repo.findPointsPage({ ...filter, indicatorIds }, paging);
      const categoryIds = [...new Set(page.records.map((r) => r.categoryId))];
      const ctx = await context(repo, categoryIds);
      return { records: page.records.map((r) => pointOf(r.point, ctx)), total: page.total };
    },

    point: (id: string) => point(id),

    async createPoint(input: PointInput): Promise<QualityPoint> {
      const id = newId();
      await repo.transaction(async (tx) => {
        const level = await leafFor(tx, input.indicatorId, input.level);
        if (await tx.findPointIdByName(input.indicatorId, input.name)) {
          throw new AppError('CONFLICT', '该指标下已有同名质控点');
        }
        await tx.insertPoints([
          {
            id,
            ...pointColumns(input, level),
            sort: input.sort ?? (await tx.nextPointSort(input.indicatorId)),
          },
        ]);
      });
      return point(id);
    },

    async updatePoint(input: PointInput & { id: string }): Promise<QualityPoint> {
      await repo.transaction(async (tx) => {
        const existing = await tx.findPoint(input.id);
        if (!existing) throw notFound('质控点不存在');
        const level = await leafFor(tx, input.indicatorId, input.level);
        if (await tx.findPointIdByName(input.indicatorId, input.name, input.id)) {
          throw new AppError('CONFLICT', '该指标下已有同名质控点');
        }
        await tx.updatePoint(input.id, {
          ...pointColumns(input, level),
          ...(input.sort === undefined ? {} : { sort: input.sort }),
        });
      });
      return point(input.id);
    },

    /** All or nothing: one point an object task uses refuses the whole request. */
    async deletePoints(ids: string[]) {
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            const rows = await tx.findPoints(ids);
            if (rows.length !== new Set(ids).size) throw notFound('质控点不存在');
            const used = new Set(await tx.findAssignedPointIds(ids));
            const names = rows.filter((r) => used.has(r.id)).map((r) => `「${r.name}」`);
            if (names.length > 0) {
              throw new AppError('UNPROCESSABLE', `质控点${names.join('、')}已分配给诊断对象任务，不能删除`);
            }
            await tx.deletePoints(ids);
          }),
        { inUse: '质控点已分配给诊断对象任务，不能删除' },
      );
    },

    // cycles

    async cycleTypes(): Promise<CycleType[]> {
      return (await repo.findCycleTypes()).map((r) => ({ id: r.id, name: r.name, sort: r.sort }));
    },

    async createCycleType(input: { name: string; sort?: number | undefined }): Promise<CycleType> {
      const id = newId();
      const sort = input.sort ?? (await repo.nextCycleTypeSort());
      await guarded(
        async () => {
          if (await repo.findCycleTypeByName(input.name))
            throw new AppError('CONFLICT', '周期类型名称已存在');
          await repo.insertCycleType({ id, name: input.name, sort });
        },
        { conflict: '周期类型名称已存在' },
      );
      return { id, name: input.name, sort };
    },

    async updateCycleType(input: {
      id: string;
      name: string;
      sort?: number | undefined;
    }): Promise<CycleType> {
      const existing = await repo.findCycleType(input.id);
      if (!existing) throw notFound('周期类型不存在');
      await guarded(
        async () => {
          const holder = await repo.findCycleTypeByName(input.name);
          if (holder && holder.id !== input.id) throw new AppError('CONFLICT', '周期类型名称已存在');
          await repo.updateCycleType(input.id, { name: input.name, sort: input.sort });
        },
        { conflict: '周期类型名称已存在' },
      );
      return { id: input.id, name: input.name, sort: input.sort ?? existing.sort };
    },

    async deleteCycleType(id: string) {
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            if (!(await tx.findCycleType(id))) throw notFound('周期类型不存在');
            if ((await tx.countCyclesOfType(id)) > 0)
              throw new AppError('UNPROCESSABLE', '该类型下仍有周期值，不能删除');
            await tx.deleteCycleType(id);
          }),
        { inUse: '该周期类型已被引用，不能删除' },
      );
    },

    async cycles(input: {
      filter: { typeId?: string | undefined; keyword?: string | undefined };
      paging: PagingQuery;
    }): Promise<{ records: Cycle[]; total: number }> {
      const page = await repo.findCyclesPage(input.filter, input.paging);
      return { records: page.records.map(cycleOf), total: page.total };
    },

    /** The values of a type named `typeName`, and its default (`cycleDefaultsValue`). */
    async cyclesByTypeName(input: { typeName: string; withHidden?: boolean | undefined }) {
      const type = await repo.findCycleTypeByName(input.typeName);
      if (!type) return { list: [] as Cycle[], defaultCycle: null };
      const all = (await repo.findCyclesOfType(type.id)).map(cycleOf);
      const list = input.withHidden ? all : all.filter((c) => !c.isHidden);
      return { list, defaultCycle: all.find((c) => c.isDefault) ?? null };
    },

    /** The first value of a type becomes its default, so a type with values always has one. */
    async createCycle(input: { typeId: string; number: string; sort?: number | undefined }): Promise<Cycle> {
      const id = newId();
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            if (!(await tx.findCycleType(input.typeId))) throw new AppError('VALIDATION', '周期类型不存在');
            await tx.lockCycleType(input.typeId);
            if (await tx.findCycleIdByNumber(input.typeId, input.number)) {
              throw new AppError('CONFLICT', '该类型下周期已存在');
            }
            const isFirst = (await tx.countCyclesOfType(input.typeId)) === 0;
            await tx.insertCycle({
              id,
              typeId: input.typeId,
              number: input.number,
              isDefault: isFirst,
              sort: input.sort ?? (await tx.nextCycleSort(input.typeId)),
            });
          }),
        { conflict: '该类型下周期已存在' },
      );
      return cycle(id);
    },

    async updateCycle(input: { id: string; number: string; sort?: number | undefined }): Promise<Cycle> {
      const existing = await cycle(input.id);
      await guarded(
        async () => {
          const holder = await repo.findCycleIdByNumber(existing.typeId, input.number);
          if (holder && holder !== input.id) throw new AppError('CONFLICT', '该类型下周期已存在');
          await repo.updateCycle(input.id, {
            number: input.number,
            ...(input.sort === undefined ? {} : { sort: input.sort }),
          });
        },
        { conflict: '该类型下周期已存在' },
      );
      return cycle(input.id);
    },

    /** Deleting a type's default hands the default to its first remaining visible value. */
    async deleteCycles(ids: string[]) {
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            const rows = await Promise.all(ids.map((id) => tx.findCycle(id)));
            if (rows.some((r) => !r)) throw notFound('周期不存在');
            const typeIds = [...new Set(rows.map((r) => r!.cycle.typeId))];
            for (const typeId of typeIds) await tx.lockCycleType(typeId);
            await tx.deleteCycles(ids);
            for (const typeId of typeIds) {
              const rest = await tx.findCyclesOfType(typeId);
              if (rest.length > 0 && !rest.some((r) => r.cycle.isDefault)) {
                const next = rest.find((r) => !r.cycle.isHidden) ?? rest[0]!;
                await tx.updateCycle(next.cycle.id, { isDefault: true, isHidden: false });
              }
            }
          }),
        { inUse: '周期已被诊断任务使用，不能删除' },
      );
    },

    /** Makes the value its type's one default: clear the old default, then set the new, in one transaction. */
    async makeDefaultCycle(id: string): Promise<Cycle> {
      await repo.transaction(async (tx) => {
        const row = await tx.findCycle(id);
        if (!row) throw notFound('周期不存在');
        if (row.cycle.isHidden) throw new AppError('UNPROCESSABLE', '隐藏的周期不能设为默认');
        await tx.lockCycleType(row.cycle.typeId);
        if (row.cycle.isDefault) return;
        await tx.clearDefault(row.cycle.typeId);
        await tx.updateCycle(id, { isDefault: true });
      });
      return cycle(id);
    },

    /** `hidden` absent toggles. */
    async setCycleHidden(input: { id: string; hidden?: boolean | undefined }): Promise<Cycle> {
      const existing = await cycle(input.id);
      const hidden = input.hidden ?? !existing.isHidden;
      if (hidden && existing.isDefault) throw new AppError('UNPROCESSABLE', '默认周期不能隐藏');
      await repo.updateCycle(input.id, { isHidden: hidden });
      return cycle(input.id);
    },

    // dimensions

    async dimensions(input: { keyword?: string | undefined; paging: PagingQuery }) {
      const page = await repo.findDimensionsPage(input.keyword, input.paging);
      return { records: page.records.map(dimensionOf), total: page.total };
    },

    async dimension(id: string): Promise<DimensionType> {
      const row = await repo.findDimension(id);
      if (!row) throw notFound('维度不存在');
      return dimensionOf(row);
    },

    async createDimension(input: { name: string; displayName: string; sort?: number | undefined }) {
      const id = newId();
      await guarded(
        async () => {
          if (await repo.findDimensionIdByName(input.name)) throw new AppError('CONFLICT', '维度名称已存在');
          await repo.insertDimension({
            id,
            name: input.name,
            displayName: input.displayName,
            sort: input.sort ?? (await repo.nextDimensionSort()),
          });
        },
        { conflict: '维度名称已存在' },
      );
      return dimensionOf((await repo.findDimension(id))!);
    },

    async updateDimension(input: {
      id: string;
      name: string;
      displayName: string;
      sort?: number | undefined;
    }) {
      if (!(await repo.findDimension(input.id))) throw notFound('维度不存在');
      await guarded(
        async () => {
          const holder = await repo.findDimensionIdByName(input.name);
          if (holder && holder !== input.id) throw new AppError('CONFLICT', '维度名称已存在');
          await repo.updateDimension(input.id, {
            name: input.name,
            displayName: input.displayName,
            sort: input.sort,
          });
        },
        { conflict: '维度名称已存在' },
      );
      return dimensionOf((await repo.findDimension(input.id))!);
    },

    async deleteDimension(id: string) {
      if (!(await repo.findDimension(id))) throw notFound('维度不存在');
      await guarded(() => repo.deleteDimension(id), { inUse: '该维度已被引用，不能删除' });
    },
  };
}

function dimensionOf(row: { id: string; name: string; displayName: string; sort: number }): DimensionType {
  return { id: row.id, name: row.name, displayName: row.displayName, sort: row.sort };
}

export type StandardsService = ReturnType<typeof createStandardsService>;
