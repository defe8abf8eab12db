import {
  AimOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FormOutlined,
  FundProjectionScreenOutlined,
  HomeOutlined,
  MedicineBoxOutlined,
  ProjectOutlined,
  ScheduleOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { type Action, MENU_LABELS, type MenuKey } from '@eduqa/contract';
import type { ComponentType, ReactNode } from 'react';
import { annualRoutes } from '../features/annual/routes.tsx';
import { diagnosisRoutes } from '../features/diagnosis/routes.tsx';
import { goalRoutes } from '../features/goals/routes.tsx';
import { standardsRoutes } from '../features/standards/routes.tsx';
import { systemRoutes } from '../features/system/routes.tsx';
import type { PageLoader } from '../shared/ui/lazy-page.tsx';
import { comingSoon } from './coming-soon.tsx';

/** A sidebar entry of an area; its page may hold further routes of its own (`path/*`). */
export interface LeafRoute {
  /** Relative to the area, e.g. 'users'. */
  path: string;
  label: string;
  icon?: ReactNode;
  load: PageLoader;
  /** When set, only users granted this action see the leaf. */
  action?: Action;
  /** A count shown beside the label in the sidebar (the goal warning counts of spec 1 §6). */
  badge?: ComponentType;
}

/** A top-level area: one top-menu entry, guarded by its menu key. */
export interface AreaRoute {
  /** The first path segment, e.g. 'index'. */
  path: string;
  /** The key of the user's menu map that opens the area. */
  menuKey: MenuKey;
  /** Default label when the menu map gives none. */
  label: string;
  icon: ReactNode;
  /** Reachable but not listed in the top menu. */
  hideInMenu?: boolean;
  /** The area's page (areas without a sidebar). */
  load?: PageLoader;
  /** Sidebar leaves (areas with a sidebar); the bare area path goes to the first visible one. */
  children?: readonly LeafRoute[];
}

/** Public pages outside the layout (`/login`, `/tableConfiguration/:id`). */
export const PUBLIC_SEGMENTS: readonly string[] = ['login', 'tableConfiguration'];

const area = (key: MenuKey, icon: ReactNode): AreaRoute => ({
  path: key,
  menuKey: key,
  label: MENU_LABELS[key],
  icon,
  load: comingSoon(MENU_LABELS[key]),
});

/**
 * The one route table (spec 1 §2): it drives the router, the top menu (order, key, label, icon) and
 * lazy loading. Later issues replace an area's `load` with their page, or give it `children`.
 */
export const AREAS: readonly AreaRoute[] = [
  area('index', <HomeOutlined />),
  {
    path: 'dashboards',
    menuKey: 'index',
    label: '仪表盘定制',
    icon: <AppstoreOutlined />,
    hideInMenu: true,
    load: comingSoon('仪表盘定制'),
  },
  area('dataScreen', <FundProjectionScreenOutlined />),
  {
    path: 'target',
    menuKey: 'target',
    label: MENU_LABELS.target,
    icon: <AimOutlined />,
    children: standardsRoutes,
  },
  {
    path: 'improvement',
    menuKey: 'improvement',
    label: MENU_LABELS.improvement,
    icon: <MedicineBoxOutlined />,
    children: diagnosisRoutes,
  },
  area('report', <FileTextOutlined />),
  area('analysis', <BarChartOutlined />),
  area('dataCollection', <FormOutlined />),
  area('dataManage', <DatabaseOutlined />),
  {
    path: 'newTaskManagement',
    menuKey: 'newTaskManagement',
    label: MENU_LABELS.newTaskManagement,
    icon: <ScheduleOutlined />,
    children: annualRoutes,
  },
  {
    path: 'targetTaskManagement',
    menuKey: 'targetTaskManagement',
    label: MENU_LABELS.targetTaskManagement,
    icon: <ProjectOutlined />,
    children: goalRoutes,
  },
  {
    path: 'system',
    menuKey: 'system',
    label: MENU_LABELS.system,
    icon: <SettingOutlined />,
    children: systemRoutes,
  },
];
