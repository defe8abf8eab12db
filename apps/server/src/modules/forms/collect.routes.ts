import { collectFutureTasks, collectEndpoints as E, type FormRecord, fillFutureTasks } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { sendWorkbook } from '../../platform/excel/send-workbook.ts';
import { readImportUpload } from '../../platform/jobs/excel-import.ts';
import { registerFutureTaskRoutes, registerImportJobRoutes } from '../../platform/jobs/job-routes.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { CollectDataService } from './collect-data.service.ts';
import type { CollectFillService } from './collect-fill.service.ts';
import type { FillImport } from './collect-import.ts';
import type { ValueNotices } from './collect-known.ts';
import type { PublicLinksService } from './collect-public.service.ts';
import type { CollectTasksService } from './collect-tasks.service.ts';

const same = <T>(row: T) => row;

/**
 * 数据采集 (herm-sjcj): tasks and public links need the 数据管理 menu; allocations, fill tasks and
 * drafts are open to any signed-in user because department heads and fillers hold no common menu —
 * each service decides on its first lines (head of the department, the fill's filler, data manager).
 * The public page needs no session.
 */
export function registerCollectRoutes(
  router: Router,
  deps: {
    tasks: CollectTasksService;
    fills: CollectFillService;
    data: CollectDataService;
    links: PublicLinksService;
    fillImport: FillImport;
    notices: ValueNotices;
    jobs: Jobs;
  },
) {
  const { tasks, fills, data, links, fillImport, notices, jobs } = deps;
  const manage = access.menu('dataManage');
  const signedIn = access.signedIn;

  router.route(E.taskPage, manage, async ({ actor, query }) =>
    toWirePage(await tasks.taskPage(actor, query), query, same),
  );
  router.route(E.taskCreate, manage, ({ actor, body }) => tasks.createTask(actor, body));
  router.route(E.taskUpdate, manage, ({ actor, params, body }) => tasks.updateTask(actor, params.id, body));
  router.route(E.taskDelete, manage, async ({ actor, params }) => {
    await tasks.deleteTask(actor, params.id);
    return null;
  });
  router.route(E.closeOutdated, manage, ({ actor }) => tasks.closeOutdated(actor));

  router.route(E.allocationPage, signedIn, async ({ actor, query }) =>
    toWirePage(await tasks.allocationPage(actor, query), query, same),
  );
  router.route(E.allocate, signedIn, ({ actor, body }) => tasks.allocate(actor, body));
  router.route(E.auditAllocation, manage, ({ actor, params }) => tasks.auditAllocation(actor, params.id));
  router.route(E.rollbackAllocation, manage, ({ actor, body }) => tasks.rollbackAllocation(actor, body));
  router.route(E.fillTemplate, access.menu('dataCollection'), async ({ actor, query, reply }) => {
    const file = await fillImport.template(actor, query.fillTaskId);
    sendWorkbook(reply, file.name, file.bytes);
  });
  router.route(E.fillImport, access.menu('dataCollection'), async ({ actor, request }) =>
    fillImport.rowsImport.importNow(actor, await readImportUpload(request)),
  );
  // The same import as a job, polled under datas/fill/ by its starter (the filler) alone.
  registerImportJobRoutes(router, {
    futureTasks: fillFutureTasks,
    jobs,
    access: access.menu('dataCollection'),
    imports: [{ start: E.fillImportJob, importer: fillImport.rowsImport }],
  });
  router.route(E.allocationExport, manage, async ({ actor, query, reply }) => {
    const file = await tasks.exportAllocations(actor, query.taskId);
    sendWorkbook(reply, file.name, file.bytes);
  });

  router.route(E.fillTaskPage, signedIn, async ({ actor, query }) =>
    toWirePage(await fills.fillPage(actor, query), query, same),
  );
  router.route(E.fillTaskDetail, signedIn, ({ actor, params }) => fills.fillDetail(actor, params.id));
  router.route(E.commitFill, signedIn, ({ actor, params }) => fills.commit(actor, params.id));
  router.route(E.auditFill, signedIn, ({ actor, params, body }) => fills.audit(actor, params.id, body));
  router.route(E.rollbackFill, signedIn, ({ actor, body }) => fills.rollback(actor, body));

  // A form's owner may hold only 数据采集; each notice is shown to its own recipient alone.
  router.route(E.valueNoticePage, signedIn, async ({ actor, query }) =>
    toWirePage(await notices.page(actor, query), query, same),
  );
  router.route(E.valueNoticeRead, signedIn, ({ actor, params }) => notices.read(actor, params.id));

  router.route(E.saveRecords, signedIn, ({ actor, body }) => fills.saveRecords(actor, body));
  router.route(E.queryData, manage, async ({ actor, query }) =>
    toWirePage(await data.dataPage(actor, query), query, same),
  );
  // Only fillers and data managers probe values: the answer says whether someone submitted a value.
  router.route(E.checkUnique, access.menu('dataCollection'), ({ actor, body }) =>
    data.checkUnique(actor, body),
  );
  router.route(E.sync, manage, ({ actor, body }) => data.startSync(actor, body.taskId));
  registerFutureTaskRoutes(router, {
    endpoints: collectFutureTasks,
    jobs,
    access: manage,
    kinds: data.kinds,
  });

  router.route(E.publicLinkCreate, manage, ({ actor, params, body }) =>
    links.createLink(actor, params.id, body),
  );
  router.route(E.publicLinkList, manage, ({ actor, params }) => links.links(actor, params.id));
  router.route(E.publicLinkClose, manage, ({ actor, params }) => links.closeLink(actor, params.id));
  router.publicRoute(E.publicForm, ({ params }) => links.publicForm(params.linkId));
  router.publicRoute(E.publicSubmit, ({ params, body, request }) =>
    links.publicSubmit({ linkId: params.linkId, data: body.data as FormRecord, address: request.ip }),
  );
}
