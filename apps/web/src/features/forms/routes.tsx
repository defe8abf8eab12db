import {
  AuditOutlined,
  BellOutlined,
  ClusterOutlined,
  DatabaseOutlined,
  EditOutlined,
  FileDoneOutlined,
  FormOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import type { LeafRoute } from '../../app/route-leaf.ts';
import { AuditBadge, MyFillsBadge, NoticesBadge } from './widgets/fill-badges.tsx';

/**
 * Sidebar pages of 数据采集, relative to /dataCollection. The design side (表单, 常量, 任务, 数据) is for
 * data managers, who also hold 数据管理; fillers and department heads see their own fill tasks first
 * (where the bare /dataCollection leads them); allocations and audit are the data managers' and the
 * department heads' (the server's scope): a filler who heads nothing never has one to act on.
 */
export const formsRoutes: LeafRoute[] = [
  {
    path: 'forms',
    label: '表单管理',
    icon: <FormOutlined />,
    menuKey: 'dataManage',
    load: () => import('./pages/forms-area.tsx'),
  },
  {
    path: 'constants',
    label: '常量管理',
    icon: <TagsOutlined />,
    menuKey: 'dataManage',
    load: () => import('./pages/constants-page.tsx'),
  },
  {
    path: 'tasks',
    label: '采集任务',
    icon: <ClusterOutlined />,
    menuKey: 'dataManage',
    load: () => import('./pages/tasks-page.tsx'),
  },
  {
    path: 'my-fills',
    label: '我的填报',
    icon: <EditOutlined />,
    badge: MyFillsBadge,
    load: () => import('./pages/my-fills-area.tsx'),
  },
  {
    path: 'allocations',
    label: '任务分配',
    icon: <FileDoneOutlined />,
    menuKey: 'dataManage',
    orDepartmentHead: true,
    load: () => import('./pages/allocations-page.tsx'),
  },
  {
    path: 'audit',
    label: '填报审核',
    icon: <AuditOutlined />,
    badge: AuditBadge,
    menuKey: 'dataManage',
    orDepartmentHead: true,
    load: () => import('./pages/audit-page.tsx'),
  },
  {
    path: 'data',
    label: '采集数据',
    icon: <DatabaseOutlined />,
    menuKey: 'dataManage',
    load: () => import('./pages/data-page.tsx'),
  },
  {
    path: 'value-changes',
    label: '数据变更提醒',
    icon: <BellOutlined />,
    menuKey: 'dataManage',
    badge: NoticesBadge,
    load: () => import('./pages/value-notices-page.tsx'),
  },
];
