/**
 * A page whose route starts its first queries before the page's code has come (app/route-prefetch.ts) finds
 * their answers in the cache when it mounts: it shows them rather than asking again at once. How long an
 * answer counts as just fetched.
 */
export const JUST_FETCHED_MS = 5_000;

/**
 * `refetchOnMount` of the queries a route prefetches: ask again on mount unless the answer came moments ago
 * and nothing invalidated it since (an edit elsewhere still shows at once).
 */
export function refetchUnlessJustFetched(query: {
  state: { isInvalidated: boolean; dataUpdatedAt: number };
}): boolean {
  return query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt > JUST_FETCHED_MS;
}

/**
 * How a query's call reports failure: the page's own fetch toasts it; a route's prefetch is silent, and the
 * page asks again on mount when the prefetch failed (the failed query has no answer to show).
 */
export interface CallMode {
  silent?: boolean;
}
