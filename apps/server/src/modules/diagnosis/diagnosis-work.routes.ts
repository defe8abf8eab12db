import {
  diagnosisFutureTasks,
  diagnosisEndpoints as E,
  fromAnalysisCacheBodyWire,
  fromAnalysisObjectsQueryWire,
  fromAnalysisQualityQueryWire,
  fromObjectTaskListBodyWire,
  fromObjectTaskQueryWire,
  fromObjectTaskRefuseBodyWire,
  fromTargetsBodyWire,
  toAnalysisObjectWire,
  toAnalysisQualityWire,
  toObjectAuthorityWire,
  toTaskWire,
} from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { registerFutureTaskRoutes } from '../../platform/jobs/job-routes.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { DiagnosisAnalysisService } from './diagnosis-analysis.service.ts';
import type { DiagnosisBatchService } from './diagnosis-batch.service.ts';

/**
 * The diagnosis calls over whole object tasks and tasks (obj/authority, batch 上报/退回, 目标值提交,
 * analysis/*) and the service's job pair obj/getFutureTaskResult, obj/doneFutureTask. Like the rest of
 * `/api/herm-zdgj` they need the improvement menu; the services check the object task or the task.
 */
export function registerDiagnosisWorkRoutes(
  router: Router,
  deps: { batch: DiagnosisBatchService; analysis: DiagnosisAnalysisService; jobs: Jobs },
) {
  const { batch, analysis, jobs } = deps;
  const menu = access.menu('improvement');

  router.route(E.authority, menu, async ({ actor, query }) =>
    toObjectAuthorityWire(await batch.authority(actor, fromObjectTaskQueryWire(query).objectTaskId)),
  );
  router.route(E.upList, menu, ({ actor, body }) =>
    batch.upList(actor, fromObjectTaskListBodyWire(body).objectTaskIds),
  );
  router.route(E.downList, menu, ({ actor, body }) =>
    batch.downList(actor, fromObjectTaskRefuseBodyWire(body)),
  );
  router.route(E.asyncUpList, menu, ({ actor, body }) =>
    batch.startUpList(actor, fromObjectTaskListBodyWire(body).objectTaskIds),
  );
  router.route(E.asyncDownList, menu, ({ actor, body }) =>
    batch.startDownList(actor, fromObjectTaskRefuseBodyWire(body)),
  );
  router.route(E.targetsCommit, menu, ({ actor, body }) =>
    batch.commitTargets(actor, fromTargetsBodyWire(body)),
  );

  router.route(E.analysisTasks, menu, async ({ actor, query }) =>
    (await analysis.tasksByLevel(actor, query)).map(toTaskWire),
  );
  router.route(E.analysisObjects, menu, async ({ actor, query }) =>
    toWirePage(
      await analysis.objectsOfTask(actor, fromAnalysisObjectsQueryWire(query)),
      query,
      toAnalysisObjectWire,
    ),
  );
  router.route(E.analysisQuality, menu, async ({ actor, query }) =>
    toAnalysisQualityWire(await analysis.quality(actor, fromAnalysisQualityQueryWire(query))),
  );
  router.route(E.analysisCache, menu, ({ actor, body }) =>
    analysis.startCache(actor, fromAnalysisCacheBodyWire(body).taskId),
  );

  registerFutureTaskRoutes(router, {
    endpoints: diagnosisFutureTasks,
    jobs,
    access: menu,
    kinds: [...batch.kinds, ...analysis.kinds],
  });
}
