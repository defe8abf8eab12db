import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { isPublisher } from './goal-scopes.ts';
import type { TaskRightRow } from './goal-tasks.repo.ts';
import { forbid, GOALS_MESSAGES as M, refuse } from './goals.common.ts';
import type { GoalsRepo } from './goals.repo.ts';

/**
 * Who changes what in the goal area: the checks below, which every goal service runs on its first
 * lines. Who reads what is SQL, in goal-scopes.ts, which the repositories read; the services name a
 * scope with plain values (departmentScopeOf). myDepartments and visibleTask are re-exported for the
 * home page's repository.
 */
export {
  departmentScopeOf,
  isPublisher,
  myDepartments,
  visibleTask,
} from './goal-scopes.ts';

export const canDecompose = (actor: Actor, t: TaskRightRow) => t.principalId === actor.userId || t.isDeptHead;
/** 催办: the responsible department's head or the task's creator presses its principal, who is not themselves. */
export const canUrge = (actor: Actor, t: TaskRightRow) =>
  (t.isDeptHead || t.creatorId === actor.userId) && t.principalId !== actor.userId;

/** The checks every goal service opens with. */
export function createGoalAccess(repo: Pick<GoalsRepo, 'taskRight' | 'nodes'>) {
  async function readTask(actor: Actor, taskId: string, missing: string = M.taskNotFound) {
    const row = await repo.taskRight(actor, taskId);
    if (!row) throw notFound(missing);
    return row;
  }

  return {
    requirePublisher(actor: Actor) {
      if (!isPublisher(actor)) throw forbid(M.needPublisher);
    },
    readTask,
    /** The creator alone changes a task; to anyone else it does not exist. */
    async ownTask(actor: Actor, taskId: string, missing: string = M.taskNotFound) {
      const row = await readTask(actor, taskId, missing);
      if (row.creatorId !== actor.userId) throw notFound(missing);
      return row;
    },
    requireDecompose(actor: Actor, t: TaskRightRow) {
      if (!canDecompose(actor, t)) throw forbid(M.needDecompose);
      if (t.isWithdrawn) throw refuse(M.withdrawnTask);
    },
    /** A node with its task's rights; a node of a task the caller cannot see does not exist. */
    async loadNode(actor: Actor, nodeId: string) {
      const [node] = await repo.nodes({ id: nodeId });
      if (!node) throw notFound(M.nodeNotFound);
      const task = await readTask(actor, node.taskId, M.nodeNotFound);
      return { node, task };
    },
  };
}

export type GoalAccess = ReturnType<typeof createGoalAccess>;
