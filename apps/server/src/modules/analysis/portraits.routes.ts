import {
  portraitEndpoints as E,
  toPortraitDataWire,
  toPortraitObjectWire,
  toPortraitWire,
} from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { PortraitDataService } from './portraits.data.service.ts';
import type { PortraitsService } from './portraits.service.ts';

/**
 * 画像 (`/api/herm-znfx/portrayal`). The maintainer's lists and writes need `analysis.manage`; the
 * by-authority lists are for every signed-in user (a teacher without the 智能分析 menu still sees his own
 * portrait when it is granted to his role) and answer only what is granted.
 */
export function registerPortraitsRoutes(
  router: Router,
  deps: { portraits: PortraitsService; data: PortraitDataService },
) {
  const { portraits, data } = deps;
  const manage = access.action('analysis.manage');
  router.route(E.queryCard, manage, async ({ actor, query }) =>
    (await portraits.all(actor, 'card', query.level)).map(toPortraitWire),
  );
  router.route(E.queryMenu, manage, async ({ actor, query }) =>
    (await portraits.all(actor, 'menu', query.level)).map(toPortraitWire),
  );
  router.route(E.queryScreen, manage, async ({ actor, query }) =>
    (await portraits.all(actor, 'screen', query.level)).map(toPortraitWire),
  );
  router.route(E.queryPortrayalByAuth, access.signedIn, async ({ actor, query }) =>
    (await portraits.granted(actor, 'menu', query.level)).map(toPortraitWire),
  );
  router.route(E.queryCardByAuth, access.signedIn, async ({ actor, query }) =>
    (await portraits.granted(actor, 'card', query.level)).map(toPortraitWire),
  );
  router.route(E.queryScreenByAuth, access.signedIn, async ({ actor, query }) =>
    (await portraits.granted(actor, 'screen', query.level)).map(toPortraitWire),
  );
  router.route(E.add, manage, async ({ actor, body }) => toPortraitWire(await portraits.create(actor, body)));
  router.route(E.update, manage, async ({ actor, body }) =>
    toPortraitWire(await portraits.update(actor, body)),
  );
  router.route(E.delete, manage, async ({ actor, body }) => {
    await portraits.remove(actor, body.id);
    return null;
  });
  router.route(E.objects, access.signedIn, async ({ actor, query }) => {
    const { pageNum, pageSize, level, keyword } = query;
    return toWirePage(
      await data.objects(actor, { subject: level, keyword, paging: { pageNum, pageSize } }),
      query,
      toPortraitObjectWire,
    );
  });
  router.route(E.data, access.signedIn, async ({ actor, query }) =>
    toPortraitDataWire(
      await data.data(actor, {
        subject: query.level,
        objectId: query.objectId,
        taskId: query.taskId || undefined,
      }),
    ),
  );
}
