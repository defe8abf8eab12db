import { goalSituationEndpoints as E } from '@eduqa/contract';
import type { Access } from '../../platform/access.ts';
import { sendWorkbook } from '../../platform/excel/send-workbook.ts';
import type { Router } from '../../platform/route.ts';
import type { GoalsService } from './goals.service.ts';

/** 完成情况 of a target task; the target-task menu, and the service checks visibleTask and the writer. */
export function registerGoalSituationRoutes(
  router: Router,
  deps: { goals: GoalsService; menu: Exclude<Access, { kind: 'public' }> },
) {
  const { goals, menu } = deps;
  router.route(E.detailSituationCatalog, menu, ({ actor, query }) => goals.situationCatalog(actor, query.id));
  router.route(E.performSituation, menu, ({ actor, query }) => goals.performSituation(actor, query.id));
  router.route(E.performSituationExport, menu, async ({ actor, query, reply }) => {
    const { fileName, bytes } = await goals.exportSituation(actor, query.id);
    sendWorkbook(reply, fileName, bytes);
  });
  router.route(E.taskSituation, menu, ({ actor, query }) => goals.taskSituation(actor, query.id));
  router.route(E.taskSituationUpdate, menu, ({ actor, body }) => goals.updateTaskSituation(actor, body));
}
