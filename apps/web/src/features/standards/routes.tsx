import { ApartmentOutlined, ClusterOutlined, FieldTimeOutlined } from '@ant-design/icons';
import type { LeafRoute } from '../../app/route-leaf.ts';

/** Sidebar pages of 目标标准, relative to /target. Reads need only the menu; writes show with `standards.manage`. */
export const standardsRoutes: LeafRoute[] = [
  {
    path: 'indicators',
    label: '指标体系',
    icon: <ApartmentOutlined />,
    load: () => import('./pages/indicators-page.tsx'),
  },
  {
    path: 'cycles',
    label: '周期管理',
    icon: <FieldTimeOutlined />,
    load: () => import('./pages/cycles-page.tsx'),
  },
  {
    path: 'dimensions',
    label: '维度管理',
    icon: <ClusterOutlined />,
    load: () => import('./pages/dimensions-page.tsx'),
  },
];
