import type * as S from '@eduqa/contract';
import type { TargetType } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import { type AnnualParts, ANNUAL_MESSAGES as M } from './annual.common.ts';
import { toTargetType } from './annual-rows.ts';
import { type In, type Paged, refuse } from './goals.common.ts';

/** 目标类型: the publisher keeps the list; a type still named by a task or a charger stays. */
export function createAnnualTargetTypesService({ repo, goals }: AnnualParts) {
  const { requirePublisher } = goals.access;

  async function one(id: string) {
    const [row] = await repo.targetTypesByIds([id]);
    if (!row) throw notFound(M.targetTypeNotFound);
    return toTargetType(row);
  }
  const columnsOf = (body: In<typeof S.TargetTypeBodySchema>) => ({
    name: body.name,
    description: body.description ?? '',
    sort: body.sort ?? 0,
  });

  return {
    async targetTypes(q: In<typeof S.TargetTypeListQuerySchema>): Promise<Paged<TargetType>> {
      const { records, total } = await repo.targetTypes({ keyword: q.keyword, ...pageOf(q) });
      return { records: records.map(toTargetType), total };
    },

    async insertTargetType(actor: Actor, body: In<typeof S.TargetTypeBodySchema>) {
      requirePublisher(actor);
      const id = newId();
      await guarded(() => repo.insertTargetType({ id, ...columnsOf(body), creatorUserId: actor.userId }), {
        conflict: M.duplicateTargetType,
      });
      return one(id);
    },

    async updateTargetType(actor: Actor, body: In<typeof S.TargetTypeUpdateBodySchema>) {
      requirePublisher(actor);
      await one(body.id);
      await guarded(() => repo.updateTargetType(body.id, columnsOf(body)), {
        conflict: M.duplicateTargetType,
      });
      return one(body.id);
    },

    /** The refusal says which type is still in use, and by how many. */
    async deleteTargetTypes(actor: Actor, ids: string[]) {
      requirePublisher(actor);
      const records = await repo.targetTypesByIds(ids);
      if (records.length !== new Set(ids).size) throw notFound(M.targetTypeNotFound);
      for (const r of records) {
        if (r.taskCount > 0) throw refuse(`目标类型「${r.name}」已被${r.taskCount}个任务使用，不能删除`);
        if (r.chargerCount > 0)
          throw refuse(`目标类型「${r.name}」已设置${r.chargerCount}位负责人，不能删除`);
      }
      await guarded(() => repo.deleteTargetTypes(ids), { inUse: M.targetTypeInUse });
    },
  };
}
