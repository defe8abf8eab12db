import {
  ATTACHMENT_MESSAGES,
  goalsEndpoints as E,
  goalsFutureTasks,
  MAX_UPLOAD_MB,
  toDelayRequestWire,
  toGoalFileWire,
  toProgressReportWire,
  toTargetTaskWire,
  toTaskAuditWire,
  toTaskDetailWire,
  toTaskNodeWire,
  toWarningTaskWire,
  toYearTargetWire,
} from '@eduqa/contract';
import { type Access, access } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { sendWorkbook } from '../../platform/excel/send-workbook.ts';
import { readImportUpload } from '../../platform/jobs/excel-import.ts';
import { registerImportJobRoutes } from '../../platform/jobs/job-routes.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { readSingleFile } from '../../platform/multipart.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import { registerGoalSituationRoutes } from './goal-situation.routes.ts';
import { taskTemplate } from './goals.excel.ts';
import type { GoalsService } from './goals.service.ts';

/** What each area's routes are registered with. */
interface GoalRoutesContext {
  router: Router;
  goals: GoalsService;
  menu: Exclude<Access, { kind: 'public' }>;
  jobs: Jobs;
}

/**
 * The goal-management service `/api/herm-mbrwgl` (spec 1 §7). Every route needs the target-task menu,
 * which every goal role and the department-head role open; the service checks the rest (publisher,
 * creator, principal, department, node principal) and refuses illegal transitions through goal-states.ts.
 */
export function registerGoalsRoutes(router: Router, deps: { goals: GoalsService; jobs: Jobs }) {
  const context: GoalRoutesContext = {
    router,
    goals: deps.goals,
    menu: access.menu('targetTaskManagement'),
    jobs: deps.jobs,
  };
  for (const register of [
    yearTargetsRoutes,
    tasksRoutes,
    excelRoutes,
    decompositionAuditRoutes,
    nodesRoutes,
    progressRoutes,
    delaysRoutes,
    filesRoutes,
    warningsRoutes,
    urgesRoutes,
    departmentsRoutes,
  ])
    register(context);
  registerGoalSituationRoutes(router, { goals: deps.goals, menu: context.menu });
}

/** year targets */
function yearTargetsRoutes({ router, goals, menu }: GoalRoutesContext) {
  router.route(E.yearTargets, menu, async ({ actor, query }) =>
    toWirePage(await goals.yearTargets(actor, query), query, toYearTargetWire),
  );
  router.route(E.yearTargetInsert, menu, async ({ actor, body }) =>
    toYearTargetWire(await goals.insertYearTarget(actor, body)),
  );
  router.route(E.yearTargetUpdate, menu, async ({ actor, body }) =>
    toYearTargetWire(await goals.updateYearTarget(actor, body)),
  );
  router.route(E.yearTargetDelete, menu, async ({ actor, body }) => {
    await goals.deleteYearTargets(actor, body.ids);
    return null;
  });
  router.route(E.divideTargetYears, menu, () => goals.years());
}

/** tasks */
function tasksRoutes({ router, goals, menu }: GoalRoutesContext) {
  router.route(E.targetTasks, menu, async ({ actor, query }) =>
    toWirePage(await goals.tasks(actor, query), query, toTargetTaskWire),
  );
  router.route(E.cooperationTasks, menu, async ({ actor, query }) =>
    toWirePage(await goals.tasks(actor, { ...query, view: 'collaboration' }), query, toTargetTaskWire),
  );
  router.route(E.targetTaskInsert, menu, async ({ actor, body }) =>
    toTargetTaskWire(await goals.insertTask(actor, body)),
  );
  router.route(E.targetTaskUpdate, menu, async ({ actor, body }) =>
    toTargetTaskWire(await goals.updateTask(actor, body)),
  );
  router.route(E.targetTaskDelete, menu, async ({ actor, body }) => {
    await goals.deleteTasks(actor, body.ids);
    return null;
  });
  router.route(E.targetTaskWithdraw, menu, async ({ actor, body }) =>
    toTargetTaskWire(await goals.withdrawTask(actor, body.id)),
  );
  router.route(E.targetTaskRepublish, menu, async ({ actor, body }) =>
    toTargetTaskWire(await goals.republishTask(actor, body.id)),
  );
  router.route(E.targetTaskDetail, menu, async ({ actor, query }) =>
    toTaskDetailWire(await goals.taskDetail(actor, query.id)),
  );
  router.route(E.targetTaskTree, menu, ({ actor, query }) => goals.tree(actor, query.yearTargetId));
  router.route(E.targetTaskCatalog, menu, async ({ actor, body }) =>
    toTargetTaskWire(await goals.moveInCatalog(actor, body)),
  );
}

/** Excel */
function excelRoutes({ router, goals, menu, jobs }: GoalRoutesContext) {
  router.route(E.targetTaskTemplate, menu, async ({ reply }) => {
    sendWorkbook(reply, '目标任务导入模板.xlsx', await taskTemplate());
  });
  router.route(E.targetTaskImport, menu, async ({ actor, request }) =>
    goals.taskImport.importNow(actor, await readImportUpload(request)),
  );
  // Only the starter polls an import; report generation keeps its own targetReport/getFutureTaskResult.
  registerImportJobRoutes(router, {
    futureTasks: goalsFutureTasks,
    jobs,
    access: menu,
    imports: [{ start: E.targetTaskImportJob, importer: goals.taskImport }],
  });
  router.route(E.exportTaskDetail, menu, async ({ actor, query, reply }) => {
    sendWorkbook(reply, '目标任务明细.xlsx', await goals.exportTasks(actor, query));
  });
}

