import {
  computedFutureTasks,
  computedEndpoints as E,
  fromComputedBindingBodyWire,
  fromComputedBindingQueryWire,
  fromComputedCompareBodyWire,
  fromComputedDetailQueryWire,
  fromComputedRunBodyWire,
  fromComputedRunPageQueryWire,
  fromComputedTaskQueryWire,
  fromComputedWhyQueryWire,
  toComputedBindingWire,
  toComputedCompareWire,
  toComputedRunValueWire,
  toComputedRunWire,
  toComputedTaskPointWire,
  toComputedWhyWire,
} from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { registerFutureTaskRoutes } from '../../platform/jobs/job-routes.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { ComputedService } from './computed.service.ts';

/**
 * 采集: bindings are data management's (数据管理 menu); runs, the gate, lineage, detail rows and the
 * comparison belong to diagnosis (诊断改进 menu), and the service narrows them to the task's publisher or
 * an administrator (runs) and to the point's readers (lineage, detail).
 */
export function registerComputedRoutes(router: Router, deps: { computed: ComputedService; jobs: Jobs }) {
  const { computed } = deps;
  const manage = access.menu('dataManage');
  const improvement = access.menu('improvement');

  router.route(E.bindingPage, manage, async ({ query }) =>
    toWirePage(await computed.bindingPage(query), query, toComputedBindingWire),
  );
  router.route(E.binding, manage, async ({ query }) =>
    toComputedBindingWire(await computed.binding(fromComputedBindingQueryWire(query).pointId)),
  );
  router.route(E.saveBinding, manage, async ({ actor, body }) =>
    toComputedBindingWire(await computed.saveBinding(actor, fromComputedBindingBodyWire(body))),
  );

  router.route(E.run, improvement, ({ actor, body }) => computed.start(actor, fromComputedRunBodyWire(body)));
  router.route(E.runs, improvement, async ({ actor, query }) =>
    toWirePage(await computed.runs(actor, fromComputedRunPageQueryWire(query)), query, toComputedRunWire),
  );
  router.route(E.runDetail, improvement, async ({ actor, query }) =>
    toComputedRunWire(await computed.run(actor, query.runId)),
  );
  router.route(E.runValues, improvement, async ({ actor, query }) =>
    toWirePage(await computed.values(actor, query), query, toComputedRunValueWire),
  );
  router.route(E.accept, improvement, async ({ actor, body }) =>
    toComputedRunWire(await computed.accept(actor, body)),
  );
  router.route(E.discard, improvement, async ({ actor, body }) =>
    toComputedRunWire(await computed.discard(actor, body.runId)),
  );
  router.route(E.why, improvement, async ({ actor, query }) =>
    toComputedWhyWire(await computed.why(actor, fromComputedWhyQueryWire(query).assignedPointId)),
  );
  router.route(E.detail, improvement, ({ actor, query }) =>
    computed.detail(actor, fromComputedDetailQueryWire(query)),
  );
  router.route(E.taskPoints, improvement, async ({ actor, query }) =>
    (await computed.taskPoints(actor, fromComputedTaskQueryWire(query).taskId)).map(toComputedTaskPointWire),
  );
  router.route(E.compare, improvement, async ({ actor, body }) =>
    toComputedCompareWire(await computed.compare(actor, fromComputedCompareBodyWire(body))),
  );

  registerFutureTaskRoutes(router, {
    endpoints: computedFutureTasks,
    jobs: deps.jobs,
    access: improvement,
    kinds: computed.kinds,
  });
}
