import {
  REPORT_SCOPE_LABELS,
  REPORT_SCOPES,
  REPORT_STATE_LABELS,
  REPORT_STATES,
  type ReportScope,
  type ReportState,
} from '@eduqa/contract';
import { Button, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import {
  type FilterParsers,
  idParam,
  oneOf,
  textParam,
  useUrlFilters,
} from '../../../shared/routing/use-url-filters.ts';
import { YearTargetSelect } from '../components/year-target-select.tsx';

interface ReportFilterValues {
  keyword: string | undefined;
  yearTargetId: string | undefined;
  scope: ReportScope | undefined;
  state: ReportState | undefined;
  /** Only the submitted reports the caller audits (the home page's 待我审核的目标报告). */
  toAudit: boolean;
}
const PARSERS: FilterParsers<ReportFilterValues> = {
  keyword: textParam(),
  yearTargetId: idParam,
  scope: oneOf(REPORT_SCOPES),
  state: oneOf(REPORT_STATES),
  toAudit: (raw) => (raw === 'true' ? true : undefined),
};
const NONE: ReportFilterValues = {
  keyword: undefined,
  yearTargetId: undefined,
  scope: undefined,
  state: undefined,
  toAudit: false,
};

/** The report list's filters, kept in the address, and page; a changed filter goes back to the first page. */
export function useReportFilters() {
  const [values, setValues] = useUrlFilters(PARSERS, NONE);
  const [pageNum, setPageNum] = useState(1);
  const filter =
    <K extends keyof ReportFilterValues>(key: K) =>
    (value: ReportFilterValues[K]) => {
      setValues({ [key]: value } as Partial<ReportFilterValues>);
      setPageNum(1);
    };
  return {
    values,
    pageNum,
    setPageNum,
    onKeyword: filter('keyword'),
    onYearTarget: filter('yearTargetId'),
    onScope: filter('scope'),
    onState: filter('state'),
    onToAudit: filter('toAudit'),
  };
}

export type ReportFilterState = ReturnType<typeof useReportFilters>;

/** The bar above the report list: name, year target, scope, state and 刷新. */
export function ReportFilters({ filters, onRefresh }: { filters: ReportFilterState; onRefresh: () => void }) {
  const { yearTargetId, scope, state, toAudit } = filters.values;
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {toAudit ? (
        <Tag closable color="blue" onClose={() => filters.onToAudit(false)}>
          待我审核
        </Tag>
      ) : null}
      <Input.Search
        aria-label="名称"
        placeholder="年度目标或任务名称"
        allowClear
        defaultValue={filters.values.keyword}
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
