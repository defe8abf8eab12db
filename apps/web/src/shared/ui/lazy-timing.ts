/** Spec 1 §2 piece 4 and §9: the loader appears after 200 ms; after 10 s the page gives up. */
export const LOADER_DELAY_MS = 200;
export const LOAD_TIMEOUT_MS = 10_000;

/**
 * - waiting: nothing shown yet (most pages arrive within 200 ms: no flicker);
 * - loading: the loader is shown;
 * - ready / failed: final; a module arriving after the page gave up is ignored.
 */
export type LazyPhase = 'waiting' | 'loading' | 'ready' | 'failed';

export type LazyEvent = { type: 'elapsed'; ms: number } | { type: 'loaded' } | { type: 'failed' };

export function nextLazyPhase(phase: LazyPhase, event: LazyEvent): LazyPhase {
  if (phase === 'ready' || phase === 'failed') return phase;
  switch (event.type) {
    case 'loaded':
      return 'ready';
    case 'failed':
      return 'failed';
    case 'elapsed':
      if (event.ms >= LOAD_TIMEOUT_MS) return 'failed';
      if (event.ms >= LOADER_DELAY_MS) return 'loading';
      return phase;
  }
}
