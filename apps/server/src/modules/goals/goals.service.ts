import type { FileStorage } from '../../platform/file-storage.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { FilesService } from '../files/files.service.ts';
import { createGoalAccess } from './goal-access.ts';
import { createGoalDelaysService } from './goal-delays.service.ts';
import { createGoalFilesService } from './goal-files.service.ts';
import { createGoalNodesService } from './goal-nodes.service.ts';
import { createGoalProgressService } from './goal-progress.service.ts';
import { createGoalSituationService } from './goal-situation.service.ts';
import { createGoalUrgesService } from './goal-urges.service.ts';
import { createGoalWarningsService } from './goal-warnings.service.ts';
import { clockOf } from './goals.common.ts';
import type { GoalsRepo } from './goals.repo.ts';
import { createTargetTasksService } from './target-tasks.service.ts';
import { createTaskImport } from './task-import.ts';
import { createYearTargetsService } from './year-targets.service.ts';

export { GOALS_MESSAGES } from './goals.common.ts';

/**
 * 目标任务管理: one service over the domain's parts — year targets, target tasks and their import,
 * nodes with the decomposition audit, progress, delays, files, warnings, urges — each checking access
 * through the one goal-access module.
 */
export function createGoalsService(deps: {
  repo: GoalsRepo;
  files: FilesService;
  storage: FileStorage;
  jobs: Jobs;
  now?: () => Date;
}) {
  const { repo } = deps;
  const access = createGoalAccess(repo);
  const parts = { repo, access, clock: clockOf(deps.now) };
  const tasks = createTargetTasksService(parts);
  return {
    access,
    ...createYearTargetsService(parts),
    ...tasks,
    ...createGoalSituationService({ ...parts, taskDetail: tasks.taskDetail }),
    ...createTaskImport({ ...parts, jobs: deps.jobs, storage: deps.storage }),
    ...createGoalNodesService(parts),
    ...createGoalProgressService(parts),
    ...createGoalDelaysService(parts),
    ...createGoalFilesService({ ...parts, files: deps.files, storage: deps.storage }),
    ...createGoalWarningsService(parts),
    ...createGoalUrgesService(parts),
  };
}

export type GoalsService = ReturnType<typeof createGoalsService>;
