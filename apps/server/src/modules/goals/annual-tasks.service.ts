import type * as S from '@eduqa/contract';
import type { AnnualTask, AnnualTaskTreeNode } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { pageOf } from '../../platform/paging.ts';
import { type AnnualParts, type AnnualTaskReads, ANNUAL_MESSAGES as M } from './annual.common.ts';
import { plain } from './annual-rows.ts';
import { taskWhere } from './annual-tasks.repo.ts';
import { type In, type Paged, refuse } from './goals.common.ts';

/**
 * 年度目标任务: the goal service creates, changes and deletes them; the annual view adds 置顶, the
 * target type, and a tree of first-level tasks with their sub-tasks.
 */
export function createAnnualTasksService({ repo, goals, reads }: AnnualParts & { reads: AnnualTaskReads }) {
  const { annualTasks, oneAnnualTask, requireTargetType, ownTask } = reads;

  return {
    async yearTasks(actor: Actor, q: In<typeof S.AnnualTaskListQuerySchema>): Promise<Paged<AnnualTask>> {
      const { ids, total } = await repo.taskIds({ where: taskWhere(actor, q), ...pageOf(q) });
      return { records: (await annualTasks(actor, ids)).map(plain), total };
    },

    async tree(actor: Actor, q: In<typeof S.AnnualTaskTreeQuerySchema>): Promise<Paged<AnnualTaskTreeNode>> {
      const { rootIds, children, total } = await repo.treeIds({
        actor,
        yearTargetId: q.yearTargetId,
        keyword: q.keyword,
        ...pageOf(q),
      });
      const tasks = new Map(
        (await annualTasks(actor, [...rootIds, ...children.map((c) => c.id)])).map((t) => [t.id, plain(t)]),
      );
      const records = rootIds.flatMap((id) => {
        const root = tasks.get(id);
        if (!root) return [];
        const kids = children.filter((c) => c.parentId === id).flatMap((c) => tasks.get(c.id) ?? []);
        return [{ ...root, children: kids }];
      });
      return { records, total };
    },

    async setTop(actor: Actor, body: In<typeof S.SpecialTopBodySchema>) {
      await ownTask(actor, body.id);
      await repo.setTop(body.id, body.isTop);
      return oneAnnualTask(actor, body.id);
    },

    async insertYearTask(actor: Actor, body: In<typeof S.AnnualTaskBodySchema>) {
      goals.access.requirePublisher(actor);
      await requireTargetType(body.targetTypeId);
      const task = await goals.insertTask(actor, body);
      if (body.targetTypeId) await repo.setTaskType(task.id, body.targetTypeId);
      return oneAnnualTask(actor, task.id);
    },

    async updateYearTask(actor: Actor, body: In<typeof S.AnnualTaskUpdateBodySchema>) {
      await ownTask(actor, body.id);
      // Its target value is derived from the average-level numbers: it changes only through averageTarget/update.
      if ((await repo.averages([body.id])).length > 0) throw refuse(M.averageEditElsewhere);
      await requireTargetType(body.targetTypeId);
      await goals.updateTask(actor, body);
      await repo.setTaskType(body.id, body.targetTypeId);
      return oneAnnualTask(actor, body.id);
    },

    deleteYearTasks: (actor: Actor, ids: string[]) => goals.deleteTasks(actor, ids),
  };
}
