import {
  AlertOutlined,
  ApartmentOutlined,
  CalendarOutlined,
  ProfileOutlined,
  ScheduleOutlined,
  ShareAltOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { type Action, TASK_PAGE_TYPE_LABELS, type TaskPageType } from '@eduqa/contract';
import type { ReactNode } from 'react';
import type { LeafRoute } from '../../app/route-leaf.ts';

const ICONS: Record<TaskPageType, ReactNode> = {
  yearTask: <CalendarOutlined />,
  myYearTask: <ScheduleOutlined />,
  warningTask: <AlertOutlined />,
  myTask: <ProfileOutlined />,
  departmentTask: <ApartmentOutlined />,
  departmentCooperativeTask: <TeamOutlined />,
  myCooperativeTask: <ShareAltOutlined />,
};

/** One loader per page type: each page type's area module is the same, bound to its type. */
const leaf = (path: TaskPageType, action?: Action): LeafRoute => ({
  path,
  label: TASK_PAGE_TYPE_LABELS[path],
  icon: ICONS[path],
  ...(action ? { action } : {}),
  load: () => import('./pages/diagnosis-area.tsx').then((m) => ({ default: m.pageOfType(path) })),
});

/**
 * Sidebar pages of 诊断改进 (spec 2 §6), relative to /improvement. The publisher's yearly pages need
 * diagnosis.manage; the others list what the server finds for the caller (charger, sharer, head).
 */
export const diagnosisRoutes: LeafRoute[] = [
  leaf('yearTask', 'diagnosis.manage'),
  leaf('myYearTask', 'diagnosis.manage'),
  leaf('warningTask'),
  leaf('myTask'),
  leaf('departmentTask'),
  leaf('departmentCooperativeTask'),
  leaf('myCooperativeTask'),
];
