import {
  diagnosisEndpoints as E,
  fromDisposeBodyWire,
  fromDisqualifiedBodyWire,
  fromDisqualifiedExportQueryWire,
  fromDisqualifiedQueryWire,
  fromFocusBodyWire,
  fromMyPointsQueryWire,
  fromObjectTaskQueryWire,
  fromObjectTasksInsertBodyWire,
  fromObjectTasksQueryWire,
  fromPointQueryWire,
  fromRefreshTargetBodyWire,
  fromResultBodyWire,
  fromReviewQueueQueryWire,
  fromSampleBodyWire,
  fromSamplesQueryWire,
  fromTargetsBodyWire,
  fromTaskBodyWire,
  fromTaskUpdateBodyWire,
  fromWarnGridExportQueryWire,
  fromWarnGridQueryWire,
  fromWarnListQueryWire,
  fromWarnQueryWire,
  toAuditRecordWire,
  toDiagnosisObjectWire,
  toObjectTaskWire,
  toQualityRowWire,
  toReviewObjectTaskWire,
  toSampleWire,
  toTaskWire,
  toWarnCountWire,
  toWarningRecordWire,
  toWarningRowWire,
} from '@eduqa/contract';
import { type Access, access } from '../../platform/access.ts';
import { sendWorkbook } from '../../platform/excel/send-workbook.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import { belowStandardWorkbook, pointsWorkbook, warningsWorkbook } from './diagnosis.excel.ts';
import type { DiagnosisService } from './diagnosis.service.ts';

/** What each area's routes are registered with. */
interface DiagnosisRoutesContext {
  router: Router;
  diagnosis: DiagnosisService;
  menu: Exclude<Access, { kind: 'public' }>;
}

/**
 * The diagnosis service `/api/herm-zdgj` (spec 2 §7.3 "Quality UI API"), attachments excepted. Every
 * route needs the improvement menu; the service checks the rest (manage, audit, and per object task the
 * charger / reader rule of diagnosis.access.ts).
 */
export function registerDiagnosisRoutes(router: Router, deps: { diagnosis: DiagnosisService }) {
  const context: DiagnosisRoutesContext = {
    router,
    diagnosis: deps.diagnosis,
    menu: access.menu('improvement'),
  };
  for (const register of [
    tasksRoutes,
    objectTasksRoutes,
    pointsRoutes,
    auditRoutes,
    warningsRoutes,
    exportRoutes,
  ])
    register(context);
}

/** tasks */
function tasksRoutes({ router, diagnosis, menu }: DiagnosisRoutesContext) {
  router.route(E.taskList, menu, async ({ actor, query }) =>
    toWirePage(await diagnosis.tasks(actor, query), query, toTaskWire),
  );
  router.route(E.taskDetail, menu, async ({ actor, query }) =>
    toTaskWire(await diagnosis.task(actor, query.id)),
  );
  router.route(E.taskCount, menu, ({ actor }) => diagnosis.taskCounts(actor));
  router.route(E.taskInsert, menu, async ({ actor, body }) =>
    toTaskWire(await diagnosis.insertTask(actor, fromTaskBodyWire(body))),
  );
  router.route(E.taskUpdate, menu, async ({ actor, body }) =>
    toTaskWire(await diagnosis.updateTask(actor, fromTaskUpdateBodyWire(body))),
  );
  router.route(E.taskState, menu, async ({ actor, body }) =>
    toTaskWire(await diagnosis.changeTaskState(actor, body)),
  );
  router.route(E.taskCloseOutdated, menu, ({ actor }) => diagnosis.closeOutdated(actor));
  router.route(E.taskDelete, menu, async ({ actor, body }) => {
    await diagnosis.deleteTasks(actor, body.ids);
    return null;
  });
}

/** objects and object tasks */
function objectTasksRoutes({ router, diagnosis, menu }: DiagnosisRoutesContext) {
  router.route(E.objects, menu, async ({ actor, query }) =>
    toWirePage(await diagnosis.objects(actor, query), query, toDiagnosisObjectWire),
  );
  router.route(E.objectTasks, menu, async ({ actor, query }) =>
    toWirePage(await diagnosis.objectTasks(actor, fromObjectTasksQueryWire(query)), query, toObjectTaskWire),
  );
  router.route(E.objectTaskDetail, menu, async ({ actor, query }) =>
    toObjectTaskWire(await diagnosis.objectTask(actor, fromObjectTaskQueryWire(query).objectTaskId)),
  );
  router.route(E.objectTasksInsert, menu, ({ actor, body }) =>
    diagnosis.insertObjectTasks(actor, fromObjectTasksInsertBodyWire(body)),
  );
  router.route(E.objectTaskDelete, menu, async ({ actor, params }) => {
    await diagnosis.deleteObjectTask(actor, params.id);
    return null;
  });
  router.route(E.objectTaskCharger, menu, async ({ actor, body }) =>
    toObjectTaskWire(await diagnosis.setCharger(actor, body)),
  );
  router.route(E.refreshTarget, menu, ({ actor, body }) =>
    diagnosis.refreshTarget(actor, fromRefreshTargetBodyWire(body)),
  );
  router.route(E.diagnoseAgain, menu, ({ actor, body }) => diagnosis.diagnoseAgain(actor, body.id));
  router.route(E.objectWarnCount, menu, async ({ actor, query }) =>
    toWarnCountWire(await diagnosis.objectWarnCount(actor, fromObjectTaskQueryWire(query).objectTaskId)),
  );
}

