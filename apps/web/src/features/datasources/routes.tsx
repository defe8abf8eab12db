import { ApiOutlined } from '@ant-design/icons';
import type { LeafRoute } from '../../app/route-leaf.ts';

/** Sidebar pages of 数据管理 owned by this feature, relative to /dataManage. */
export const datasourceRoutes: LeafRoute[] = [
  {
    path: 'datasources',
    label: '数据源',
    icon: <ApiOutlined />,
    load: () => import('./pages/datasources-page.tsx'),
  },
];
