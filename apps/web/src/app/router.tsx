import { createHashRouter, type RouteObject } from 'react-router';
import { LazyPage } from '../shared/ui/lazy-page.tsx';
import { AppLayout } from '../shell/layout/app-layout.tsx';
import { LoginPage } from '../shell/login/login-page.tsx';
import { LandingRedirect, RequireMenu, RequireSession } from './guards.tsx';
import { AREAS, type AreaRoute } from './routes.tsx';
import { FirstLeafRedirect, RequireLeaf, SidebarArea } from './sidebar-area.tsx';
import { TableConfigurationPage } from './table-configuration-page.tsx';

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

export const router = createHashRouter([
  { path: '/login', element: <LoginPage /> },
  { path: '/tableConfiguration/:id', element: <TableConfigurationPage /> },
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
      { path: '*', element: <LandingRedirect /> },
    ],
  },
]);
