import type { PagingQuery } from '@eduqa/contract';
import { and, asc, count, eq, ilike, inArray, max, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryGroups, transactionOf } from '../../db/transaction.ts';
import { likePattern } from '../../platform/sql.ts';
import { findQualityPointIdsInUse } from '../diagnosis/diagnosis.lookups.ts';
import {
  cycles,
  cycleTypes,
  dimensionTypes,
  indicatorCategories,
  indicators,
  qualityPoints,
} from './standards.table.ts';

export type CategoryRow = typeof indicatorCategories.$inferSelect;
export type IndicatorRow = typeof indicators.$inferSelect;
export type PointRow = typeof qualityPoints.$inferSelect;
export type PointInsert = typeof qualityPoints.$inferInsert;
export type CycleRow = typeof cycles.$inferSelect;
export type CycleTypeRow = typeof cycleTypes.$inferSelect;
export type DimensionRow = typeof dimensionTypes.$inferSelect;

export interface PointFilter {
  keyword?: string | undefined;
  level?: string | undefined;
  categoryId?: string | undefined;
  indicatorIds?: string[] | undefined;
}

const countOf = async (rows: Promise<Array<{ n: number }>>) => (await rows)[0]?.n ?? 0;

/** The queries of the standards domain, over the database or over one transaction. */
function createQueries(db: Db) {
  return queryGroups(
    categoryQueries(db),
    indicatorQueries(db),
    pointReadQueries(db),
    pointWriteQueries(db),
    cycleTypeQueries(db),
    cycleReadQueries(db),
    cycleWriteQueries(db),
    dimensionQueries(db),
  );
}

/** Indicator categories, and what a category still holds before it may go. */
function categoryQueries(db: Db) {
  return {
    async findCategories(): Promise<Array<CategoryRow & { indicatorCount: number }>> {
      const rows = await db
        .select({
          category: indicatorCategories,
          indicatorCount: sql<number>`(select count(*)::int from ${indicators} where ${indicators.categoryId} = ${indicatorCategories.id})`,
        })
        .from(indicatorCategories)
        .orderBy(asc(indicatorCategories.sort), asc(indicatorCategories.createdAt));
      return rows.map((r) => ({ ...r.category, indicatorCount: r.indicatorCount }));
    },

    async findCategory(id: string): Promise<CategoryRow | undefined> {
      const [row] = await db.select().from(indicatorCategories).where(eq(indicatorCategories.id, id));
      return row;
    },

    async findCategoryByName(level: string, name: string): Promise<CategoryRow | undefined> {
      const [row] = await db
        .select()
        .from(indicatorCategories)
        .where(and(eq(indicatorCategories.level, level), eq(indicatorCategories.name, name)));
      return row;
    },

    async nextCategorySort() {
      const [row] = await db.select({ n: max(indicatorCategories.sort) }).from(indicatorCategories);
      return (row?.n ?? 0) + 1;
    },

    async insertCategories(rows: Array<typeof indicatorCategories.$inferInsert>) {
      if (rows.length) await db.insert(indicatorCategories).values(rows);
    },

    async updateCategory(id: string, changes: Partial<Omit<CategoryRow, 'id' | 'createdAt'>>) {
      await db.update(indicatorCategories).set(changes).where(eq(indicatorCategories.id, id));
    },

    async deleteCategory(id: string) {
      await db.delete(indicatorCategories).where(eq(indicatorCategories.id, id));
    },

    async countIndicatorsOfCategory(categoryId: string) {
      return countOf(db.select({ n: count() }).from(indicators).where(eq(indicators.categoryId, categoryId)));
    },

    async countPointsOfCategory(categoryId: string) {
      return countOf(
        db
          .select({ n: count() })
          .from(qualityPoints)
          .innerJoin(indicators, eq(indicators.id, qualityPoints.indicatorId))
          .where(eq(indicators.categoryId, categoryId)),
      );
    },
  };
}

