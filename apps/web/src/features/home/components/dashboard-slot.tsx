import { DashboardCardsSection } from '../../dashboards/index.ts';

/**
 * The dashboard cards on 首页 (the board arranged under /dashboards), read-only: the `dashboards` area of
 * the page's grid, under the to-dos and the deadlines and events.
 */
export function DashboardSlot() {
  return (
    <div data-slot="home-dashboards" style={{ gridArea: 'dashboards', minWidth: 0 }}>
      <DashboardCardsSection />
    </div>
  );
}
