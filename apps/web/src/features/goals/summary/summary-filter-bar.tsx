import {
  ANALYSIS_WARNING_FILTER_LABELS,
  ANALYSIS_WARNING_FILTERS,
  type AnalysisWarningFilter,
  TASK_TYPE_LABELS,
  TASK_TYPES,
  type TaskType,
} from '@eduqa/contract';
import { Segmented, Select, Space, Typography } from 'antd';
import { type Dispatch, type SetStateAction, useMemo } from 'react';
import { useDepartments } from '../../org/index.ts';
import type { ChargeDepartment } from '../api.ts';
import { useAnalysisYearTargets } from './summary-api.ts';
import {
  type AnalysisFilters,
  departmentOptions,
  headOf,
  shownDepartmentId,
  withYear,
} from './summary-filters.ts';

interface SummaryFilterBarProps {
  filters: AnalysisFilters;
  setFilters: Dispatch<SetStateAction<AnalysisFilters>>;
  chargeDepartments: ChargeDepartment[];
}

/** Year, year target (of that year), task type, warning type and department, with the department's head. */
export function SummaryFilterBar({ filters, setFilters, chargeDepartments }: SummaryFilterBarProps) {
  const set = (patch: Partial<AnalysisFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const yearTargets = useAnalysisYearTargets();
  const targets = yearTargets.data ?? [];
  const years = useMemo(() => [...new Set(targets.map((t) => t.cycleYear))].sort((a, b) => b - a), [targets]);
  const targetYear = (id: string) => targets.find((t) => t.id === id)?.cycleYear;
  return (
    <Space wrap size={[16, 12]}>
      <Space size={4}>
        <span>年度：</span>
        <Select<number>
          aria-label="年度"
          style={{ width: 110 }}
          allowClear
          placeholder="全部"
          value={filters.cycleYear}
          onChange={(value) => setFilters((f) => withYear(f, value, targetYear))}
          options={years.map((y) => ({ value: y, label: `${y}年` }))}
          notFoundContent="暂无数据"
        />
      </Space>
      <Space size={4}>
        <span>年度目标：</span>
        <Select<string>
          aria-label="年度目标"
          style={{ width: 220 }}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部年度目标"
          loading={yearTargets.isLoading}
          value={filters.yearTargetId}
          onChange={(value) => set({ yearTargetId: value })}
          options={targets
            .filter((t) => !filters.cycleYear || t.cycleYear === filters.cycleYear)
            .map((t) => ({ value: t.id, label: `${t.name}（${t.cycleYear}）` }))}
          notFoundContent="暂无数据"
        />
      </Space>
      <Space size={4}>
        <span>任务类型：</span>
        <Select<TaskType>
          aria-label="任务类型"
          style={{ width: 110 }}
          allowClear
          placeholder="全部"
          value={filters.taskType}
          onChange={(value) => set({ taskType: value })}
          options={TASK_TYPES.map((t) => ({ value: t, label: `${t} ${TASK_TYPE_LABELS[t]}` }))}
        />
      </Space>
      <Space size={4}>
        <span>预警类型：</span>
        <Segmented<AnalysisWarningFilter>
          aria-label="预警类型"
          value={filters.warningType}
          onChange={(value) => set({ warningType: value })}
          options={ANALYSIS_WARNING_FILTERS.map((v) => ({
            value: v,
            label: ANALYSIS_WARNING_FILTER_LABELS[v],
          }))}
        />
      </Space>
      <DepartmentFilter
        departmentId={filters.departmentId}
        chargeDepartments={chargeDepartments}
        onChange={(value) => set({ departmentId: value })}
      />
    </Space>
  );
}

interface DepartmentFilterProps {
  departmentId: string | undefined;
  chargeDepartments: ChargeDepartment[];
  onChange: (departmentId: string | undefined) => void;
}

/** 责任部门, and once one is chosen its head (or 未设置). */
function DepartmentFilter({ departmentId, chargeDepartments, onChange }: DepartmentFilterProps) {
  const departments = useDepartments();
  const head = headOf(departmentId, departments.data?.rows ?? [], chargeDepartments);
  const options = departmentOptions(departments.data?.rows ?? [], chargeDepartments);
  const shown = shownDepartmentId(departmentId, options);
  return (
    <Space size={4}>
      <span>责任部门：</span>
      <Select<string>
        aria-label="责任部门"
        style={{ width: 200 }}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={departmentId && !shown ? '加载中…' : '全部部门'}
        loading={departments.isLoading}
        value={shown}
        onChange={onChange}
        options={options}
        notFoundContent="暂无数据"
      />
      {departmentId ? (
        <Typography.Text type="secondary" data-testid="department-head">
          负责人：{head ?? '未设置'}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
