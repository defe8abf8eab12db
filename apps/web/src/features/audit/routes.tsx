import { FileSearchOutlined, LoginOutlined } from '@ant-design/icons';
import type { LeafRoute } from '../../app/route-leaf.ts';

/** Sidebar pages of 系统管理 owned by this feature, relative to /system. */
export const auditRoutes: LeafRoute[] = [
  {
    path: 'operationLog',
    label: '操作日志',
    icon: <FileSearchOutlined />,
    action: 'audit.read',
    load: () => import('./pages/operation-log-page.tsx'),
  },
  {
    path: 'loginLog',
    label: '登录日志',
    icon: <LoginOutlined />,
    action: 'audit.read',
    load: () => import('./pages/login-log-page.tsx'),
  },
];
