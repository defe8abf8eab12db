import { createAnnualRepo } from '../modules/goals/annual.repo.ts';
import { registerAnnualRoutes } from '../modules/goals/annual.routes.ts';
import { createAnnualService } from '../modules/goals/annual.service.ts';
import { createGoalReportLibrary } from '../modules/goals/goal-reports.library.ts';
import { createGoalReportsRepo } from '../modules/goals/goal-reports.repo.ts';
import { registerGoalReportsRoutes } from '../modules/goals/goal-reports.routes.ts';
import { createGoalReportsService } from '../modules/goals/goal-reports.service.ts';
import { createGoalSummaryRepo } from '../modules/goals/goal-summary.repo.ts';
import { registerGoalAnalysisRoutes } from '../modules/goals/goal-summary.routes.ts';
import { createGoalAnalysisService } from '../modules/goals/goal-summary.service.ts';
import { createGoalsRepo } from '../modules/goals/goals.repo.ts';
import { registerGoalsRoutes } from '../modules/goals/goals.routes.ts';
import { createGoalsService } from '../modules/goals/goals.service.ts';
import type { WiringContext } from './context.ts';

/** Target tasks, their summary, their reports and the annual plan built on them. */
export function wireGoals({ router, database, jobs, storage, files }: WiringContext) {
  const goals = createGoalsService({ repo: createGoalsRepo(database.db), files, storage, jobs });
  registerGoalsRoutes(router, { goals, jobs });
  registerGoalAnalysisRoutes(router, {
    analysis: createGoalAnalysisService({ repo: createGoalSummaryRepo(database.db) }),
  });
  const reportsRepo = createGoalReportsRepo(database.db);
  const reports = createGoalReportsService({
    repo: reportsRepo,
    library: createGoalReportLibrary({ repo: reportsRepo }),
    files,
    jobs,
  });
  registerGoalReportsRoutes(router, { reports });
  const annual = createAnnualService({ repo: createAnnualRepo(database.db), goals, jobs, storage });
  registerAnnualRoutes(router, { annual, jobs });
}