/** The indicator tree of a category, and what an indicator still holds before it may go. */
function indicatorQueries(db: Db) {
  return {
    /** Every indicator of the given categories (all when none given), in tree order within siblings. */
    async findIndicators(categoryIds?: readonly string[]): Promise<IndicatorRow[]> {
      if (categoryIds !== undefined && categoryIds.length === 0) return [];
      return db
        .select()
        .from(indicators)
        .where(categoryIds === undefined ? undefined : inArray(indicators.categoryId, [...categoryIds]))
        .orderBy(asc(indicators.depth), asc(indicators.sort), asc(indicators.createdAt));
    },

    async findIndicator(id: string): Promise<IndicatorRow | undefined> {
      const [row] = await db.select().from(indicators).where(eq(indicators.id, id));
      return row;
    },

    async findSiblings(categoryId: string, parentId: string | null): Promise<IndicatorRow[]> {
      return db
        .select()
        .from(indicators)
        .where(
          and(
            eq(indicators.categoryId, categoryId),
            parentId === null ? sql`${indicators.parentId} is null` : eq(indicators.parentId, parentId),
          ),
        )
        .orderBy(asc(indicators.sort), asc(indicators.createdAt))
        .for('update');
    },

    async insertIndicators(rows: Array<typeof indicators.$inferInsert>) {
      if (rows.length) await db.insert(indicators).values(rows);
    },

    async updateIndicator(
      id: string,
      changes: Partial<Pick<IndicatorRow, 'name' | 'code' | 'sort' | 'weight'>>,
    ) {
      await db.update(indicators).set(changes).where(eq(indicators.id, id));
    },

    async deleteIndicator(id: string) {
      await db.delete(indicators).where(eq(indicators.id, id));
    },

    async countChildren(id: string) {
      return countOf(db.select({ n: count() }).from(indicators).where(eq(indicators.parentId, id)));
    },

    async countPointsOfIndicator(id: string) {
      return countOf(db.select({ n: count() }).from(qualityPoints).where(eq(qualityPoints.indicatorId, id)));
    },

    /** Points per indicator of one category (for the tree). */
    async countPointsByIndicator(categoryId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: qualityPoints.indicatorId, n: count() })
        .from(qualityPoints)
        .innerJoin(indicators, eq(indicators.id, qualityPoints.indicatorId))
        .where(eq(indicators.categoryId, categoryId))
        .groupBy(qualityPoints.indicatorId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },
  };
}

/** Quality points as the list pages and the export read them. */
function pointReadQueries(db: Db) {
  return {
    async findPointsPage(filter: PointFilter, paging: PagingQuery) {
      const conditions: SQL[] = [];
      if (filter.keyword) conditions.push(ilike(qualityPoints.name, likePattern(filter.keyword)));
      if (filter.level) conditions.push(eq(qualityPoints.level, filter.level));
      if (filter.categoryId) conditions.push(eq(indicators.categoryId, filter.categoryId));
      if (filter.indicatorIds) {
        if (filter.indicatorIds.length === 0) return { records: [], total: 0 };
        conditions.push(inArray(qualityPoints.indicatorId, filter.indicatorIds));
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [records, total] = await Promise.all([
        db
          .select({ point: qualityPoints, categoryId: indicators.categoryId })
          .from(qualityPoints)
          .innerJoin(indicators, eq(indicators.id, qualityPoints.indicatorId))
          .innerJoin(indicatorCategories, eq(indicatorCategories.id, indicators.categoryId))
          .where(where)
          .orderBy(
            asc(indicatorCategories.sort),
            asc(indicatorCategories.name),
            asc(indicators.depth),
            asc(indicators.sort),
            asc(qualityPoints.sort),
            asc(qualityPoints.createdAt),
            asc(qualityPoints.id),
          )
          .limit(paging.pageSize)
          .offset((paging.pageNum - 1) * paging.pageSize),
        countOf(
          db
            .select({ n: count() })
            .from(qualityPoints)
            .innerJoin(indicators, eq(indicators.id, qualityPoints.indicatorId))
            .where(where),
        ),
      ]);
      return { records, total };
    },

    async findAllPoints(): Promise<PointRow[]> {
      return db.select().from(qualityPoints).orderBy(asc(qualityPoints.sort), asc(qualityPoints.createdAt));
    },

    async findPoint(id: string): Promise<PointRow | undefined> {
      const [row] = await db.select().from(qualityPoints).where(eq(qualityPoints.id, id));
      return row;
    },

    async findPoints(ids: readonly string[]): Promise<PointRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(qualityPoints)
        .where(inArray(qualityPoints.id, [...ids]));
    },
  };
}

