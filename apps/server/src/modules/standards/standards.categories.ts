import type { IndicatorCategory } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { noteCategory } from './standards.audit.ts';
import { type CategoryInput, categoryOf, defaultTableName } from './standards.model.ts';
import type { StandardsQueries, StandardsRepo } from './standards.repo.ts';

async function category(q: StandardsQueries, id: string): Promise<IndicatorCategory> {
  const row = await q.findCategory(id);
  if (!row) throw notFound('指标分类不存在');
  return categoryOf(row, await q.countIndicatorsOfCategory(id));
}

/** Indicator categories: one name per level; a category with indicators is not deleted. */
export function createCategoryService(repo: StandardsRepo) {
  return {
    async categories(): Promise<IndicatorCategory[]> {
      return (await repo.findCategories()).map((r) => categoryOf(r, r.indicatorCount));
    },

    async createCategory(actor: Actor, input: CategoryInput): Promise<IndicatorCategory> {
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
      const created = await category(repo, id);
      noteCategory(actor, null, created);
      return created;
    },

    async updateCategory(actor: Actor, input: CategoryInput & { id: string }): Promise<IndicatorCategory> {
      const before = await category(repo, input.id);
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
      const after = await category(repo, input.id);
      noteCategory(actor, before, after);
      return after;
    },

    async deleteCategory(actor: Actor, id: string) {
      const before = await category(repo, id);
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
      noteCategory(actor, before, null);
    },
  };
}
