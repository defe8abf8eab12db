import { noticeDeliveryEndpoints as E, toPage } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import type { Router } from '../../platform/route.ts';
import type { DeliveryService } from './delivery.service.ts';

/** 系统设置 › 消息推送 for whoever manages the system settings; 消息设置 for every signed-in person, their own. */
export function registerDeliveryRoutes(router: Router, deps: { delivery: DeliveryService }) {
  const { delivery } = deps;
  const manage = access.action('org.setting.manage');
  router.route(E.settings, manage, () => delivery.settings());
  router.route(E.saveSettings, manage, ({ body }) => delivery.saveSettings(body));
  router.route(E.testEmail, manage, ({ body }) => delivery.testEmail(body.to));
  router.route(E.robots, manage, () => delivery.robots());
  router.route(E.saveRobot, manage, ({ body }) => delivery.saveRobot(body));
  router.route(E.deleteRobot, manage, ({ params }) => delivery.deleteRobot(params.id));
  router.route(E.testRobot, manage, ({ params }) => delivery.testRobot(params.id));
  router.route(E.deliveries, manage, async ({ query }) => {
    const page = await delivery.deliveries(query);
    return toPage(page.records, page.total, query);
  });
  router.route(E.preferences, access.signedIn, ({ actor }) => delivery.preferences(actor.userId));
  router.route(E.savePreferences, access.signedIn, ({ actor, body }) =>
    delivery.savePreferences(actor.userId, body),
  );
}
