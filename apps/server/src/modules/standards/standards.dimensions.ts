import type { DimensionType, PagingQuery } from '@eduqa/contract';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { dimensionOf } from './standards.model.ts';
import type { StandardsRepo } from './standards.repo.ts';

/** Dimension types: unique names. */
export function createDimensionService(repo: StandardsRepo) {
  return {
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
