import { collectionFutureTasks, collectionEndpoints as E } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { registerFutureTaskRoutes } from '../../platform/jobs/job-routes.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { CollectionService } from './collection.service.ts';

/**
 * 采集: bindings are data management's (数据管理 menu); runs, the gate, lineage, detail rows and the
 * comparison belong to diagnosis (诊断改进 menu), and the service narrows them to the task's publisher or
 * an administrator (runs) and to the point's readers (lineage, detail).
 */
export function registerCollectionRoutes(
  router: Router,
  deps: { collection: CollectionService; jobs: Jobs },
) {
  const { collection } = deps;
  const manage = access.menu('dataManage');
  const improvement = access.menu('improvement');
  const same = <T>(x: T) => x;

  router.route(E.bindingPage, manage, async ({ query }) =>
    toWirePage(await collection.bindingPage(query), query, same),
  );
  router.route(E.binding, manage, ({ query }) => collection.binding(query.zkdid));
  router.route(E.saveBinding, manage, ({ actor, body }) => collection.saveBinding(actor, body));

  router.route(E.run, improvement, ({ actor, body }) => collection.start(actor, body));
  router.route(E.runs, improvement, async ({ actor, query }) =>
    toWirePage(await collection.runs(actor, query), query, same),
  );
  router.route(E.runDetail, improvement, ({ actor, query }) => collection.run(actor, query.runId));
  router.route(E.runValues, improvement, async ({ actor, query }) =>
    toWirePage(await collection.values(actor, query), query, same),
  );
  router.route(E.accept, improvement, ({ actor, body }) => collection.accept(actor, body));
  router.route(E.discard, improvement, ({ actor, body }) => collection.discard(actor, body.runId));
  router.route(E.why, improvement, ({ actor, query }) => collection.why(actor, query.zgzkdid));
  router.route(E.detail, improvement, ({ actor, query }) => collection.detail(actor, query));
  router.route(E.taskPoints, improvement, ({ actor, query }) => collection.taskPoints(actor, query.rwid));
  router.route(E.compare, improvement, ({ actor, body }) => collection.compare(actor, body));

  registerFutureTaskRoutes(router, {
    endpoints: collectionFutureTasks,
    jobs: deps.jobs,
    access: improvement,
    kinds: collection.kinds,
  });
}