/** points */
function pointsRoutes({ router, diagnosis, menu }: DiagnosisRoutesContext) {
  router.route(E.points, menu, async ({ actor, query }) =>
    (await diagnosis.points(actor, fromObjectTaskQueryWire(query).objectTaskId)).map(toQualityRowWire),
  );
  router.route(E.point, menu, async ({ actor, query }) =>
    toQualityRowWire(await diagnosis.point(actor, fromPointQueryWire(query).assignedPointId)),
  );
  router.route(E.samples, menu, async ({ actor, query }) =>
    (await diagnosis.samples(actor, fromSamplesQueryWire(query))).map(toSampleWire),
  );
  router.route(E.sampleInsert, menu, async ({ actor, body }) =>
    toQualityRowWire(await diagnosis.insertSample(actor, fromSampleBodyWire(body))),
  );
  router.route(E.targetsUpdate, menu, ({ actor, body }) =>
    diagnosis.updateTargets(actor, fromTargetsBodyWire(body)),
  );
  router.route(E.resultUpdate, menu, async ({ actor, body }) =>
    toQualityRowWire(await diagnosis.updateResult(actor, fromResultBodyWire(body))),
  );
  router.route(E.calResult, menu, ({ actor, body }) =>
    diagnosis.calResult(actor, fromObjectTaskQueryWire(body).objectTaskId),
  );
  router.route(E.myPoints, menu, async ({ actor, query }) =>
    toWirePage(await diagnosis.myPoints(actor, fromMyPointsQueryWire(query)), query, toQualityRowWire),
  );
  router.route(E.disqualified, menu, async ({ actor, query }) =>
    toWirePage(
      await diagnosis.disqualified(actor, fromDisqualifiedQueryWire(query)),
      query,
      toQualityRowWire,
    ),
  );
  router.route(E.disqualifiedUpdate, menu, async ({ actor, body }) =>
    toQualityRowWire(await diagnosis.updateDisqualified(actor, fromDisqualifiedBodyWire(body))),
  );
}

/** audit */
function auditRoutes({ router, diagnosis, menu }: DiagnosisRoutesContext) {
  router.route(E.reviewQueue, menu, async ({ actor, query }) =>
    toWirePage(
      await diagnosis.reviewQueue(actor, fromReviewQueueQueryWire(query)),
      query,
      toReviewObjectTaskWire,
    ),
  );
  router.route(E.auditDynamic, menu, async ({ actor, query }) =>
    (await diagnosis.auditHistory(actor, fromPointQueryWire(query).assignedPointId)).map(toAuditRecordWire),
  );
  router.route(E.auditSubmit, menu, ({ actor, body }) => diagnosis.submit(actor, body.ids));
  router.route(E.auditPass, menu, ({ actor, body }) => diagnosis.pass(actor, body.ids));
  router.route(E.auditRefuse, menu, ({ actor, body }) => diagnosis.refuse(actor, body.ids, body.reason));
}

/** focus and warnings */
function warningsRoutes({ router, diagnosis, menu }: DiagnosisRoutesContext) {
  router.route(E.focus, menu, ({ actor, body }) => diagnosis.focus(actor, fromFocusBodyWire(body)));
  router.route(E.dispose, menu, async ({ actor, body }) =>
    toWarningRecordWire(await diagnosis.dispose(actor, fromDisposeBodyWire(body))),
  );
  router.route(E.warnCount, menu, async ({ actor, query }) =>
    toWarnCountWire(await diagnosis.warnCount(actor, fromWarnQueryWire(query))),
  );
  router.route(E.warnGrid, menu, async ({ actor, query }) =>
    toWirePage(await diagnosis.warnGrid(actor, fromWarnGridQueryWire(query)), query, toWarningRowWire),
  );
  router.route(E.warnList, menu, async ({ actor, query }) =>
    (await diagnosis.warnList(actor, fromWarnListQueryWire(query).assignedPointId)).map(toWarningRecordWire),
  );
}

/**
 * Excel exports of the result table, the below-standard list and the warning table: the same service
 * reads as the lists (so the same rights and filters), every row instead of a page.
 */
function exportRoutes({ router, diagnosis, menu }: DiagnosisRoutesContext) {
  router.route(E.pointsExport, menu, async ({ actor, query, reply }) => {
    const rows = await diagnosis.points(actor, fromObjectTaskQueryWire(query).objectTaskId);
    sendWorkbook(reply, '质控点结果表.xlsx', await pointsWorkbook(rows));
  });
  router.route(E.disqualifiedExport, menu, async ({ actor, query, reply }) => {
    const rows = await diagnosis.allDisqualified(actor, fromDisqualifiedExportQueryWire(query));
    sendWorkbook(reply, '未达标质控点.xlsx', await belowStandardWorkbook(rows));
  });
  router.route(E.warnGridExport, menu, async ({ actor, query, reply }) => {
    const rows = await diagnosis.allWarnGrid(actor, fromWarnGridExportQueryWire(query));
    sendWorkbook(reply, '预警表.xlsx', await warningsWorkbook(rows));
  });
}
