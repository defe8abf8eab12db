import { annualFutureTasks, annualEndpoints as E, toPage } from '@eduqa/contract';
import { type Access, access } from '../../platform/access.ts';
import { sendWorkbook } from '../../platform/excel/send-workbook.ts';
import { readImportUpload } from '../../platform/jobs/excel-import.ts';
import { registerImportJobRoutes } from '../../platform/jobs/job-routes.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Router } from '../../platform/route.ts';
import { chargerTemplate } from './annual.excel.ts';
import type { AnnualService } from './annual.service.ts';
import { taskTemplate } from './goals.excel.ts';

/** What each area's routes are registered with. */
interface AnnualRoutesContext {
  router: Router;
  annual: AnnualService;
  menu: Exclude<Access, { kind: 'public' }>;
  jobs: Jobs;
}

const page = <T>(result: { records: T[]; total: number }, paging: { pageNum: number; pageSize: number }) =>
  toPage(result.records, result.total, paging);

/**
 * The annual-targets service `/api/annual-targets` (spec 1 §7). Every route needs the newTaskManagement
 * menu key, which the session drops while the system setting 年度目标分解 is off; the service checks the
 * rest (publisher manages, the creator alone changes a task, others read what the goal scoping shows).
 */
export function registerAnnualRoutes(router: Router, deps: { annual: AnnualService; jobs: Jobs }) {
  const context: AnnualRoutesContext = {
    router,
    annual: deps.annual,
    menu: access.menu('newTaskManagement'),
    jobs: deps.jobs,
  };
  for (const register of [
    yearTasksRoutes,
    averageTargetsRoutes,
    targetTypesRoutes,
    chargersRoutes,
    missionsRoutes,
    auditsRoutes,
  ])
    register(context);
}

/** 年度目标任务 */
function yearTasksRoutes({ router, annual, menu }: AnnualRoutesContext) {
  router.route(E.yearTasks, menu, async ({ actor, query }) =>
    page(await annual.yearTasks(actor, query), query),
  );
  router.route(E.yearTaskTree, menu, async ({ actor, query }) =>
    page(await annual.tree(actor, query), query),
  );
  router.route(E.yearTaskTop, menu, ({ actor, body }) => annual.setTop(actor, body));
  router.route(E.yearTaskInsert, menu, ({ actor, body }) => annual.insertYearTask(actor, body));
  router.route(E.yearTaskUpdate, menu, ({ actor, body }) => annual.updateYearTask(actor, body));
  router.route(E.yearTaskDelete, menu, async ({ actor, body }) => {
    await annual.deleteYearTasks(actor, body.ids);
    return null;
  });
  router.route(E.yearTaskExample, menu, async ({ reply }) => {
    sendWorkbook(reply, '年度目标任务导入模板.xlsx', await taskTemplate());
  });
  router.route(E.yearTaskImport, menu, async ({ actor, request }) =>
    annual.yearTaskImport.importNow(actor, await readImportUpload(request)),
  );
  router.route(E.yearTaskExport, menu, async ({ actor, query, reply }) => {
    sendWorkbook(reply, '年度目标任务.xlsx', await annual.exportYearTasks(actor, query));
  });
}

/** 平均水平目标 */
function averageTargetsRoutes({ router, annual, menu }: AnnualRoutesContext) {
  router.route(E.averageTargets, menu, async ({ actor, query }) =>
    page(await annual.averageTargets(actor, query), query),
  );
  router.route(E.averageTargetInsert, menu, ({ actor, body }) => annual.insertAverage(actor, body));
  router.route(E.averageTargetUpdate, menu, ({ actor, body }) => annual.updateAverage(actor, body));
  router.route(E.averageTargetDelete, menu, async ({ actor, body }) => {
    await annual.deleteAverages(actor, body.ids);
    return null;
  });
  router.route(E.averageTargetStatus, menu, ({ actor, body }) => annual.updateAverageStatus(actor, body));
  router.route(E.averageTargetWithdraw, menu, ({ actor, body }) => annual.withdrawAverage(actor, body.id));
}

/** 目标类型 */
function targetTypesRoutes({ router, annual, menu }: AnnualRoutesContext) {
  router.route(E.targetTypes, menu, async ({ query }) => page(await annual.targetTypes(query), query));
  router.route(E.targetTypeInsert, menu, ({ actor, body }) => annual.insertTargetType(actor, body));
  router.route(E.targetTypeUpdate, menu, ({ actor, body }) => annual.updateTargetType(actor, body));
  router.route(E.targetTypeDelete, menu, async ({ actor, body }) => {
    await annual.deleteTargetTypes(actor, body.ids);
    return null;
  });
}

/** 负责人 */
function chargersRoutes({ router, annual, menu, jobs }: AnnualRoutesContext) {
  router.route(E.chargers, menu, async ({ query }) => page(await annual.chargers(query), query));
  router.route(E.chargerInsert, menu, ({ actor, body }) => annual.insertCharger(actor, body));
  router.route(E.chargerUpdate, menu, ({ actor, body }) => annual.updateCharger(actor, body));
  router.route(E.chargerDelete, menu, async ({ actor, body }) => {
    await annual.deleteChargers(actor, body.ids);
    return null;
  });
  router.route(E.chargerExample, menu, async ({ reply }) => {
    sendWorkbook(reply, '负责人导入模板.xlsx', await chargerTemplate());
  });
  router.route(E.chargerImport, menu, async ({ actor, request }) =>
    annual.chargerImport.importNow(actor, await readImportUpload(request)),
  );
  // Only the starter polls an import; year-task and charger imports share the one poll route.
  registerImportJobRoutes(router, {
    futureTasks: annualFutureTasks,
    jobs,
    access: menu,
    imports: [
      { start: E.yearTaskImportJob, importer: annual.yearTaskImport },
      { start: E.chargerImportJob, importer: annual.chargerImport },
    ],
  });
  router.route(E.chargerExport, menu, async ({ query, reply }) => {
    sendWorkbook(reply, '负责人.xlsx', await annual.exportChargers(query));
  });
}

/** 任务书 */
function missionsRoutes({ router, annual, menu }: AnnualRoutesContext) {
  router.route(E.missionStatements, menu, async ({ actor, query }) =>
    page(await annual.missions(actor, query), query),
  );
  router.route(E.missionStatementInsert, menu, ({ actor, body }) => annual.insertMission(actor, body));
  router.route(E.missionStatementUpdate, menu, ({ actor, body }) => annual.updateMission(actor, body));
  router.route(E.missionStatementDelete, menu, async ({ actor, body }) => {
    await annual.deleteMissions(actor, body.ids);
    return null;
  });
}

/** 进度审核、延期审核 */
function auditsRoutes({ router, annual, menu }: AnnualRoutesContext) {
  router.route(E.scheduleAudits, menu, async ({ actor, query }) =>
    page(await annual.scheduleAudits(actor, query), query),
  );
  router.route(E.scheduleAuditDecide, menu, ({ actor, body }) => annual.decideSchedule(actor, body));
  router.route(E.delayAudits, menu, async ({ actor, query }) =>
    page(await annual.delayAudits(actor, query), query),
  );
  router.route(E.delayAuditDecide, menu, ({ actor, body }) => annual.decideDelay(actor, body));
}
