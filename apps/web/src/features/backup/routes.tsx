import { DatabaseOutlined } from '@ant-design/icons';
import type { LeafRoute } from '../../app/route-leaf.ts';

/** Sidebar page of 系统管理 owned by this feature, relative to /system. */
export const backupRoutes: LeafRoute[] = [
  {
    path: 'backup',
    label: '备份与恢复',
    icon: <DatabaseOutlined />,
    action: 'org.setting.manage',
    load: () => import('./pages/backup-page.tsx'),
  },
];
