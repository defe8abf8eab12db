/** The signed-in part of the app as one lazy module (see signed-in-app.tsx). */
export const loadSignedInApp = () => import('./signed-in-app.tsx');

/**
 * A signed-in page opened cold: its code is needed whatever the session check answers (signed out, the
 * login page prefetches it anyway), so it is asked for now, beside that check, not once React has first
 * rendered; once here, the route table starts the page's own code and data (route-prefetch.ts).
 */
export function startSignedInPage(hash: string): void {
  loadSignedInApp().then(
    (app) => app.prefetchRoute(hash),
    () => {},
  );
}

/**
 * Starts fetching the signed-in app once the page has painted, so that signing in does not wait for
 * it. A failure is ignored here: the lazy route tries again and shows its error when it is needed.
 */
export function prefetchSignedInApp(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // requestAnimationFrame runs just before the next paint; the timeout after it runs once it is done.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      loadSignedInApp().catch(() => {});
    }, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
