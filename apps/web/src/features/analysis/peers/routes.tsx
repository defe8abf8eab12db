import { AimOutlined, LineChartOutlined, TableOutlined } from '@ant-design/icons';
import type { LeafRoute } from '../../../app/route-leaf.ts';

/** Sidebar pages of 智能分析 for 对标分析、目标定位、年报指标, relative to /analysis. */
export const peerRoutes: LeafRoute[] = [
  {
    path: 'rival',
    label: '对标分析',
    icon: <LineChartOutlined />,
    load: () => import('./pages/rival-page.tsx'),
  },
  {
    path: 'target-band',
    label: '目标定位',
    icon: <AimOutlined />,
    load: () => import('./pages/target-band-page.tsx'),
  },
  {
    path: 'indicators',
    label: '年报指标',
    icon: <TableOutlined />,
    action: 'analysis.manage',
    load: () => import('./pages/indicators-page.tsx'),
  },
];
