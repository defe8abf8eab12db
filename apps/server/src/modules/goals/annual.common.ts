import type { AverageDirection } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import type { AnnualRepo } from './annual.repo.ts';
import { type AnnualTaskWithExtra, plain, toAnnualTask, toAverage } from './annual-rows.ts';
import { GOALS_MESSAGES, refuse } from './goals.common.ts';
import type { GoalsService } from './goals.service.ts';

export const ANNUAL_MESSAGES = {
  averageNotFound: '平均水平目标不存在',
  averageEditElsewhere: '平均水平目标请在“平均水平目标”中修改',
  targetTypeNotFound: '目标类型不存在',
  duplicateTargetType: '已有同名的目标类型',
  targetTypeInUse: '目标类型已被使用，不能删除',
  chargerNotFound: '负责人记录不存在',
  duplicateCharger: '该部门的该目标类型已有负责人',
  departmentNotFound: '部门不存在',
  userNotFound: '负责人不存在或已停用',
  missionNotFound: '任务书不存在',
  needTaskCreator: '只有任务创建人可以维护任务书',
} as const;

/** What every part of the annual service is built from. */
export interface AnnualParts {
  repo: AnnualRepo;
  goals: GoalsService;
}

/** Keeps `ids` order: the page's order comes from SQL, the rows from the goal service. */
export function inOrder<T extends { id: string }>(ids: readonly string[], items: readonly T[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
}

export const averageLabel = (body: {
  targetNumber: number;
  averageValue: number;
  direction: AverageDirection;
}) => `${body.direction === '>' ? '≥' : '≤'}${body.targetNumber}（平均水平 ${body.averageValue}）`;

/**
 * The annual view's reads of goal tasks: the goal service's tasks (so its visibility holds) with what
 * the annual view adds, and the checks the task and average-level parts open with.
 */
export function createAnnualTaskReads({ repo, goals }: AnnualParts) {
  async function annualTasks(actor: Actor, ids: string[]): Promise<AnnualTaskWithExtra[]> {
    const [tasks, extras] = await Promise.all([goals.tasksByIds(actor, ids), repo.taskExtras(ids)]);
    const extraOf = new Map(extras.map((e) => [e.id, e]));
    return inOrder(ids, tasks).map((task) => toAnnualTask(task, extraOf.get(task.id)!));
  }

  return {
    annualTasks,
    async oneAnnualTask(actor: Actor, id: string) {
      const [task] = await annualTasks(actor, [id]);
      if (!task) throw notFound(GOALS_MESSAGES.taskNotFound);
      return plain(task);
    },
    async oneAverage(actor: Actor, id: string) {
      const [task] = await annualTasks(actor, [id]);
      if (!task?.extra.isAverage) throw notFound(ANNUAL_MESSAGES.averageNotFound);
      return toAverage(task);
    },
    async requireTargetType(id: string | undefined) {
      if (id && !(await repo.targetTypeExists(id))) throw refuse(ANNUAL_MESSAGES.targetTypeNotFound);
    },
    /** The average-level target rows among `ids`; any other id answers not-found. */
    async requireAverages(ids: string[]) {
      const found = await repo.averages(ids);
      if (found.length !== new Set(ids).size) throw notFound(ANNUAL_MESSAGES.averageNotFound);
      return found;
    },
    /** Only a task's creator changes it; to anyone else it does not exist (the goal service's rule). */
    ownTask: (actor: Actor, id: string, message: string = GOALS_MESSAGES.taskNotFound) =>
      goals.access.ownTask(actor, id, message),
  };
}

export type AnnualTaskReads = ReturnType<typeof createAnnualTaskReads>;
