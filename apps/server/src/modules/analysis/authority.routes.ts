import { authorityEndpoints as E, toPortraitWire } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import type { Router } from '../../platform/route.ts';
import type { AuthorityService } from './authority.service.ts';

/** The authority calls of spec 1 §6: every signed-in user asks about himself. */
export function registerAuthorityRoutes(router: Router, deps: { authority: AuthorityService }) {
  const { authority } = deps;
  router.route(E.analysis, access.signedIn, async ({ actor }) => {
    const answer = await authority.analysis(actor);
    return { ...answer, menus: answer.menus.map(toPortraitWire), cards: answer.cards.map(toPortraitWire) };
  });
  router.route(E.screenCheck, access.signedIn, ({ actor, query }) => authority.screenCheck(actor, query.id));
  router.route(E.target, access.signedIn, ({ actor }) => authority.target(actor));
  router.route(E.object, access.signedIn, ({ actor, query }) =>
    authority.objectCheck(actor, query.subject, query.objectId),
  );
}
