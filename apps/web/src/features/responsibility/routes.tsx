import { ApartmentOutlined } from '@ant-design/icons';
import type { LeafRoute } from '../../app/route-leaf.ts';
import { fileTypesRoute } from '../files/index.ts';

/**
 * Sidebar pages of 数据管理 from the rest of herm-sjgl, relative to /dataManage: 文件类型 (owned by the
 * files feature) and 部门职责, in one list so that the route table takes one spread.
 */
export const responsibilityRoutes: LeafRoute[] = [
  fileTypesRoute,
  {
    path: 'responsibility',
    label: '部门职责',
    icon: <ApartmentOutlined />,
    load: () => import('./pages/responsibility-page.tsx'),
  },
];
