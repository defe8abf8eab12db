import type * as S from '@eduqa/contract';
import type { GoalCharger } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import { type AnnualParts, type AnnualTaskReads, ANNUAL_MESSAGES as M } from './annual.common.ts';
import { chargerWhere } from './annual-chargers.repo.ts';
import { toCharger } from './annual-rows.ts';
import { type In, type Paged, refuse } from './goals.common.ts';

type ChargerBody = In<typeof S.GoalChargerBodySchema>;

/** 负责人: who answers for a target type in a department, one per department and type. */
export function createAnnualChargersService({
  repo,
  goals,
  reads,
}: AnnualParts & { reads: AnnualTaskReads }) {
  const { requirePublisher } = goals.access;

  async function one(id: string) {
    const row = await repo.chargerById(id);
    if (!row) throw notFound(M.chargerNotFound);
    return toCharger(row);
  }
  async function check(body: ChargerBody) {
    if (!(await repo.departmentExists(body.departmentId))) throw refuse(M.departmentNotFound);
    await reads.requireTargetType(body.targetTypeId);
    if (!(await repo.activeUserExists(body.userId))) throw refuse(M.userNotFound);
  }
  const columnsOf = (body: ChargerBody) => ({
    departmentId: body.departmentId,
    targetTypeId: body.targetTypeId,
    userId: body.userId,
    phone: body.phone ?? '',
    remark: body.remark ?? '',
  });

  return {
    async chargers(q: In<typeof S.GoalChargerListQuerySchema>): Promise<Paged<GoalCharger>> {
      const { records, total } = await repo.chargers({ where: chargerWhere(q), ...pageOf(q) });
      return { records: records.map(toCharger), total };
    },

    async insertCharger(actor: Actor, body: ChargerBody) {
      requirePublisher(actor);
      await check(body);
      const id = newId();
      await guarded(() => repo.insertCharger({ id, ...columnsOf(body) }), { conflict: M.duplicateCharger });
      return one(id);
    },

    async updateCharger(actor: Actor, body: In<typeof S.GoalChargerUpdateBodySchema>) {
      requirePublisher(actor);
      await one(body.id);
      await check(body);
      await guarded(() => repo.updateCharger(body.id, columnsOf(body)), { conflict: M.duplicateCharger });
      return one(body.id);
    },

    async deleteChargers(actor: Actor, ids: string[]) {
      requirePublisher(actor);
      if ((await repo.chargerCount(ids)) !== new Set(ids).size) throw notFound(M.chargerNotFound);
      await repo.deleteChargers(ids);
    },
  };
}
