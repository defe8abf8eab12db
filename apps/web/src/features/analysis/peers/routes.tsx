import type { LeafRoute } from '../../../app/route-leaf.ts';

/** Sidebar pages of 智能分析 for 对标分析、目标定位、年报指标, relative to /analysis. */
export const peerRoutes: LeafRoute[] = [];
