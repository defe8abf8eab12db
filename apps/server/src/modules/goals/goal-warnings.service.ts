import type * as S from '@eduqa/contract';
import {
  DEFAULT_WARNING_DAYS,
  type GoalWarningCondition,
  TASK_TYPES,
  type WarningCountMap,
  type WarningTask,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { pageOf } from '../../platform/paging.ts';
import type { GoalAccess } from './goal-access.ts';
import { toCondition, toTask } from './goal-rows.ts';
import type { Clock, In, Paged } from './goals.common.ts';
import type { GoalsRepo } from './goals.repo.ts';

/** 预警: counts per task, the tasks with warnings, and the warning days per task type. */
export function createGoalWarningsService(deps: { repo: GoalsRepo; access: GoalAccess; clock: Clock }) {
  const { repo, access, clock } = deps;

  async function currentConditions(): Promise<GoalWarningCondition[]> {
    const current = new Map((await repo.warningConditions()).map((r) => [r.taskType, r]));
    return TASK_TYPES.map((taskType) => {
      const row = current.get(taskType);
      return row
        ? toCondition(row)
        : { id: null, taskType, days: DEFAULT_WARNING_DAYS, configuredBy: null, configuredAt: null };
    });
  }

  return {
    /** The rows come from SQL with the counts the map holds; they are sorted into the two maps in one pass. */
    async warningCount(actor: Actor, q: In<typeof S.WarningCountQuerySchema>): Promise<WarningCountMap> {
      // Warnings never count withdrawn tasks (the repo leaves them out).
      const scope = {
        actor,
        yearTargetId: q.yearTargetId,
        personal: q.queryType === 'personal',
        departmentIds: q.departmentCondition,
      };
      const found = await repo.warningCounts(scope, clock.today());
      const result: WarningCountMap = { delayMap: {}, processMap: {} };
      for (const { taskId, processWarningCount, expiredWarningCount } of found) {
        const counts = {
          processWarningCount,
          expiredWarningCount,
          totalWarningCount: processWarningCount + expiredWarningCount,
        };
        if (expiredWarningCount > 0) result.delayMap[taskId] = counts;
        if (processWarningCount > 0) result.processMap[taskId] = counts;
      }
      return result;
    },

    async warningTasks(actor: Actor, q: In<typeof S.WarningTaskQuerySchema>): Promise<Paged<WarningTask>> {
      const departmentIds = q.view ? await repo.departmentIdsOf(actor.userId) : [];
      const scope = { actor, view: q.view, departmentIds, yearTargetId: q.yearTargetId, keyword: q.keyword };
      const on = clock.today();
      const { counts, total } = await repo.warningTasks({
        scope,
        today: on,
        type: q.warningType,
        ...pageOf(q),
      });
      const rows = await repo.tasksByIds(counts.map((c) => c.taskId));
      const tasks = new Map(rows.map((r) => [r.id, toTask(r, actor, on)]));
      const records = counts.flatMap(({ taskId, processWarningCount, expiredWarningCount }) => {
        const task = tasks.get(taskId);
        if (!task) return [];
        const totalWarningCount = processWarningCount + expiredWarningCount;
        return [{ ...task, processWarningCount, expiredWarningCount, totalWarningCount }];
      });
      return { records, total };
    },

    warningConditions: currentConditions,

    async configureWarnings(actor: Actor, list: In<typeof S.WarningConditionBodySchema>[]) {
      access.requirePublisher(actor);
      const types = new Set(list.map((c) => c.taskType));
      if (types.size !== list.length) throw new AppError('VALIDATION', '同一任务类型只能设置一次');
      const at = clock.now().getTime();
      await repo.insertWarningConditions(
        list.map((c, i) => ({
          id: newId(),
          taskType: c.taskType,
          days: c.days,
          configuredByUserId: actor.userId,
          configuredAt: new Date(at + i),
        })),
      );
      return (await currentConditions()).filter((c) => types.has(c.taskType));
    },

    async warningConditionHistory(
      q: In<typeof S.WarningConditionHistoryQuerySchema>,
    ): Promise<Paged<GoalWarningCondition>> {
      const { records, total } = await repo.warningConditionHistory({ taskType: q.taskType, ...pageOf(q) });
      return { records: records.map(toCondition), total };
    },
  };
}
