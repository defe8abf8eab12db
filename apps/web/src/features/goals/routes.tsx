import {
  AlertOutlined,
  ApartmentOutlined,
  BarChartOutlined,
  CalendarOutlined,
  ClusterOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { TaskView } from '@eduqa/contract';
import type { ComponentType } from 'react';
import type { LeafRoute } from '../../app/route-leaf.ts';
import {
  DepartmentWarningBadge,
  OverallWarningBadge,
  PersonalWarningBadge,
} from './components/warning-badges.tsx';
import { reportsRoute } from './reports/route.tsx';
import { prefetchSummaryAnalysis } from './summary/summary-api.ts';

const taskViews = new Map<TaskView, ComponentType>();
/** One page component per view, made once so the lazy loader's cache and React keep it stable. */
const viewLeaf = (view: TaskView) => () =>
  import('./pages/tasks-page.tsx').then(({ TasksPage }) => {
    let page = taskViews.get(view);
    if (!page) {
      page = () => <TasksPage view={view} />;
      taskViews.set(view, page);
    }
    return { default: page };
  });

/** Sidebar pages of 目标任务管理, relative to /targetTaskManagement. */
export const goalRoutes: LeafRoute[] = [
  {
    path: 'yearTargets',
    label: '年度目标',
    icon: <CalendarOutlined />,
    load: () => import('./pages/year-targets-page.tsx').then((m) => ({ default: m.YearTargetsPage })),
  },
  {
    path: 'myTask',
    label: '我的任务',
    icon: <ProfileOutlined />,
    load: viewLeaf('mine'),
    badge: PersonalWarningBadge,
  },
  {
    path: 'departmentTask',
    label: '部门任务',
    icon: <ApartmentOutlined />,
    load: viewLeaf('department'),
    badge: DepartmentWarningBadge,
  },
  { path: 'cooperationTask', label: '协同任务', icon: <TeamOutlined />, load: viewLeaf('collaboration') },
  {
    path: 'warningTask',
    label: '预警任务',
    icon: <AlertOutlined />,
    load: () => import('./pages/warning-tasks-page.tsx').then((m) => ({ default: m.WarningTasksPage })),
    badge: OverallWarningBadge,
  },
  {
    path: 'warningCondition',
    label: '预警条件',
    icon: <SettingOutlined />,
    load: () =>
      import('./pages/warning-conditions-page.tsx').then((m) => ({ default: m.WarningConditionsPage })),
  },
  {
    path: 'urge',
    label: '督办',
    icon: <NotificationOutlined />,
    load: () => import('./pages/urges-page.tsx').then((m) => ({ default: m.UrgesPage })),
  },
  {
    path: 'departments',
    label: '部门概览',
    icon: <ClusterOutlined />,
    load: () => import('./pages/departments-page.tsx').then((m) => ({ default: m.DepartmentsPage })),
  },
  {
    path: 'summaryAnalysis',
    label: '汇总分析',
    icon: <BarChartOutlined />,
    load: () =>
      import('./summary/summary-analysis-page.tsx').then((m) => ({ default: m.SummaryAnalysisPage })),
    prefetch: prefetchSummaryAnalysis,
  },
  reportsRoute,
];
