import type { TaskPageType } from '@eduqa/contract';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { ObjectTaskPage } from './object-task-page.tsx';
import { TaskListPage } from './task-list-page.tsx';
import { TaskObjectsPage } from './task-objects-page.tsx';
import { WarningCentrePage } from './warning-centre-page.tsx';

const pages = new Map<TaskPageType, ComponentType>();

/**
 * The page of one page type with its own routes: the list (tasks, or the warning centre for
 * 预警任务), `task/:taskId` (a task's objects) and `obj/:objectTaskId` (an object task's points).
 * One component per type, made once, so the lazy loader's cache and React keep it stable.
 */
export function pageOfType(pageType: TaskPageType): ComponentType {
  const known = pages.get(pageType);
  if (known) return known;
  function DiagnosisArea() {
    return (
      <Routes>
        <Route
          index
          element={pageType === 'warningTask' ? <WarningCentrePage /> : <TaskListPage pageType={pageType} />}
        />
        <Route path="task/:taskId" element={<TaskObjectsPage />} />
        <Route path="obj/:objectTaskId" element={<ObjectTaskPage />} />
      </Routes>
    );
  }
  pages.set(pageType, DiagnosisArea);
  return DiagnosisArea;
}
