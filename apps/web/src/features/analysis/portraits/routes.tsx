import type { LeafRoute } from '../../../app/route-leaf.ts';

/** Sidebar pages of 智能分析 for 画像, relative to /analysis. */
export const portraitRoutes: LeafRoute[] = [];
