import type { Cycle, CycleType, PagingQuery } from '@eduqa/contract';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { cycleOf } from './standards.model.ts';
import type { StandardsQueries, StandardsRepo } from './standards.repo.ts';

/** Cycle types: unique names; a type with values is not deleted. */
export function createCycleTypeService(repo: StandardsRepo) {
  return {
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

    /** The values of a type named `typeName`, and its default (`cycleDefaultsValue`). */
    async cyclesByTypeName(input: { typeName: string; withHidden?: boolean | undefined }) {
      const type = await repo.findCycleTypeByName(input.typeName);
      if (!type) return { list: [] as Cycle[], defaultCycle: null };
      const all = (await repo.findCyclesOfType(type.id)).map(cycleOf);
      const list = input.withHidden ? all : all.filter((c) => !c.isHidden);
      return { list, defaultCycle: all.find((c) => c.isDefault) ?? null };
    },
  };
}

async function cycle(q: StandardsQueries, id: string): Promise<Cycle> {
  const row = await q.findCycle(id);
  if (!row) throw notFound('周期不存在');
  return cycleOf(row);
}

/** Deletes the values and, where a type lost its default, gives it to the first visible value left. */
async function deleteCyclesIn(tx: StandardsQueries, ids: readonly string[]) {
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
}

/** A new value under its locked type; the type's first value is its default. */
async function insertCycle(
  tx: StandardsQueries,
  input: { id: string; typeId: string; number: string; sort?: number | undefined },
) {
  if (!(await tx.findCycleType(input.typeId))) throw new AppError('VALIDATION', '周期类型不存在');
  await tx.lockCycleType(input.typeId);
  if (await tx.findCycleIdByNumber(input.typeId, input.number)) {
    throw new AppError('CONFLICT', '该类型下周期已存在');
  }
  const isFirst = (await tx.countCyclesOfType(input.typeId)) === 0;
  await tx.insertCycle({
    id: input.id,
    typeId: input.typeId,
    number: input.number,
    isDefault: isFirst,
    sort: input.sort ?? (await tx.nextCycleSort(input.typeId)),
  });
}

/** Cycle values of a type: unique numbers, exactly one visible default while the type has values. */
export function createCycleService(repo: StandardsRepo) {
  return {
    async cycles(input: {
      filter: { typeId?: string | undefined; keyword?: string | undefined };
      paging: PagingQuery;
    }): Promise<{ records: Cycle[]; total: number }> {
      const page = await repo.findCyclesPage(input.filter, input.paging);
      return { records: page.records.map(cycleOf), total: page.total };
    },

    /** The first value of a type becomes its default, so a type with values always has one. */
    async createCycle(input: { typeId: string; number: string; sort?: number | undefined }): Promise<Cycle> {
      const id = newId();
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            await insertCycle(tx, { ...input, id });
          }),
        { conflict: '该类型下周期已存在' },
      );
      return cycle(repo, id);
    },

    async updateCycle(input: { id: string; number: string; sort?: number | undefined }): Promise<Cycle> {
      const existing = await cycle(repo, input.id);
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
      return cycle(repo, input.id);
    },

    /** Deleting a type's default hands the default to its first remaining visible value. */
    async deleteCycles(ids: string[]) {
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            await deleteCyclesIn(tx, ids);
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
      return cycle(repo, id);
    },

    /** `hidden` absent toggles. */
    async setCycleHidden(input: { id: string; hidden?: boolean | undefined }): Promise<Cycle> {
      const existing = await cycle(repo, input.id);
      const hidden = input.hidden ?? !existing.isHidden;
      if (hidden && existing.isDefault) throw new AppError('UNPROCESSABLE', '默认周期不能隐藏');
      await repo.updateCycle(input.id, { isHidden: hidden });
      return cycle(repo, input.id);
    },
  };
}
