import { lazy, type ReactNode, Suspense } from 'react';
import { HashRouter, Route, Routes } from 'react-router';
import { BootLoader } from '../shared/ui/boot-loader.tsx';
import { ChunkErrorBoundary } from '../shared/ui/chunk-error-boundary.tsx';
import { LoginPage } from '../shell/login/login-page.tsx';
import { loadSignedInApp } from './lazy-shell.ts';

const SignedInApp = lazy(loadSignedInApp);
/** The public form page (spec 1 §2), signed out and outside the layout: its own lazy chunk. */
const PublicFormPage = lazy(() => import('../features/forms/pages/public-form-page.tsx'));

function Lazy({ children }: { children: ReactNode }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<BootLoader />}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}

/**
 * Only the login page is in the first download; the signed-in app (layout, route table, every area)
 * is one lazy module that the login page prefetches once it has painted. Its routes are descendant
 * routes below the catch-all, so every path stays as it was. A declarative HashRouter, not
 * createHashRouter: no route uses loaders or actions, and the data router costs the login page 17 kB gzip.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route
          path="/tableConfiguration/:id"
          element={
            <Lazy>
              <PublicFormPage />
            </Lazy>
          }
        />
        <Route
          path="*"
          element={
            <Lazy>
              <SignedInApp />
            </Lazy>
          }
        />
      </Routes>
    </HashRouter>
  );
}
