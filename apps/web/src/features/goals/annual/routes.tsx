import {
  ApartmentOutlined,
  FileProtectOutlined,
  FundOutlined,
  PartitionOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import type { LeafRoute } from '../../../app/route-leaf.ts';

/** Sidebar pages of 年度目标分解, relative to /newTaskManagement. */
export const annualRoutes: LeafRoute[] = [
  {
    path: 'yearTask',
    label: '年度目标任务',
    icon: <PartitionOutlined />,
    load: () => import('./pages/year-tasks-page.tsx'),
  },
  {
    path: 'averageTarget',
    label: '平均水平目标',
    icon: <FundOutlined />,
    load: () => import('./pages/average-targets-page.tsx'),
  },
  {
    path: 'targetType',
    label: '目标类型',
    icon: <TagsOutlined />,
    load: () => import('./pages/target-types-page.tsx'),
  },
  {
    path: 'charger',
    label: '负责人',
    icon: <ApartmentOutlined />,
    load: () => import('./pages/chargers-page.tsx'),
  },
  {
    path: 'missionStatement',
    label: '任务书',
    icon: <FileProtectOutlined />,
    load: () => import('./pages/missions-page.tsx'),
  },
];
