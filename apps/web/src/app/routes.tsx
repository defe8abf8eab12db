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
import { MENU_LABELS, type MenuKey } from '@eduqa/contract';
import type { ReactNode } from 'react';
import { algorithmRoutes } from '../features/algorithms/routes.tsx';
import { analysisRoutes } from '../features/analysis/routes.tsx';
import { dataScreenPage, prefetchDataScreen } from '../features/analysis/screen/routes.tsx';
import { auditRoutes } from '../features/audit/index.ts';
import { backupRoutes } from '../features/backup/index.ts';
import { computedRoutes } from '../features/computed/routes.tsx';
import { dashboardsPage } from '../features/dashboards/routes.tsx';
import { datasourceRoutes } from '../features/datasources/routes.tsx';
import { diagnosisRoutes } from '../features/diagnosis/routes.tsx';
import { formsRoutes } from '../features/forms/routes.tsx';
import { annualRoutes } from '../features/goals/annual/routes.tsx';
import { goalRoutes } from '../features/goals/routes.tsx';
import { homePage } from '../features/home/routes.tsx';
import { orgRoutes } from '../features/org/routes.tsx';
import { reportRoutes } from '../features/reports/routes.tsx';
import { responsibilityRoutes } from '../features/responsibility/routes.tsx';
import { standardsRoutes } from '../features/standards/routes.tsx';
import { warehouseRoutes } from '../features/warehouse/routes.tsx';
import type { PageLoader } from '../shared/ui/lazy-page.tsx';
import { comingSoon } from './coming-soon.tsx';
import type { LeafRoute, RoutePrefetch } from './route-leaf.ts';

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
  prefetch?: RoutePrefetch;
  /** Sidebar leaves (areas with a sidebar); the bare area path goes to the first visible one. */
  children?: readonly LeafRoute[];
}

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
  { ...area('index', <HomeOutlined />), load: homePage },
  {
    path: 'dashboards',
    menuKey: 'index',
    label: '仪表盘定制',
    icon: <AppstoreOutlined />,
    hideInMenu: true,
    load: dashboardsPage,
  },
  {
    ...area('dataScreen', <FundProjectionScreenOutlined />),
    load: dataScreenPage,
    prefetch: prefetchDataScreen,
  },
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
  {
    path: 'report',
    menuKey: 'report',
    label: MENU_LABELS.report,
    icon: <FileTextOutlined />,
    children: reportRoutes,
  },
  {
    path: 'analysis',
    menuKey: 'analysis',
    label: MENU_LABELS.analysis,
    icon: <BarChartOutlined />,
    children: analysisRoutes,
  },
  {
    path: 'dataCollection',
    menuKey: 'dataCollection',
    label: MENU_LABELS.dataCollection,
    icon: <FormOutlined />,
    children: formsRoutes,
  },
  {
    path: 'dataManage',
    menuKey: 'dataManage',
    label: MENU_LABELS.dataManage,
    icon: <DatabaseOutlined />,
    children: [
      ...warehouseRoutes,
      ...datasourceRoutes,
      ...algorithmRoutes,
      ...computedRoutes,
      ...responsibilityRoutes,
    ],
  },
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
    children: [...orgRoutes, ...auditRoutes, ...backupRoutes],
  },
];
