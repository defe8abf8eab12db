import { FileOutlined } from '@ant-design/icons';
import type { LeafRoute } from '../../app/route-leaf.ts';

/** 数据管理 › 文件类型, relative to /dataManage; listed in the area by the responsibility routes. */
export const fileTypesRoute: LeafRoute = {
  path: 'fileTypes',
  label: '文件类型',
  icon: <FileOutlined />,
  load: () => import('./pages/file-types-page.tsx'),
};
