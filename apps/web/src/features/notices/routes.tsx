import type { PageLoader } from '../../shared/ui/lazy-page.tsx';

/** 消息中心 (/notices): every signed-in person's own messages, loaded lazily like every page. */
export const noticesPage: PageLoader = () =>
  import('./pages/notices-page.tsx').then((m) => ({ default: m.NoticesPage }));
