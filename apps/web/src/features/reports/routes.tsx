import {
  ApartmentOutlined,
  AuditOutlined,
  FileSearchOutlined,
  LayoutOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import type { LeafRoute } from '../../app/route-leaf.ts';
import type { ReportListView } from './api.ts';
import { TodoBadge } from './components/todo-badge.tsx';

const listLeaf = (view: ReportListView) => () =>
  import('./pages/reports-area.tsx').then((m) => ({ default: m.areaOfView(view) }));

/**
 * Sidebar pages of 质量报告 (spec 2 §2.7), relative to /report. Each list opens a report at
 * `<list>/view/:id`. Every user of the menu sees every page: what he may do there is each report's
 * `rights`, and the server refuses the rest with its reason.
 */
export const reportRoutes: LeafRoute[] = [
  { path: 'list', label: '报告列表', icon: <FileSearchOutlined />, load: listLeaf('all') },
  {
    path: 'todo',
    label: '待我评审',
    icon: <AuditOutlined />,
    load: listLeaf('todo'),
    badge: TodoBadge,
  },
  {
    path: 'shared',
    label: '分享给我的',
    icon: <ShareAltOutlined />,
    load: listLeaf('shared'),
  },
  {
    path: 'department',
    label: '部门汇总分析',
    icon: <ApartmentOutlined />,
    load: () => import('./pages/department-page.tsx').then((m) => ({ default: m.DepartmentArea })),
  },
  {
    path: 'templates',
    label: '报告模板',
    icon: <LayoutOutlined />,
    load: () => import('./pages/templates-page.tsx').then((m) => ({ default: m.TemplatesPage })),
  },
];
