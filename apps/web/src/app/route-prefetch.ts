import { fromSessionUserWire, type LoginResultWire } from '@eduqa/contract';
import { pathOfHash } from '../shared/routing/paths.ts';
import { preloadPage } from '../shared/ui/lazy-page.tsx';
import { getSession, requestUser, subscribeSession } from '../shell/session/index.ts';
import { queryClient } from './providers.tsx';
import { canEnter, canSeeLeaf, leafGrants } from './route-access.ts';
import type { RoutePrefetch } from './route-leaf.ts';
import { AREAS } from './routes.tsx';

interface Target {
  load: Parameters<typeof preloadPage>[0];
  prefetch?: RoutePrefetch;
  rest: string;
  search: URLSearchParams;
  /** Whether the user may open it, as the route's guards decide. */
  allowed(user: LoginResultWire): boolean;
}

/** The route-table entry a hash path opens, or null (the landing redirect, an unknown path). */
export function routeTarget(hash: string): Target | null {
  const [path = '', query = ''] = pathOfHash(hash).split('?');
  const [areaPath = '', leafPath = '', ...below] = path.split('/').slice(1);
  const area = AREAS.find((a) => a.path === areaPath);
  if (!area) return null;
  const search = new URLSearchParams(query);
  if (!area.children) {
    if (!area.load) return null;
    return {
      load: area.load,
      ...(area.prefetch ? { prefetch: area.prefetch } : {}),
      rest: [leafPath, ...below].filter(Boolean).join('/'),
      search,
      allowed: (user) => canEnter(area, user.menus),
    };
  }
  const leaf = area.children.find((l) => l.path === leafPath);
  if (!leaf) return null;
  return {
    load: leaf.load,
    ...(leaf.prefetch ? { prefetch: leaf.prefetch } : {}),
    rest: below.join('/'),
    search,
    allowed: (user) =>
      canEnter(area, user.menus) && canSeeLeaf(leaf, leafGrants(fromSessionUserWire(user), user.menus)),
  };
}

/**
 * A signed-in page opened cold (a link, a reload, a new tab): starts its code now, and its first data as
 * soon as the server has accepted the user — beside the session's lists and the page's code rather than
 * after both. Only for a page the user may open, so a refused prefetch never shows.
 */
export function prefetchRoute(hash: string): void {
  const target = routeTarget(hash);
  if (!target) return;
  preloadPage(target.load);
  const { prefetch } = target;
  if (!prefetch) return;
  const start = (user: LoginResultWire) => {
    if (target.allowed(user))
      prefetch({ client: queryClient, user, rest: target.rest, search: target.search });
  };
  const user = requestUser();
  if (user) {
    start(user);
    return;
  }
  // Signed out already: the login page takes over, and the page opens later in its own time.
  if (getSession().status === 'signedOut') return;
  const stop = subscribeSession(() => {
    const next = requestUser();
    if (next) start(next);
    if (next || getSession().status === 'signedOut') stop();
  });
}
