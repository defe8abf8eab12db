import type * as S from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import type { FileStorage } from '../../platform/file-storage.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { createAnnualTaskReads, inOrder } from './annual.common.ts';
import { chargerWorkbook } from './annual.excel.ts';
import { type AnnualRepo, chargerWhere, taskWhere } from './annual.repo.ts';
import { createAnnualAuditsService } from './annual-audits.service.ts';
import { createAnnualAveragesService } from './annual-averages.service.ts';
import { createAnnualChargersService } from './annual-chargers.service.ts';
import { createAnnualImports } from './annual-import.ts';
import { createAnnualMissionsService } from './annual-missions.service.ts';
import { toCharger } from './annual-rows.ts';
import { createAnnualTargetTypesService } from './annual-target-types.service.ts';
import { createAnnualTasksService } from './annual-tasks.service.ts';
import type { In } from './goals.common.ts';
import { taskDetailWorkbook } from './goals.excel.ts';
import type { GoalsService } from './goals.service.ts';

export { ANNUAL_MESSAGES } from './annual.common.ts';

/**
 * 年度目标分解: the annual view over the goal model. Tasks are created, changed, withdrawn and deleted by
 * the goal service, so its rules (publisher creates, the creator alone changes, others cannot see what is
 * not theirs) hold here too; the parts add 置顶, average-level targets, target types, chargers, mission
 * statements and the lists of audits the caller may decide; the Excel imports run as jobs (annual-import.ts).
 */
export function createAnnualService(deps: {
  repo: AnnualRepo;
  goals: GoalsService;
  jobs: Jobs;
  storage: FileStorage;
}) {
  const { repo, goals } = deps;
  const { requirePublisher } = goals.access;
  const reads = createAnnualTaskReads(deps);
  const parts = { ...deps, reads };

  return {
    ...createAnnualImports({ ...deps, requirePublisher }),
    ...createAnnualTasksService(parts),

    async exportYearTasks(
      actor: Actor,
      q: Omit<In<typeof S.AnnualTaskListQuerySchema>, 'pageNum' | 'pageSize'>,
    ) {
      const { ids } = await repo.taskIds({ where: taskWhere(actor, q), limit: 100_000, offset: 0 });
      return taskDetailWorkbook(inOrder(ids, await goals.tasksByIds(actor, ids)));
    },

    ...createAnnualAveragesService(parts),
    ...createAnnualTargetTypesService(parts),
    ...createAnnualChargersService(parts),

    async exportChargers(q: Omit<In<typeof S.GoalChargerListQuerySchema>, 'pageNum' | 'pageSize'>) {
      const { records } = await repo.chargers({ where: chargerWhere(q), limit: 100_000, offset: 0 });
      return chargerWorkbook(records.map(toCharger));
    },

    ...createAnnualMissionsService(parts),
    ...createAnnualAuditsService(parts),
  };
}

export type AnnualService = ReturnType<typeof createAnnualService>;
