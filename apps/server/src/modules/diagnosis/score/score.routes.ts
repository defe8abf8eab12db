import {
  scoreEndpoints as E,
  fromCalScoreBodyWire,
  fromObjectTaskQueryWire,
  toScoreJobWire,
  toScoreWire,
} from '@eduqa/contract';
import { access } from '../../../platform/access.ts';
import type { Router } from '../../../platform/route.ts';
import type { ScoreService } from './score.service.ts';

/**
 * 得分 under `/api/herm-zdgj` (obj/calScore, obj/getCalScoreResult, obj/selectScore). Like every diagnosis
 * route they need the improvement menu; the service checks the publisher and the readers.
 */
export function registerScoreRoutes(router: Router, deps: { score: ScoreService }) {
  const { score } = deps;
  const menu = access.menu('improvement');
  router.route(E.calScore, menu, async ({ actor, body }) =>
    toScoreJobWire(await score.start(actor, fromCalScoreBodyWire(body))),
  );
  router.route(E.calScoreResult, menu, async ({ actor, query }) =>
    toScoreJobWire(await score.result(actor, query.taskId)),
  );
  router.route(E.score, menu, async ({ actor, query }) =>
    toScoreWire(await score.score(actor, fromObjectTaskQueryWire(query).objectTaskId)),
  );
}
