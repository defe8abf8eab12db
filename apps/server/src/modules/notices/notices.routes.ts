import { noticeEndpoints as E, toPage } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import type { Router } from '../../platform/route.ts';
import type { NoticesService } from './notices.service.ts';

/** 消息中心: every signed-in person, each only their own messages (the service keeps every read to them). */
export function registerNoticesRoutes(router: Router, deps: { notices: NoticesService }) {
  const { notices } = deps;
  router.route(E.bell, access.signedIn, ({ actor }) => notices.bell(actor));
  router.route(E.list, access.signedIn, async ({ actor, query }) => {
    const page = await notices.list(actor, query);
    return toPage(page.records, page.total, query);
  });
  router.route(E.read, access.signedIn, ({ actor, params }) => notices.markRead(actor, params.id));
  router.route(E.readAll, access.signedIn, ({ actor }) => notices.markAllRead(actor));
}
