import {
  REPORT_SCOPE_LABELS,
  REPORT_SCOPES,
  REPORT_STATE_LABELS,
  REPORT_STATES,
  type ReportScope,
  type ReportState,
} from '@eduqa/contract';
import { Button, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { YearTargetSelect } from '../components/year-target-select.tsx';

/** The report list's filters and page; a changed filter goes back to the first page. */
export function useReportFilters() {
  const [keyword, setKeyword] = useState<string | undefined>();
  const [yearTargetId, setYearTargetId] = useState<string | undefined>();
  const [scope, setScope] = useState<ReportScope | undefined>();
  const [state, setState] = useState<ReportState | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPageNum(1);
    };
  return {
    values: { keyword, yearTargetId, scope, state },
    pageNum,
    setPageNum,
    onKeyword: filter(setKeyword),
    onYearTarget: filter(setYearTargetId),
    onScope: filter(setScope),
    onState: filter(setState),
  };
}

export type ReportFilterState = ReturnType<typeof useReportFilters>;

/** The bar above the report list: name, year target, scope, state and 刷新. */
export function ReportFilters({ filters, onRefresh }: { filters: ReportFilterState; onRefresh: () => void }) {
  const { yearTargetId, scope, state } = filters.values;
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        aria-label="名称"
        placeholder="年度目标或任务名称"
        allowClear
        style={{ width: 240 }}
        onSearch={(value) => filters.onKeyword(value.trim() || undefined)}
      />
      <YearTargetSelect value={yearTargetId} onChange={filters.onYearTarget} />
      <Select<ReportScope>
        aria-label="报告对象"
        placeholder="报告对象"
        allowClear
        style={{ width: 140 }}
        value={scope}
        onChange={filters.onScope}
        options={REPORT_SCOPES.map((value) => ({ value, label: REPORT_SCOPE_LABELS[value] }))}
      />
      <Select<ReportState>
        aria-label="报告状态"
        placeholder="报告状态"
        allowClear
        style={{ width: 120 }}
        value={state}
        onChange={filters.onState}
        options={REPORT_STATES.map((value) => ({ value, label: REPORT_STATE_LABELS[value] }))}
      />
      <Button onClick={onRefresh}>刷新</Button>
    </Space>
  );
}
