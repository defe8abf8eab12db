import type { Constant, ConstantType, ConstantTypeBody, PagingQuery } from '@eduqa/contract';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ConstantRow, ConstantsRepo, ConstantTypeRow } from './constants.repo.ts';

const TYPE_TAKEN = '常量类型的名称或编码已存在';
const VALUE_TAKEN = '该常量类型下已有相同的值';

const typeOf = (row: ConstantTypeRow, constantCount: number): ConstantType => ({
  id: row.id,
  name: row.name,
  code: row.code,
  remark: row.remark,
  sort: row.sort,
  constantCount,
  createdAt: row.createdAt.toISOString(),
});

const constantOf = (row: ConstantRow): Constant => ({
  id: row.id,
  typeId: row.typeId,
  label: row.label,
  value: row.value,
  sort: row.sort,
});

/** 常量类型 and 常量: the option lists of select components (data-source type `constant`). */
export function createConstantsService(deps: { repo: ConstantsRepo }) {
  const { repo } = deps;

  async function typeView(id: string): Promise<ConstantType> {
    const row = await repo.findConstantType(id);
    if (!row) throw notFound('常量类型不存在');
    return typeOf(row, (await repo.constantCounts([id])).get(id) ?? 0);
  }

  async function saveType(id: string, body: ConstantTypeBody, isNew: boolean): Promise<ConstantType> {
    await guarded(
      () =>
        repo.transaction(async (tx) => {
          const existing = isNew ? undefined : await tx.findConstantType(id);
          if (!isNew && !existing) throw notFound('常量类型不存在');
          if ((await tx.constantTypeClash(body.name, body.code)).some((t) => t.id !== id))
            throw new AppError('CONFLICT', TYPE_TAKEN);
          const columns = {
            name: body.name,
            code: body.code,
            remark: body.remark ?? existing?.remark ?? '',
            sort: body.sort ?? existing?.sort ?? 0,
          };
          if (existing) await tx.updateConstantType(id, columns);
          else await tx.insertConstantType({ id, ...columns });
        }),
      { conflict: TYPE_TAKEN },
    );
    return typeView(id);
  }

  async function saveConstant(
    id: string,
    input: { typeId: string; label: string; value: string; sort?: number | undefined },
    isNew: boolean,
  ): Promise<Constant> {
    await guarded(
      () =>
        repo.transaction(async (tx) => {
          if (!(await tx.findConstantType(input.typeId))) throw notFound('常量类型不存在');
          const holder = await tx.constantWithValue(input.typeId, input.value);
          if (holder && holder.id !== id) throw new AppError('CONFLICT', VALUE_TAKEN);
          if (isNew) {
            const sort = input.sort ?? (await tx.constantsOf(input.typeId)).length;
            await tx.insertConstant({
              id,
              typeId: input.typeId,
              label: input.label,
              value: input.value,
              sort,
            });
          } else {
            const existing = (await tx.findConstant(id))!;
            await tx.updateConstant(id, {
              label: input.label,
              value: input.value,
              sort: input.sort ?? existing.sort,
            });
          }
        }),
      { conflict: VALUE_TAKEN },
    );
    return constantOf((await repo.findConstant(id))!);
  }

  return {
    async constantTypePage(keyword: string | undefined, paging: PagingQuery) {
      const page = await repo.constantTypePage(keyword, paging);
      const counts = await repo.constantCounts(page.records.map((r) => r.id));
      return { records: page.records.map((r) => typeOf(r, counts.get(r.id) ?? 0)), total: page.total };
    },
    createConstantType: (body: ConstantTypeBody) => saveType(newId(), body, true),
    updateConstantType: (id: string, body: ConstantTypeBody) => saveType(id, body, false),
    /** Refused while a form's design (current or published) takes its options from the type. */
    async deleteConstantType(id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        if (!(await tx.findConstantType(id))) throw notFound('常量类型不存在');
        const users = await tx.formsUsingConstantType(id);
        if (users.length > 0)
          throw new AppError(
            'UNPROCESSABLE',
            `表单「${users.slice(0, 3).join('」「')}」的选项来自该常量类型，不能删除`,
          );
        await tx.deleteConstantType(id);
      });
    },

    async constants(typeId: string, keyword: string | undefined): Promise<Constant[]> {
      if (!(await repo.findConstantType(typeId))) throw notFound('常量类型不存在');
      return (await repo.constantsOf(typeId, keyword)).map(constantOf);
    },
    createConstant: (input: { typeId: string; label: string; value: string; sort?: number | undefined }) =>
      saveConstant(newId(), input, true),
    async updateConstant(id: string, input: { label: string; value: string; sort?: number | undefined }) {
      const existing = await repo.findConstant(id);
      if (!existing) throw notFound('常量不存在');
      return saveConstant(id, { ...input, typeId: existing.typeId }, false);
    },
    async deleteConstant(id: string): Promise<void> {
      if (!(await repo.findConstant(id))) throw notFound('常量不存在');
      await repo.deleteConstant(id);
    },
  };
}

export type ConstantsService = ReturnType<typeof createConstantsService>;
