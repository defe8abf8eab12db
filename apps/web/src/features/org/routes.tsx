import {
  ApartmentOutlined,
  IdcardOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { LeafRoute } from '../../app/route-leaf.ts';

/** Sidebar pages of 系统管理, relative to /system. */
export const orgRoutes: LeafRoute[] = [
  {
    path: 'users',
    label: '用户管理',
    icon: <TeamOutlined />,
    action: 'org.user.manage',
    load: () => import('./pages/users-page.tsx'),
  },
  {
    path: 'roles',
    label: '角色管理',
    icon: <SafetyCertificateOutlined />,
    action: 'org.role.manage',
    load: () => import('./pages/roles-page.tsx'),
  },
  {
    path: 'departments',
    label: '部门管理',
    icon: <ApartmentOutlined />,
    action: 'org.department.manage',
    load: () => import('./pages/departments-page.tsx'),
  },
  {
    path: 'userTypes',
    label: '用户类型',
    icon: <IdcardOutlined />,
    action: 'org.department.manage',
    load: () => import('./pages/user-types-page.tsx'),
  },
  {
    path: 'settings',
    label: '系统设置',
    icon: <SettingOutlined />,
    action: 'org.setting.manage',
    load: () => import('./pages/settings-page.tsx'),
  },
];
