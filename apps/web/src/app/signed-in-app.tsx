import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { noticesPage } from '../features/notices/index.ts';
import { NOTICES_PATH } from '../shared/routing/paths.ts';
import { LazyPage } from '../shared/ui/lazy-page.tsx';
import { AppLayout } from '../shell/layout/app-layout.tsx';
import { useSession } from '../shell/session/index.ts';
import { LandingRedirect, RequireMenu, RequireSession } from './guards.tsx';
import { PUBLIC_SEGMENTS } from './public-paths.ts';
import { pathAfterSignIn } from './route-access.ts';
import { AREAS, type AreaRoute } from './routes.tsx';
import { FirstLeafRedirect, RequireLeaf, SidebarArea } from './sidebar-area.tsx';

/** What `lazy-shell.ts` starts once this module is here: the page opened cold (route-prefetch.ts). */
export { prefetchRoute } from './route-prefetch.ts';

/** Pages keep their own sub-routes (`path/*`): a feature may nest `<Routes>` without touching this table. */
function areaRoute(area: AreaRoute): RouteObject {
  if (area.children) {
    return {
      path: area.path,
      element: (
        <RequireMenu area={area}>
          <SidebarArea area={area} />
        </RequireMenu>
      ),
      children: [
        { index: true, element: <FirstLeafRedirect area={area} /> },
        ...area.children.map((leaf) => ({
          path: `${leaf.path}/*`,
          element: (
            <RequireLeaf leaf={leaf}>
              <LazyPage key={leaf.path} load={leaf.load} />
            </RequireLeaf>
          ),
        })),
        { path: '*', element: <FirstLeafRedirect area={area} /> },
      ],
    };
  }
  return {
    path: `${area.path}/*`,
    element: (
      <RequireMenu area={area}>
        <div style={{ padding: 16, flex: 1, display: 'flex', flexDirection: 'column' }}>
          {area.load ? <LazyPage key={area.path} load={area.load} /> : null}
        </div>
      </RequireMenu>
    ),
  };
}

/**
 * Pages of the person rather than of an area (消息中心): every signed-in user may open them, so they need
 * no menu key and stay out of the top menu.
 */
const PERSONAL_SEGMENTS: readonly string[] = [NOTICES_PATH.slice(1)];
const personalRoutes: RouteObject[] = [
  {
    path: `${NOTICES_PATH.slice(1)}/*`,
    element: (
      <div style={{ padding: 16, flex: 1, display: 'flex', flexDirection: 'column' }}>
        <LazyPage load={noticesPage} />
      </div>
    ),
  },
];

const SIGNED_IN_ROUTES: RouteObject[] = [
  {
    path: '/',
    element: (
      <RequireSession>
        <AppLayout />
      </RequireSession>
    ),
    children: [
      { index: true, element: <LandingRedirect /> },
      ...AREAS.map(areaRoute),
      ...personalRoutes,
      { path: '*', element: <LandingRedirect /> },
    ],
  },
];

/**
 * Everything behind sign-in: the layout, the guards and every area of the route table. Loaded
 * lazily (app/router.tsx) so that the login page needs none of it; its routes sit below the
 * router's catch-all as descendant routes, with the same paths as before.
 */
export default function SignedInApp() {
  return useRoutes(SIGNED_IN_ROUTES);
}

/**
 * Where the login page goes once signed in: the remembered `from` when the user may open it, else
 * the landing page. It lives here because it needs the whole route table, which the login page must
 * not load.
 */
export function AfterSignIn({ from }: { from: string }) {
  const { menus } = useSession();
  return (
    <Navigate to={pathAfterSignIn(from, AREAS, menus, [...PUBLIC_SEGMENTS, ...PERSONAL_SEGMENTS])} replace />
  );
}
