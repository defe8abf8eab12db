import { goalAnalysisEndpoints as E } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import type { Router } from '../../platform/route.ts';
import type { GoalAnalysisService } from './goal-summary.service.ts';

/**
 * 汇总分析 (spec 1 §7 targetTaskSummaryAnalysis and the annual-targets analysis reads). Like every goal
 * route it needs the target-task menu; the service counts only the tasks the caller may read.
 */
export function registerGoalAnalysisRoutes(router: Router, deps: { analysis: GoalAnalysisService }) {
  const { analysis } = deps;
  const menu = access.menu('targetTaskManagement');
  router.route(E.taskStatusAnalysis, menu, ({ actor, body }) => analysis.taskStatus(actor, body));
  router.route(E.departmentTaskFinishRate, menu, ({ actor, body }) =>
    analysis.departmentFinishRates(actor, body),
  );
  router.route(E.finishRateRank, menu, ({ actor, body }) => analysis.finishRateRank(actor, body));
  router.route(E.gatherAnalysis, menu, ({ actor, query }) => analysis.gather(actor, query));
  router.route(E.typeAnalysis, menu, ({ actor, query }) => analysis.byType(actor, query));
  router.route(E.departmentAnalysis, menu, ({ actor, query }) => analysis.byDepartment(actor, query));
  router.route(E.grid, menu, ({ actor, query }) => analysis.grid(actor, query));
}
