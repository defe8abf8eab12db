import { FunctionOutlined } from '@ant-design/icons';
import type { LeafRoute } from '../../app/route-leaf.ts';

/** Sidebar pages of 数据管理 owned by this feature, relative to /dataManage. */
export const algorithmRoutes: LeafRoute[] = [
  {
    path: 'algorithms',
    label: '算法管理',
    icon: <FunctionOutlined />,
    load: () => import('./pages/algorithms-area.tsx'),
  },
];
