import type * as S from '@eduqa/contract';
import type { YearTarget } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import type { GoalAccess } from './goal-access.ts';
import { toYearTarget } from './goal-rows.ts';
import { noteYearTarget } from './goals.audit.ts';
import { type Clock, type In, GOALS_MESSAGES as M, type Paged, refuse } from './goals.common.ts';
import type { GoalsRepo } from './goals.repo.ts';

/** 年度目标: the publisher creates them; their creator alone changes or deletes them. */
export function createYearTargetsService(deps: { repo: GoalsRepo; access: GoalAccess; clock: Clock }) {
  const { repo, access, clock } = deps;

  async function one(actor: Actor, id: string): Promise<YearTarget> {
    const { records } = await repo.yearTargets({ id, limit: 1, offset: 0 });
    const row = records[0];
    if (!row) throw notFound(M.yearTargetNotFound);
    return toYearTarget(actor, row);
  }
  async function own(actor: Actor, id: string) {
    if ((await repo.yearTargetCreator(id)) !== actor.userId) throw notFound(M.yearTargetNotFound);
  }

  return {
    async yearTargets(actor: Actor, q: In<typeof S.YearTargetListQuerySchema>): Promise<Paged<YearTarget>> {
      const { records, total } = await repo.yearTargets({ ...q, ...pageOf(q) });
      return { records: records.map((r) => toYearTarget(actor, r)), total };
    },

    years: () => repo.years(),

    async insertYearTarget(actor: Actor, body: In<typeof S.YearTargetBodySchema>) {
      access.requirePublisher(actor);
      const id = newId();
      await guarded(
        () =>
          repo.insertYearTarget({
            id,
            name: body.name,
            cycleYear: body.cycleYear,
            description: body.description ?? '',
            creatorUserId: actor.userId,
          }),
        { conflict: M.duplicateYearTarget },
      );
      const created = await one(actor, id);
      noteYearTarget(actor, null, created);
      return created;
    },

    async updateYearTarget(actor: Actor, body: In<typeof S.YearTargetUpdateBodySchema>) {
      await own(actor, body.id);
      const before = await one(actor, body.id);
      await guarded(
        () =>
          repo.updateYearTarget(body.id, {
            name: body.name,
            cycleYear: body.cycleYear,
            description: body.description ?? '',
            updatedAt: clock.now(),
          }),
        { conflict: M.duplicateYearTarget },
      );
      const after = await one(actor, body.id);
      noteYearTarget(actor, before, after);
      return after;
    },

    async deleteYearTargets(actor: Actor, ids: string[]) {
      for (const id of ids) await own(actor, id);
      if (await repo.yearTargetsHaveTasks(ids)) throw refuse(M.yearTargetHasTasks);
      await repo.deleteYearTargets(ids);
    },
  };
}
