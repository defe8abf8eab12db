import type { PageLoader } from '../../shared/ui/lazy-page.tsx';

/** 首页 (/index): the workbench, loaded lazily like every area page. */
export const homePage: PageLoader = () =>
  import('./pages/home-page.tsx').then((m) => ({ default: m.HomePage }));
