import { BankOutlined } from '@ant-design/icons';
import type { LeafRoute } from '../../../app/route-leaf.ts';

/** Sidebar pages of 智能分析 for 名录与选校, relative to /analysis: the directory, for its maintainers. */
export const schoolRoutes: LeafRoute[] = [
  {
    path: 'schools',
    label: '高校名录',
    icon: <BankOutlined />,
    load: () => import('./pages/school-directory-page.tsx'),
    action: 'analysis.manage',
  },
];
