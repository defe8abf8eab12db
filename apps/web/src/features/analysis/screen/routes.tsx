import type { PageLoader } from '../../../shared/ui/lazy-page.tsx';

/** 数据大屏 (/dataScreen): its own top-menu area without a sidebar, loaded lazily with ECharts. */
export const dataScreenPage: PageLoader = () =>
  import('./data-screen-page.tsx').then((m) => ({ default: m.DataScreenPage }));

export { prefetchDataScreen } from './api.ts';
