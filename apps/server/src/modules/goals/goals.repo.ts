import type { Db } from '../../db/client.ts';
import { queryGroups, transactionOf } from '../../db/transaction.ts';
import { noticesOn } from '../notices/notices.writer.ts';
import { createGoalNoticesRepo } from './goal-notices.repo.ts';
import { createGoalTasksRepo } from './goal-tasks.repo.ts';
import { createGoalWarningsRepo } from './goal-warnings.repo.ts';
import { createGoalWorkRepo } from './goal-work.repo.ts';

// The goal reports read the goal area's access scopes from here.
export { isPublisher, myDepartments, seesAll } from './goal-scopes.ts';

/**
 * The goal area's queries: year targets and tasks, the work under a task, warnings and urges, and the
 * messages of their changes (written on the change's transaction). A
 * transaction hands its callback the same repository bound to the transaction.
 */
export function createGoalsRepo(db: Db): GoalsRepo {
  return queryGroups(
    createGoalTasksRepo(db),
    createGoalWorkRepo(db),
    createGoalWarningsRepo(db),
    createGoalNoticesRepo(db),
    noticesOn(db),
    { transaction: transactionOf(db, createGoalsRepo) },
  );
}

export type GoalsRepo = ReturnType<typeof createGoalTasksRepo> &
  ReturnType<typeof createGoalWorkRepo> &
  ReturnType<typeof createGoalWarningsRepo> &
  ReturnType<typeof createGoalNoticesRepo> &
  ReturnType<typeof noticesOn> & {
    transaction<T>(work: (repo: GoalsRepo) => Promise<T>): Promise<T>;
  };
