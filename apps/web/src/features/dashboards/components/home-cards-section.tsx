import { Card, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';

const HomeCards = lazy(() => import('./home-cards.tsx'));

/** The cards section of 首页, loaded after the workbench so the to-dos paint first. */
export function DashboardCardsSection() {
  return (
    <Suspense
      fallback={
        <Card variant="borderless">
          <Skeleton active />
        </Card>
      }
    >
      <HomeCards />
    </Suspense>
  );
}
