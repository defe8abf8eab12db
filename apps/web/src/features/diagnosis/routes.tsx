import {
  AlertOutlined,
  ApartmentOutlined,
  AuditOutlined,
  CalendarOutlined,
  ProfileOutlined,
  ScheduleOutlined,
  ShareAltOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { type Action, TASK_PAGE_TYPE_LABELS, type TaskPageType } from '@eduqa/contract';
import type { ReactNode } from 'react';
import type { LeafRoute } from '../../app/route-leaf.ts';
import { prefetchDiagnosisPage } from './prefetch.ts';

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
  prefetch: prefetchDiagnosisPage,
});

/** 待审核: the auditor's queue of object tasks with submitted points, and each one's points. */
const reviewLeaf: LeafRoute = {
  path: 'review',
  label: '待审核',
  icon: <AuditOutlined />,
  action: 'diagnosis.audit',
  load: () => import('./pages/review-area.tsx').then((m) => ({ default: m.ReviewArea })),
};

/**
 * Sidebar pages of 诊断改进 (spec 2 §6), relative to /improvement. The publisher's yearly pages need
 * diagnosis.manage and 待审核 diagnosis.audit (after the yearly pages, so a publisher still lands on
 * 年度任务 and an auditor on 待审核); the others list what the server finds for the caller (charger,
 * sharer, head).
 */
export const diagnosisRoutes: LeafRoute[] = [
  leaf('yearTask', 'diagnosis.manage'),
  leaf('myYearTask', 'diagnosis.manage'),
  reviewLeaf,
  leaf('warningTask'),
  leaf('myTask'),
  leaf('departmentTask'),
  leaf('departmentCooperativeTask'),
  leaf('myCooperativeTask'),
];
