import type { IndicatorNode } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { indicatorSnapshot, noteIndicator } from './standards.audit.ts';
import { buildIndicatorTree, type IndicatorInput, MAX_INDICATOR_DEPTH } from './standards.model.ts';
import type { StandardsQueries, StandardsRepo } from './standards.repo.ts';

/** Checks the parent (same category, no points, depth within the limit) and the name, then inserts. */
async function insertIndicator(tx: StandardsQueries, input: IndicatorInput & { id: string }) {
  if (!(await tx.findCategory(input.categoryId))) throw new AppError('VALIDATION', '指标分类不存在');
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
  if (siblings.some((s) => s.name === input.name)) throw new AppError('CONFLICT', '同级指标名称已存在');
  await tx.insertIndicators([
    {
      id: input.id,
      categoryId: input.categoryId,
      parentId,
      name: input.name,
      code: input.code?.trim() || null,
      weight: input.weight ?? null,
      depth,
      sort: Math.max(0, ...siblings.map((s) => s.sort)) + 1,
    },
  ]);
}

/** The indicator tree: names unique among siblings, points only under leaves, at most MAX_INDICATOR_DEPTH levels. */
export function createIndicatorService(repo: StandardsRepo) {
  return {
    async indicatorTree(categoryId: string): Promise<IndicatorNode[]> {
      if (!(await repo.findCategory(categoryId))) throw notFound('指标分类不存在');
      const [rows, counts] = await Promise.all([
        repo.findIndicators([categoryId]),
        repo.countPointsByIndicator(categoryId),
      ]);
      return buildIndicatorTree(rows, counts);
    },

    async createIndicator(actor: Actor, input: IndicatorInput): Promise<{ id: string }> {
      const id = newId();
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            await insertIndicator(tx, { ...input, id });
          }),
        { conflict: '同级指标名称已存在' },
      );
      noteIndicator(actor, null, await indicatorSnapshot(repo, id));
      return { id };
    },

    /** Name and code; the weight too when given (null clears it). */
    async renameIndicator(
      actor: Actor,
      input: { id: string; name: string; code?: string | undefined; weight?: number | null | undefined },
    ) {
      const before = await indicatorSnapshot(repo, input.id);
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
              ...(input.weight === undefined ? {} : { weight: input.weight }),
            });
          }),
        { conflict: '同级指标名称已存在' },
      );
      noteIndicator(actor, before, await indicatorSnapshot(repo, input.id));
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

    async deleteIndicator(actor: Actor, id: string) {
      const before = await indicatorSnapshot(repo, id);
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
      noteIndicator(actor, before, null);
    },
  };
}
