import type { AlgorithmRunner } from '../modules/algorithms/algorithm-runner.ts';
import type { AuthorityService } from '../modules/analysis/authority.service.ts';
import { createDashboardsRepo } from '../modules/dashboards/dashboards.repo.ts';
import { registerDashboardsRoutes } from '../modules/dashboards/dashboards.routes.ts';
import { createDashboardsService } from '../modules/dashboards/dashboards.service.ts';
import { createDynamicChartsService } from '../modules/dashboards/dynamic-charts.service.ts';
import { createMeasuresRepo } from '../modules/dashboards/measures.repo.ts';
import { registerMeasuresRoutes } from '../modules/dashboards/measures.routes.ts';
import { createMeasuresService, type MeasuresService } from '../modules/dashboards/measures.service.ts';
import { createGoalSummaryRepo } from '../modules/goals/goal-summary.repo.ts';
import { createHomeRepo } from '../modules/home/home.repo.ts';
import { registerHomeRoutes } from '../modules/home/home.routes.ts';
import { createHomeService } from '../modules/home/home.service.ts';
import type { NoticesService } from '../modules/notices/notices.service.ts';
import type { WiringContext } from './context.ts';

/**
 * The home page (its 最新动态 are the newest messages) and the measures its screens show; a data screen is
 * checked by the portraits' authority.
 */
export function wireHome(
  { router, database }: WiringContext,
  deps: { authority: AuthorityService; notices: NoticesService },
) {
  const home = createHomeService({ repo: createHomeRepo(database.db), notices: deps.notices });
  registerHomeRoutes(router, { home });
  const measures = createMeasuresService({
    repo: createMeasuresRepo(database.db),
    goals: createGoalSummaryRepo(database.db),
    home,
    assertScreen: (actor, id) => deps.authority.assertScreen(actor, id),
  });
  registerMeasuresRoutes(router, { measures });
  return measures;
}

export function wireDashboards(
  { router, database }: WiringContext,
  deps: { runner: AlgorithmRunner; measures: MeasuresService },
) {
  const dashboardsRepo = createDashboardsRepo(database.db);
  registerDashboardsRoutes(router, {
    dashboards: createDashboardsService({
      repo: dashboardsRepo,
      runner: deps.runner,
      measures: deps.measures,
    }),
    dynamicCharts: createDynamicChartsService({ repo: dashboardsRepo, runner: deps.runner }),
  });
}
