import type * as S from '@eduqa/contract';
import { type AverageStatus, type AverageTarget, averageStatusTransition } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { pageOf } from '../../platform/paging.ts';
import {
  type AnnualParts,
  type AnnualTaskReads,
  averageLabel,
  ANNUAL_MESSAGES as M,
} from './annual.common.ts';
import type { AverageNumbers } from './annual-averages.repo.ts';
import { toAverage } from './annual-rows.ts';
import { averageWhere } from './annual-tasks.repo.ts';
import { changedOnce, check, type In, type Paged } from './goals.common.ts';

const numbersOf = (body: AverageNumbers): AverageNumbers => ({
  averageValue: body.averageValue,
  targetNumber: body.targetNumber,
  direction: body.direction,
});

/**
 * 平均水平目标: a goal task whose target value is derived from the average-level numbers; its status
 * moves normal ⇄ pause, either → finished with an actual value (annual.rules.ts).
 */
export function createAnnualAveragesService({
  repo,
  goals,
  reads,
}: AnnualParts & { reads: AnnualTaskReads }) {
  const { annualTasks, oneAverage, requireTargetType, requireAverages, ownTask } = reads;

  return {
    async averageTargets(
      actor: Actor,
      q: In<typeof S.AverageTargetListQuerySchema>,
    ): Promise<Paged<AverageTarget>> {
      const { ids, total } = await repo.taskIds({ where: averageWhere(actor, q), ...pageOf(q) });
      return { records: (await annualTasks(actor, ids)).map(toAverage), total };
    },

    async insertAverage(actor: Actor, body: In<typeof S.AverageTargetBodySchema>) {
      goals.access.requirePublisher(actor);
      await requireTargetType(body.targetTypeId);
      const task = await goals.insertTask(actor, { ...body, targetValue: averageLabel(body) });
      await repo.insertAverage(task.id, numbersOf(body), body.targetTypeId);
      return oneAverage(actor, task.id);
    },

    async updateAverage(actor: Actor, body: In<typeof S.AverageTargetUpdateBodySchema>) {
      await ownTask(actor, body.id, M.averageNotFound);
      await requireAverages([body.id]);
      await requireTargetType(body.targetTypeId);
      await goals.updateTask(actor, { ...body, targetValue: averageLabel(body) });
      await repo.updateAverage(body.id, numbersOf(body), body.targetTypeId);
      return oneAverage(actor, body.id);
    },

    async deleteAverages(actor: Actor, ids: string[]) {
      for (const id of ids) await ownTask(actor, id, M.averageNotFound);
      await requireAverages(ids);
      await goals.deleteTasks(actor, ids);
    },

    /** updateTaskStauts: the transition is applied only if no one moved the status in between. */
    async updateAverageStatus(actor: Actor, body: In<typeof S.AverageStatusBodySchema>) {
      await ownTask(actor, body.id, M.averageNotFound);
      const [row] = await requireAverages([body.id]);
      const actualValue = body.actualValue ?? row!.actualValue ?? null;
      const from = row!.status as AverageStatus;
      const status = check(averageStatusTransition({ from, to: body.status, actualValue }));
      changedOnce(await repo.setAverageStatus(body.id, from, { status, actualValue }));
      return oneAverage(actor, body.id);
    },

    async withdrawAverage(actor: Actor, id: string) {
      await ownTask(actor, id, M.averageNotFound);
      await requireAverages([id]);
      await goals.withdrawTask(actor, id);
      return oneAverage(actor, id);
    },
  };
}
