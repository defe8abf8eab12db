import type { LeafRoute } from '../../app/route-leaf.ts';
import { peerRoutes } from './peers/routes.tsx';
import { portraitRoutes } from './portraits/routes.tsx';
import { schoolRoutes } from './schools/routes.tsx';

/** Sidebar pages of 智能分析 (/analysis): comparison with peers first, then portraits, then the directory. */
export const analysisRoutes: LeafRoute[] = [...peerRoutes, ...portraitRoutes, ...schoolRoutes];
