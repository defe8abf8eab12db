import { IdcardOutlined, SettingOutlined } from '@ant-design/icons';
import type { LeafRoute } from '../../../app/route-leaf.ts';

/**
 * Sidebar pages of 智能分析 for 画像, relative to /analysis. The portrait page switches between the subjects
 * the analysis authority grants (`portrait?subject=major`): a leaf per subject could not hide itself by a
 * server answer, since a leaf's visibility is its menu key and action only.
 */
export const portraitRoutes: LeafRoute[] = [
  {
    path: 'portrait',
    label: '画像',
    icon: <IdcardOutlined />,
    load: () => import('./pages/portrait-page.tsx'),
  },
  {
    path: 'portrait-settings',
    label: '画像设置',
    icon: <SettingOutlined />,
    action: 'analysis.manage',
    load: () => import('./pages/portrait-settings-page.tsx'),
  },
];
