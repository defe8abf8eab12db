import { OBJECT_LEVEL_LABELS, type ObjectLevel, type PagingQuery, type QualityPoint } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { notePoint } from './standards.audit.ts';
import { type PointInput, pointColumns, pointOf, subtreeIds } from './standards.model.ts';
import type { CategoryRow, StandardsQueries, StandardsRepo } from './standards.repo.ts';

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

async function point(q: StandardsQueries, id: string): Promise<QualityPoint> {
  const row = await q.findPoint(id);
  if (!row) throw notFound('质控点不存在');
  const indicator = await q.findIndicator(row.indicatorId);
  return pointOf(row, await context(q, indicator ? [indicator.categoryId] : []));
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

/** The filter of the point list; an indicator includes the points of every indicator below it. */
export interface PointQuery {
  filter: {
    keyword?: string | undefined;
    level?: string | undefined;
    categoryId?: string | undefined;
    indicatorId?: string | undefined;
  };
  paging: PagingQuery;
}

async function findPoints(
  repo: StandardsRepo,
  input: PointQuery,
): Promise<{ records: QualityPoint[]; total: number }> {
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
}

/** Quality points under leaf indicators, with the level of their category. */
export function createPointService(repo: StandardsRepo) {
  return {
    points: (input: PointQuery) => findPoints(repo, input),

    point: (id: string) => point(repo, id),

    async createPoint(actor: Actor, input: PointInput): Promise<QualityPoint> {
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
      const created = await point(repo, id);
      notePoint(actor, null, created);
      return created;
    },

    async updatePoint(actor: Actor, input: PointInput & { id: string }): Promise<QualityPoint> {
      const before = await point(repo, input.id);
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
      const after = await point(repo, input.id);
      notePoint(actor, before, after);
      return after;
    },

    /** All or nothing: one point an object task uses refuses the whole request. */
    async deletePoints(actor: Actor, ids: string[]) {
      const before = await Promise.all([...new Set(ids)].map((id) => point(repo, id)));
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
      for (const removed of before) notePoint(actor, removed, null);
    },
  };
}
