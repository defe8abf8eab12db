import { HddOutlined } from '@ant-design/icons';
import type { LeafRoute } from '../../app/route-leaf.ts';

/** Sidebar pages of 数据管理 owned by this feature, relative to /dataManage. */
export const warehouseRoutes: LeafRoute[] = [
  {
    path: 'warehouse',
    label: '数据仓库',
    icon: <HddOutlined />,
    load: () => import('./pages/warehouse-area.tsx'),
  },
];
