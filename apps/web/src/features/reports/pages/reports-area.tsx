import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import type { ReportListView } from '../api.ts';
import { ReportList } from '../components/report-list.tsx';
import { ReportPage } from './report-page.tsx';
import { ReportPrintPage } from './report-print-page.tsx';

const areas = new Map<ReportListView, ComponentType>();

/**
 * A report list with its own routes `view/:id` (the report) and `view/:id/print` (its print view), so a
 * report opens under the list it was found in and 返回 goes back there. One component per list, made once, so the lazy loader's cache and
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
        <Route path="view/:id/print" element={<ReportPrintPage />} />
      </Routes>
    );
  }
  areas.set(view, ReportsArea);
  return ReportsArea;
}
