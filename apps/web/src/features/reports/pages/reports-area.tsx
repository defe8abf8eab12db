import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import type { ReportListView } from '../api.ts';
import { ReportList } from '../components/report-list.tsx';
import { ReportPage } from './report-page.tsx';

const areas = new Map<ReportListView, ComponentType>();

/**
 * A report list with its own route `view/:id` (the report), so a report opens under the list it was
 * found in and 返回 goes back there. One component per list, made once, so the lazy loader's cache and
 * React keep it stable.
 */
export function areaOfView(view: ReportListView): ComponentType {
  const known = areas.get(view);
  if (known) return known;
  function ReportsArea() {
    return (
      <Routes>
        <Route index element={<ReportList view={view} />} />
        <Route path="view/:id" element={<ReportPage />} />
      </Routes>
    );
  }
  areas.set(view, ReportsArea);
  return ReportsArea;
}