/** decomposition audit */
function decompositionAuditRoutes({ router, goals, menu }: GoalRoutesContext) {
  router.route(E.targetTaskAudits, menu, async ({ actor, query }) =>
    (await goals.audits(actor, query.taskId)).map(toTaskAuditWire),
  );
  router.route(E.targetTaskAuditSubmit, menu, async ({ actor, body }) =>
    toTaskAuditWire(await goals.submitAudit(actor, body.taskId)),
  );
  router.route(E.targetTaskAuditDecide, menu, async ({ actor, body }) =>
    toTaskAuditWire(await goals.decideAudit(actor, body)),
  );
}

/** nodes */
function nodesRoutes({ router, goals, menu }: GoalRoutesContext) {
  router.route(E.nodes, menu, async ({ actor, query }) =>
    (await goals.nodes(actor, query.taskId)).map(toTaskNodeWire),
  );
  router.route(E.nodeInsert, menu, async ({ actor, body }) =>
    toTaskNodeWire(await goals.insertNode(actor, body)),
  );
  router.route(E.nodeUpdate, menu, async ({ actor, body }) =>
    toTaskNodeWire(await goals.updateNode(actor, body)),
  );
  router.route(E.nodeDelete, menu, async ({ actor, body }) => {
    await goals.deleteNodes(actor, body.ids);
    return null;
  });
  router.route(E.nodeTransition, menu, async ({ actor, body }) =>
    toTaskNodeWire(await goals.transitionNode(actor, body)),
  );
}

/** progress */
function progressRoutes({ router, goals, menu }: GoalRoutesContext) {
  router.route(E.progress, menu, async ({ actor, query }) =>
    (await goals.progress(actor, query)).map(toProgressReportWire),
  );
  router.route(E.progressInsert, menu, async ({ actor, body }) =>
    toProgressReportWire(await goals.reportProgress(actor, body)),
  );
  router.route(E.progressAudit, menu, async ({ actor, body }) =>
    toProgressReportWire(await goals.auditProgress(actor, body)),
  );
}

/** delays */
function delaysRoutes({ router, goals, menu }: GoalRoutesContext) {
  router.route(E.delays, menu, async ({ actor, query }) =>
    (await goals.delays(actor, query.taskId)).map(toDelayRequestWire),
  );
  router.route(E.delayInsert, menu, async ({ actor, body }) =>
    toDelayRequestWire(await goals.requestDelay(actor, body)),
  );
  router.route(E.delayAudit, menu, async ({ actor, body }) =>
    toDelayRequestWire(await goals.auditDelay(actor, body)),
  );
}

/** files */
function filesRoutes({ router, goals, menu }: GoalRoutesContext) {
  router.route(E.fileUpload, menu, async ({ actor, request }) => {
    try {
      return await goals.upload(actor, await readSingleFile(request, MAX_UPLOAD_MB * 1024 * 1024));
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('TOO_LARGE', ATTACHMENT_MESSAGES.tooLarge('附件', MAX_UPLOAD_MB));
      }
      throw error;
    }
  });
  router.route(E.files, menu, async ({ actor, query }) =>
    (await goals.files(actor, query)).map(toGoalFileWire),
  );
  router.route(E.fileInsert, menu, async ({ actor, body }) =>
    (await goals.attach(actor, body)).map(toGoalFileWire),
  );
  router.route(E.fileDelete, menu, async ({ actor, body }) => {
    await goals.detach(actor, body.ids);
    return null;
  });
  router.route(E.fileDownload, menu, async ({ actor, query, reply }) => {
    const file = await goals.openFile(actor, query.id);
    reply
      .header('content-type', file.mime)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });
}

/** warnings */
function warningsRoutes({ router, goals, menu }: GoalRoutesContext) {
  router.route(E.warningTasks, menu, async ({ actor, query }) =>
    toWirePage(await goals.warningTasks(actor, query), query, toWarningTaskWire),
  );
  router.route(E.warningCount, menu, ({ actor, query }) => goals.warningCount(actor, query));
  router.route(E.warningConditions, menu, () => goals.warningConditions());
  router.route(E.warningConditionInsert, menu, async ({ actor, body }) => {
    const [condition] = await goals.configureWarnings(actor, [body]);
    return condition!;
  });
  router.route(E.warningConditionBatch, menu, ({ actor, body }) => goals.configureWarnings(actor, body.list));
  router.route(E.warningConditionHistory, menu, async ({ query }) =>
    toWirePage(await goals.warningConditionHistory(query), query, (c) => c),
  );
}

/** urges */
function urgesRoutes({ router, goals, menu }: GoalRoutesContext) {
  router.route(E.urges, menu, async ({ actor, query }) =>
    toWirePage(await goals.urges(actor, query), query, (u) => u),
  );
  router.route(E.urgeInsert, menu, async ({ actor, body }) => {
    const [urge] = await goals.insertUrges(actor, [body]);
    return urge!;
  });
  router.route(E.urgeBatchInsert, menu, ({ actor, body }) => goals.insertUrges(actor, body.list));
  router.route(E.urgeAccept, menu, ({ actor, body }) => goals.acceptUrge(actor, body.id));
  router.route(E.taskUrge, menu, ({ actor, body }) => goals.urgeTask(actor, body));
}

/** departments */
function departmentsRoutes({ router, goals, menu }: GoalRoutesContext) {
  router.route(E.departManage, menu, ({ actor, query }) => goals.departManage(actor, query));
}
