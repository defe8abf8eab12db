/**
 * What other features use of 仪表盘: the home page's card section (lazy: react-grid-layout and the chart
 * code load after the workbench) and the dynamic charts a portrait embeds.
 */

export { DynamicCharts } from './components/dynamic-charts.tsx';
export { DashboardCardsSection } from './components/home-cards-section.tsx';