/** Writing quality points, with what a write checks first: a unique name, the next sort, use by diagnosis. */
function pointWriteQueries(db: Db) {
  return {
    async findPointIdByName(indicatorId: string, name: string, exceptId?: string) {
      const [row] = await db
        .select({ id: qualityPoints.id })
        .from(qualityPoints)
        .where(
          and(
            eq(qualityPoints.indicatorId, indicatorId),
            eq(qualityPoints.name, name),
            exceptId ? ne(qualityPoints.id, exceptId) : undefined,
          ),
        );
      return row?.id;
    },

    async nextPointSort(indicatorId: string) {
      const [row] = await db
        .select({ n: max(qualityPoints.sort) })
        .from(qualityPoints)
        .where(eq(qualityPoints.indicatorId, indicatorId));
      return (row?.n ?? 0) + 1;
    },

    async insertPoints(rows: PointInsert[]) {
      if (rows.length) await db.insert(qualityPoints).values(rows);
    },

    async updatePoint(id: string, changes: Partial<Omit<PointInsert, 'id' | 'createdAt'>>) {
      await db
        .update(qualityPoints)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(qualityPoints.id, id));
    },

    async deletePoints(ids: readonly string[]) {
      if (ids.length) await db.delete(qualityPoints).where(inArray(qualityPoints.id, [...ids]));
    },

    /** Points among `ids` that an object task uses, asked of diagnosis within this repo's `db`. */
    findAssignedPointIds(ids: readonly string[]): Promise<string[]> {
      return findQualityPointIdsInUse(db, ids);
    },
  };
}

/** Cycle types, and whether cycles still use one. */
function cycleTypeQueries(db: Db) {
  return {
    async findCycleTypes(): Promise<CycleTypeRow[]> {
      return db.select().from(cycleTypes).orderBy(asc(cycleTypes.sort), asc(cycleTypes.createdAt));
    },

    async findCycleType(id: string): Promise<CycleTypeRow | undefined> {
      const [row] = await db.select().from(cycleTypes).where(eq(cycleTypes.id, id));
      return row;
    },

    async findCycleTypeByName(name: string): Promise<CycleTypeRow | undefined> {
      const [row] = await db.select().from(cycleTypes).where(eq(cycleTypes.name, name));
      return row;
    },

    async nextCycleTypeSort() {
      const [row] = await db.select({ n: max(cycleTypes.sort) }).from(cycleTypes);
      return (row?.n ?? 0) + 1;
    },

    async insertCycleType(row: typeof cycleTypes.$inferInsert) {
      await db.insert(cycleTypes).values(row);
    },

    async updateCycleType(id: string, changes: { name: string; sort?: number | undefined }) {
      await db.update(cycleTypes).set(changes).where(eq(cycleTypes.id, id));
    },

    async deleteCycleType(id: string) {
      await db.delete(cycleTypes).where(eq(cycleTypes.id, id));
    },

    async countCyclesOfType(typeId: string) {
      return countOf(db.select({ n: count() }).from(cycles).where(eq(cycles.typeId, typeId)));
    },
  };
}

/** Cycles with their type name, and what a cycle write checks first. */
function cycleReadQueries(db: Db) {
  return {
    async findCyclesPage(
      filter: { typeId?: string | undefined; keyword?: string | undefined },
      paging: PagingQuery,
    ) {
      const conditions: SQL[] = [];
      if (filter.typeId) conditions.push(eq(cycles.typeId, filter.typeId));
      if (filter.keyword) conditions.push(ilike(cycles.number, likePattern(filter.keyword)));
      const where = conditions.length ? and(...conditions) : undefined;
      const [records, total] = await Promise.all([
        db
          .select({ cycle: cycles, typeName: cycleTypes.name })
          .from(cycles)
          .innerJoin(cycleTypes, eq(cycleTypes.id, cycles.typeId))
          .where(where)
          .orderBy(asc(cycleTypes.sort), asc(cycles.sort), asc(cycles.number))
          .limit(paging.pageSize)
          .offset((paging.pageNum - 1) * paging.pageSize),
        countOf(db.select({ n: count() }).from(cycles).where(where)),
      ]);
      return { records, total };
    },

    async findCyclesOfType(typeId: string) {
      return db
        .select({ cycle: cycles, typeName: cycleTypes.name })
        .from(cycles)
        .innerJoin(cycleTypes, eq(cycleTypes.id, cycles.typeId))
        .where(eq(cycles.typeId, typeId))
        .orderBy(asc(cycles.sort), asc(cycles.number));
    },

    async findCycle(id: string) {
      const [row] = await db
        .select({ cycle: cycles, typeName: cycleTypes.name })
        .from(cycles)
        .innerJoin(cycleTypes, eq(cycleTypes.id, cycles.typeId))
        .where(eq(cycles.id, id));
      return row;
    },

    async findCycleIdByNumber(typeId: string, number: string) {
      const [row] = await db
        .select({ id: cycles.id })
        .from(cycles)
        .where(and(eq(cycles.typeId, typeId), eq(cycles.number, number)));
      return row?.id;
    },

    async nextCycleSort(typeId: string) {
      const [row] = await db
        .select({ n: max(cycles.sort) })
        .from(cycles)
        .where(eq(cycles.typeId, typeId));
      return (row?.n ?? 0) + 1;
    },
  };
}

