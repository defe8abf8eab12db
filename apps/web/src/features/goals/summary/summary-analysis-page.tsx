import { Card, Space } from 'antd';
import { useState } from 'react';
import { useSession } from '../../../shell/session/index.ts';
import { chargeDepartmentsOf } from '../api.ts';
import { SummaryFilterBar } from './summary-filter-bar.tsx';
import { type AnalysisFilters, initialFilters } from './summary-filters.ts';
import { SummaryCards, SummaryCharts } from './summary-panels.tsx';

/**
 * 汇总分析 of target tasks (spec 1 §7 targetTaskSummaryAnalysis, spec 2 §2.7): filters, statistic cards,
 * the status, department finish rate and rank charts and the department × type grid. The numbers cover
 * only the tasks the caller may read.
 */
export function SummaryAnalysisPage() {
  const { user } = useSession();
  const chargeDepartments = chargeDepartmentsOf(user);
  const [filters, setFilters] = useState<AnalysisFilters>(() => initialFilters(chargeDepartments));
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title="汇总分析" variant="borderless">
        <SummaryFilterBar filters={filters} setFilters={setFilters} chargeDepartments={chargeDepartments} />
      </Card>

      <SummaryCards filters={filters} />

      <SummaryCharts filters={filters} />
    </Space>
  );
}
