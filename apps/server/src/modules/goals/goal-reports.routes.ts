import { goalReportsEndpoints as E } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import type { Router } from '../../platform/route.ts';
import { contentDisposition } from '../attachments/attachments.routes.ts';
import { DOCX_MIME, type GoalReportsService } from './goal-reports.service.ts';

/**
 * Target reports (spec 1 §7): templates, covers and the reports of year targets and tasks under
 * `/api/herm-mbrwgl`. Every route needs the target-task menu; the service checks publisher, editor and
 * auditor. Generation is a job on the jobs platform (`platform/jobs`), so any instance may run it and any
 * request polls it.
 */
export function registerGoalReportsRoutes(router: Router, deps: { reports: GoalReportsService }) {
  const { reports } = deps;
  const menu = access.menu('targetTaskManagement');

  router.route(E.templates, menu, ({ query }) => reports.templates(query));
  router.route(E.templateInsert, menu, ({ actor, body }) => reports.insertTemplate(actor, body));
  router.route(E.templateUpdate, menu, ({ actor, body }) => reports.updateTemplate(actor, body));
  router.route(E.templateDelete, menu, async ({ actor, body }) => {
    await reports.deleteTemplates(actor, body.ids);
    return null;
  });

  router.route(E.covers, menu, ({ query }) => reports.covers(query));
  router.route(E.coverInsert, menu, ({ actor, body }) => reports.insertCover(actor, body));
  router.route(E.coverDelete, menu, async ({ actor, body }) => {
    await reports.deleteCovers(actor, body.ids);
    return null;
  });
  router.route(E.coverDefault, menu, ({ actor, body }) => reports.setDefaultCover(actor, body.id));

  router.route(E.reportPage, menu, ({ actor, query }) => reports.reportPage(actor, query));
  router.route(E.reportByTask, menu, ({ actor, query }) => reports.reportByTask(actor, query.taskId));
  router.route(E.updateLevelSelf, menu, ({ actor, body }) => reports.updateLevelSelf(actor, body));
  router.route(E.submitAudit, menu, ({ actor, body }) => reports.submitAudit(actor, body));
  router.route(E.audit, menu, ({ actor, body }) => reports.audit(actor, body));
  router.route(E.generateReport, menu, ({ actor, body }) => reports.generate(actor, body));
  router.route(E.futureTaskResult, menu, ({ actor, query }) => reports.job(actor, query.id));
  router.route(E.download, menu, async ({ actor, query, reply }) => {
    const file = await reports.download(actor, query.id);
    reply
      .header('content-type', DOCX_MIME)
      .header('content-disposition', contentDisposition('attachment', file.name))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });
}
