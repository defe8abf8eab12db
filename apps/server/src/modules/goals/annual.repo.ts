import type { Db } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import { createAnnualAuditsRepo } from './annual-audits.repo.ts';
import { createAnnualAveragesRepo } from './annual-averages.repo.ts';
import { createAnnualChargersRepo } from './annual-chargers.repo.ts';
import { createAnnualMissionsRepo } from './annual-missions.repo.ts';
import { createAnnualTasksRepo } from './annual-tasks.repo.ts';

export { type ChargerRow, chargerWhere } from './annual-chargers.repo.ts';
export { taskWhere } from './annual-tasks.repo.ts';

/** Queries of 年度目标分解: the annual view's tasks, target types and chargers, mission statements, audits. */
export function createAnnualRepo(db: Db) {
  return queryGroups(
    createAnnualTasksRepo(db),
    createAnnualAveragesRepo(db),
    createAnnualChargersRepo(db),
    createAnnualMissionsRepo(db),
    createAnnualAuditsRepo(db),
  );
}

export type AnnualRepo = ReturnType<typeof createAnnualRepo>;
