import { homeEndpoints as E } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import type { Router } from '../../platform/route.ts';
import type { HomeService } from './home.service.ts';

/** 首页 (`/index`, spec 1 §2: every signed-in user). The service counts only what the caller may act on. */
export function registerHomeRoutes(router: Router, deps: { home: HomeService }) {
  const { home } = deps;
  router.route(E.workbench, access.signedIn, ({ actor }) => home.workbench(actor));
}
