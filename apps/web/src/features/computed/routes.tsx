import { NodeIndexOutlined } from '@ant-design/icons';
import type { LeafRoute } from '../../app/route-leaf.ts';

/** Sidebar pages of 数据管理 owned by this feature, relative to /dataManage. */
export const computedRoutes: LeafRoute[] = [
  {
    path: 'collection-bindings',
    label: '采集配置',
    icon: <NodeIndexOutlined />,
    load: () => import('./pages/bindings-page.tsx'),
  },
];
