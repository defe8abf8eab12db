import {
  fromPortraitWire,
  type MeasureKey,
  type MeasureResult,
  measuresEndpoints,
  type Portrait,
  portraitEndpoints,
  type ScreenOverview,
} from '@eduqa/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RoutePrefetch } from '../../../app/route-leaf.ts';
import { call } from '../../../shared/api/client.ts';
import { refetchUnlessJustFetched } from '../../../shared/api/prefetch.ts';
import { preloadCharts } from '../../../shared/charts/lazy-chart.tsx';

/** The data screen refreshes every minute. */
export const SCREEN_REFRESH_MS = 60_000;

export const screenKeys = {
  all: ['dataScreen'] as const,
  overview: ['dataScreen', 'overview'] as const,
  screens: ['dataScreen', 'screens'] as const,
};

/** Every measure of the screen in one request; its fields are the contract's English names (no wire mapping). */
export const fetchScreenOverview = (screenId: string | undefined): Promise<ScreenOverview> =>
  call(measuresEndpoints.screenOverview, {
    query: screenId ? { screenId } : {},
    silent: true,
    timeoutMode: 'none',
  });

/** The screens (画像 entries of kind screen) the caller's roles are granted, through the portrait wire. */
export const fetchScreens = async (): Promise<Portrait[]> =>
  (await call(portraitEndpoints.queryScreenByAuth, { query: {}, silent: true })).map(fromPortraitWire);

/**
 * The overview, refetched every minute. While a refetch runs the previous answer stays on screen
 * (placeholderData), so the panels never fall back to a loading state; a failed refresh keeps the old figures.
 */
const overviewQuery = (screenId: string | undefined) =>
  queryOptions({
    queryKey: [...screenKeys.overview, screenId ?? ''],
    queryFn: () => fetchScreenOverview(screenId),
    refetchInterval: SCREEN_REFRESH_MS,
    placeholderData: keepPreviousData,
    // A failed refresh keeps the figures on screen and is tried again at the next minute.
    retry: false,
    refetchOnMount: refetchUnlessJustFetched,
  });

export function useScreenOverview(screenId: string | undefined, enabled = true) {
  return useQuery({ ...overviewQuery(screenId), enabled });
}

const screensQuery = queryOptions({
  queryKey: screenKeys.screens,
  queryFn: fetchScreens,
  retry: false,
  staleTime: 5 * 60_000,
});

/**
 * The screens the caller may open. A failure (the call refused or not there) counts as none granted: the
 * page then shows the school overview, which holding 数据大屏 opens.
 */
export function useGrantedScreens() {
  return useQuery(screensQuery);
}

/**
 * The screens of this page's layout among those granted, and the one shown: the one the address names,
 * else the first, else none (the built-in school overview).
 */
export function chooseScreen(screens: readonly Portrait[] | undefined, wanted: string | null) {
  const granted = (screens ?? []).filter(
    (s) => s.kind === 'screen' && (s.config.layout ?? 'schoolOverview') === 'schoolOverview',
  );
  return { granted, chosen: granted.find((s) => s.id === wanted) ?? granted[0] ?? null };
}

/**
 * 数据大屏 opened cold: the granted screens, then the chosen one's figures, and ECharts, asked for at
 * once (both calls are silent; a failed list is asked again by the page).
 */
export const prefetchDataScreen: RoutePrefetch = ({ client, search }) => {
  preloadCharts();
  client.fetchQuery(screensQuery).then(
    (screens) => client.prefetchQuery(overviewQuery(chooseScreen(screens, search.get('screen')).chosen?.id)),
    () => {},
  );
};

/** A measure of the overview by key. */
export const measureOf = (overview: ScreenOverview | undefined, key: MeasureKey): MeasureResult | undefined =>
  overview?.measures.find((m) => m.key === key);
