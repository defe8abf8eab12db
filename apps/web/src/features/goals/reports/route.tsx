import { FileWordOutlined } from '@ant-design/icons';
import type { LeafRoute } from '../../../app/route-leaf.ts';

/** The sidebar entry of 目标报告 under 目标任务管理 (/targetTaskManagement/targetReport). */
export const reportsRoute: LeafRoute = {
  path: 'targetReport',
  label: '目标报告',
  icon: <FileWordOutlined />,
  load: () => import('./reports-page.tsx').then((m) => ({ default: m.ReportsPage })),
};
