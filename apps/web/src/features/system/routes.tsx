import {
  ApartmentOutlined,
  IdcardOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { Action } from '@eduqa/contract';
import type { ComponentType, ReactNode } from 'react';

export interface SystemRoute {
  path: string;
  label: string;
  icon?: ReactNode;
  load: () => Promise<{ default: ComponentType }>;
  /** The server refuses these pages' calls without the action, so the sidebar hides them too. */
  action?: Action;
}

/** Sidebar pages of 系统管理, relative to /system. */
export const systemRoutes: SystemRoute[] = [
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
