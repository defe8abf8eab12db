import {
  collectionFutureTasks,
  collectionEndpoints as E,
  fromCollectionBindingBodyWire,
  fromCollectionBindingQueryWire,
  fromCollectionCompareBodyWire,
  fromCollectionDetailQueryWire,
  fromCollectionRunBodyWire,
  fromCollectionRunPageQueryWire,
  fromCollectionTaskQueryWire,
  fromCollectionWhyQueryWire,
  toCollectionBindingWire,
  toCollectionCompareWire,
  toCollectionRunValueWire,
  toCollectionRunWire,
  toCollectionTaskPointWire,
  toCollectionWhyWire,
} from '@eduqa/contract';
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

  router.route(E.bindingPage, manage, async ({ query }) =>
    toWirePage(await collection.bindingPage(query), query, toCollectionBindingWire),
  );
  router.route(E.binding, manage, async ({ query }) =>
    toCollectionBindingWire(await collection.binding(fromCollectionBindingQueryWire(query).pointId)),
  );
  router.route(E.saveBinding, manage, async ({ actor, body }) =>
    toCollectionBindingWire(await collection.saveBinding(actor, fromCollectionBindingBodyWire(body))),
  );

  router.route(E.run, improvement, ({ actor, body }) =>
    collection.start(actor, fromCollectionRunBodyWire(body)),
  );
  router.route(E.runs, improvement, async ({ actor, query }) =>
    toWirePage(
      await collection.runs(actor, fromCollectionRunPageQueryWire(query)),
      query,
      toCollectionRunWire,
    ),
  );
  router.route(E.runDetail, improvement, async ({ actor, query }) =>
    toCollectionRunWire(await collection.run(actor, query.runId)),
  );
  router.route(E.runValues, improvement, async ({ actor, query }) =>
    toWirePage(await collection.values(actor, query), query, toCollectionRunValueWire),
  );
  router.route(E.accept, improvement, async ({ actor, body }) =>
    toCollectionRunWire(await collection.accept(actor, body)),
  );
  router.route(E.discard, improvement, async ({ actor, body }) =>
    toCollectionRunWire(await collection.discard(actor, body.runId)),
  );
  router.route(E.why, improvement, async ({ actor, query }) =>
    toCollectionWhyWire(await collection.why(actor, fromCollectionWhyQueryWire(query).assignedPointId)),
  );
  router.route(E.detail, improvement, ({ actor, query }) =>
    collection.detail(actor, fromCollectionDetailQueryWire(query)),
  );
  router.route(E.taskPoints, improvement, async ({ actor, query }) =>
    (await collection.taskPoints(actor, fromCollectionTaskQueryWire(query).taskId)).map(
      toCollectionTaskPointWire,
    ),
  );
  router.route(E.compare, improvement, async ({ actor, body }) =>
    toCollectionCompareWire(await collection.compare(actor, fromCollectionCompareBodyWire(body))),
  );

  registerFutureTaskRoutes(router, {
    endpoints: collectionFutureTasks,
    jobs: deps.jobs,
    access: improvement,
    kinds: collection.kinds,
  });
}
