import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startSignedInPage } from './app/lazy-shell.ts';
import { Providers } from './app/providers.tsx';
import { isPublicPath } from './app/public-paths.ts';
import { AppRouter } from './app/router.tsx';
import { pathOfHash } from './shared/routing/paths.ts';
import { watchScrollRegions } from './shared/ui/scroll-regions.ts';
import { getSession, tryLogin } from './shell/session/index.ts';

// Spec 1 §4: without a stored session (a new tab, a cleared tab) the cookie may still be valid.
if (getSession().status === 'restoring') void tryLogin();
if (!isPublicPath(pathOfHash(window.location.hash))) startSignedInPage(window.location.hash);

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

watchScrollRegions();

createRoot(root).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
);
