import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFrom } from '../shared/routing/paths.ts';
import { Loading } from '../shared/ui/lazy-page.tsx';
import { ForcedPasswordChange } from '../shell/profile/forced-password-change.tsx';
import { useSession } from '../shell/session/index.ts';
import { Forbidden } from './forbidden.tsx';
import { canEnter, landingPath } from './route-access.ts';
import { AREAS, type AreaRoute } from './routes.tsx';

/** Signed-in routes: wait while the session is being restored, else send the visitor to log in. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'restoring' || status === 'signingIn') return <Loading fullPage />;
  if (status === 'signedOut') {
    return <Navigate to={loginPathFrom(`${location.pathname}${location.search}`)} replace />;
  }
  if (user?.mustChangePassword) return <ForcedPasswordChange />;
  return children;
}

/** An area opens only when the user's menu map holds its key; otherwise 403. */
export function RequireMenu({ area, children }: { area: AreaRoute; children: ReactNode }) {
  const { menus } = useSession();
  return canEnter(area, menus) ? children : <Forbidden />;
}

/** `/` and unknown paths: the home page, or the first area the user may open. */
export function LandingRedirect() {
  const { menus } = useSession();
  return <Navigate to={landingPath(AREAS, menus)} replace />;
}
