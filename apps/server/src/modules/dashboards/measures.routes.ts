import { measuresEndpoints as E } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import type { Router } from '../../platform/route.ts';
import type { MeasuresService } from './measures.service.ts';

/**
 * 内置指标 and 数据大屏. A measure is read by holders of 首页 or 数据大屏 — two menu keys, which a route
 * cannot declare, so the route asks for a session and the service checks the keys on its first line; the
 * screen's overview needs 数据大屏.
 */
export function registerMeasuresRoutes(router: Router, deps: { measures: MeasuresService }) {
  const { measures } = deps;
  router.route(E.query, access.signedIn, ({ actor, query }) => measures.measure({ actor, key: query.key }));
  router.route(E.screenOverview, access.menu('dataScreen'), ({ actor, query }) =>
    measures.screenOverview(actor, query.screenId),
  );
}
