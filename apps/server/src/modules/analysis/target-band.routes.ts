import { targetBandEndpoints as E } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import type { Router } from '../../platform/route.ts';
import type { TargetBandService } from './target-band.service.ts';

/**
 * 目标定位 (targetBand/query). The target authority is the 目标标准 menu *or* `standards.manage`, which one
 * route declaration cannot say: the route asks for a session and the service checks either on its first line.
 */
export function registerTargetBandRoutes(router: Router, deps: { targetBand: TargetBandService }) {
  router.route(E.query, access.signedIn, ({ actor, query }) => deps.targetBand.query(actor, query));
}
