/**
 * The place of the dashboard cards that the analysis issue adds to 首页 (the cards chosen under
 * /dashboards). It takes the `dashboards` area of the page's grid, under the to-dos, and renders
 * nothing until that issue fills it.
 */
export function DashboardSlot() {
  return <div data-slot="home-dashboards" style={{ gridArea: 'dashboards' }} />;
}
