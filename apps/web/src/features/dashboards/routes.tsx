import type { PageLoader } from '../../shared/ui/lazy-page.tsx';

/** 仪表盘定制 (/dashboards), lazily loaded with react-grid-layout. */
export const dashboardsPage: PageLoader = () =>
  import('./pages/dashboards-page.tsx').then((m) => ({ default: m.DashboardsPage }));