/** Writing cycles; one default per type. */
function cycleWriteQueries(db: Db) {
  return {
    /** Locks the type's row, so that default changes of one type run one after the other. */
    async lockCycleType(typeId: string) {
      await db.select({ id: cycleTypes.id }).from(cycleTypes).where(eq(cycleTypes.id, typeId)).for('update');
    },

    async insertCycle(row: typeof cycles.$inferInsert) {
      await db.insert(cycles).values(row);
    },

    async updateCycle(
      id: string,
      changes: Partial<Pick<CycleRow, 'number' | 'sort' | 'isHidden' | 'isDefault'>>,
    ) {
      await db.update(cycles).set(changes).where(eq(cycles.id, id));
    },

    async clearDefault(typeId: string) {
      await db
        .update(cycles)
        .set({ isDefault: false })
        .where(and(eq(cycles.typeId, typeId), eq(cycles.isDefault, true)));
    },

    async deleteCycles(ids: readonly string[]) {
      if (ids.length) await db.delete(cycles).where(inArray(cycles.id, [...ids]));
    },
  };
}

/** Dimension types. */
function dimensionQueries(db: Db) {
  return {
    async findDimensionsPage(keyword: string | undefined, paging: PagingQuery) {
      const where = keyword
        ? sql`(${ilike(dimensionTypes.name, likePattern(keyword))} or ${ilike(dimensionTypes.displayName, likePattern(keyword))})`
        : undefined;
      const [records, total] = await Promise.all([
        db
          .select()
          .from(dimensionTypes)
          .where(where)
          .orderBy(asc(dimensionTypes.sort), asc(dimensionTypes.createdAt))
          .limit(paging.pageSize)
          .offset((paging.pageNum - 1) * paging.pageSize),
        countOf(db.select({ n: count() }).from(dimensionTypes).where(where)),
      ]);
      return { records, total };
    },

    /** Every dimension in the list's order (the export, and the import's check by name). */
    findAllDimensions(): Promise<DimensionRow[]> {
      return db
        .select()
        .from(dimensionTypes)
        .orderBy(asc(dimensionTypes.sort), asc(dimensionTypes.createdAt));
    },

    async findDimension(id: string): Promise<DimensionRow | undefined> {
      const [row] = await db.select().from(dimensionTypes).where(eq(dimensionTypes.id, id));
      return row;
    },

    async findDimensionIdByName(name: string) {
      const [row] = await db
        .select({ id: dimensionTypes.id })
        .from(dimensionTypes)
        .where(eq(dimensionTypes.name, name));
      return row?.id;
    },

    async nextDimensionSort() {
      const [row] = await db.select({ n: max(dimensionTypes.sort) }).from(dimensionTypes);
      return (row?.n ?? 0) + 1;
    },

    async insertDimension(row: typeof dimensionTypes.$inferInsert) {
      await db.insert(dimensionTypes).values(row);
    },

    async updateDimension(
      id: string,
      changes: { name: string; displayName: string; sort?: number | undefined },
    ) {
      await db.update(dimensionTypes).set(changes).where(eq(dimensionTypes.id, id));
    },

    async deleteDimension(id: string) {
      await db.delete(dimensionTypes).where(eq(dimensionTypes.id, id));
    },
  };
}

export type StandardsQueries = ReturnType<typeof createQueries>;

export function createStandardsRepo(db: Db) {
  return {
    ...createQueries(db),
    transaction: transactionOf(db, createQueries),
  };
}

export type StandardsRepo = ReturnType<typeof createStandardsRepo>;
