import type { LeafRoute } from '../../../app/route-leaf.ts';

/** Sidebar pages of 智能分析 for 名录与选校（高校名录、常用查询设置）, relative to /analysis. */
export const schoolRoutes: LeafRoute[] = [];
