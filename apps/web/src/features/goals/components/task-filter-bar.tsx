import {
  GOAL_WARNING_TYPE_LABELS,
  SCHEDULE_STATUS_LABELS,
  SCHEDULE_STATUSES,
  type ScheduleStatus,
  TASK_TYPE_LABELS,
  TASK_TYPES,
  type TaskType,
  type TaskView,
} from '@eduqa/contract';
import { Input, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import type { WarningFilter } from '../task-filters.ts';
import { useGoalUser } from '../use-goal-user.ts';
import { YearTargetSelect } from './year-target-select.tsx';

const TYPE_OPTIONS = TASK_TYPES.map((value) => ({ value, label: `${value}类·${TASK_TYPE_LABELS[value]}` }));
const STATUS_OPTIONS = SCHEDULE_STATUSES.map((value) => ({ value, label: SCHEDULE_STATUS_LABELS[value] }));
const WARNING_OPTIONS: { value: WarningFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'process', label: GOAL_WARNING_TYPE_LABELS.process },
  { value: 'final', label: GOAL_WARNING_TYPE_LABELS.final },
];

/** The task pages' filters and page; a changed filter goes back to the first page. */
export function useTaskFilters(view: TaskView) {
  const { chargeDepartments } = useGoalUser();
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState<TaskType | undefined>();
  const [yearTargetId, setYearTargetId] = useState<string | undefined>();
  const [scheduleStatus, setScheduleStatus] = useState<ScheduleStatus | undefined>();
  const [warning, setWarning] = useState<WarningFilter>('all');
  // Spec 2 §2.7: the department selector starts at the user's first charged department.
  const [departmentId, setDepartmentId] = useState<string | undefined>(
    view === 'department' ? chargeDepartments[0]?.id : undefined,
  );
  const [pageNum, setPageNum] = useState(1);
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPageNum(1);
    };
  return {
    values: { keyword, type, yearTargetId, scheduleStatus, warning, departmentId },
    pageNum,
    setPageNum,
    onKeyword: reset(setKeyword),
    onType: reset<TaskType | undefined>(setType),
    onYearTarget: reset(setYearTargetId),
    onScheduleStatus: reset<ScheduleStatus | undefined>(setScheduleStatus),
    onWarning: reset<WarningFilter>(setWarning),
    onDepartment: reset<string | undefined>(setDepartmentId),
  };
}

export type TaskFilterState = ReturnType<typeof useTaskFilters>;

/** Name, year target, type, (for department tasks) the department and its head, progress and warning. */
export function TaskFilterBar({ view, filters }: { view: TaskView; filters: TaskFilterState }) {
  const { chargeDepartments } = useGoalUser();
  const { yearTargetId, type, departmentId, scheduleStatus, warning } = filters.values;
  const head = chargeDepartments.find((d) => d.id === departmentId);
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        placeholder="请输入任务名称"
        allowClear
        maxLength={60}
        style={{ width: 220 }}
        onSearch={(value) => filters.onKeyword(value.trim())}
      />
      <YearTargetSelect value={yearTargetId} onChange={filters.onYearTarget} />
      <Select
        aria-label="任务类型"
        placeholder="任务类型"
        allowClear
        style={{ width: 120 }}
        options={TYPE_OPTIONS}
        value={type}
        onChange={filters.onType}
      />
      {view === 'department' && chargeDepartments.length > 0 ? (
        <>
          <Select
            aria-label="部门"
            placeholder="部门"
            style={{ width: 160 }}
            value={departmentId}
            onChange={filters.onDepartment}
            options={chargeDepartments.map((d) => ({ value: d.id, label: d.name }))}
          />
          {head ? <Typography.Text type="secondary">负责人：{head.headName}</Typography.Text> : null}
        </>
      ) : null}
      <Select
        aria-label="进度状态"
        placeholder="进度状态"
        allowClear
        style={{ width: 120 }}
        options={STATUS_OPTIONS}
        value={scheduleStatus}
        onChange={filters.onScheduleStatus}
      />
      <Select
        aria-label="预警类型"
        style={{ width: 130 }}
        options={WARNING_OPTIONS}
        value={warning}
        onChange={filters.onWarning}
      />
    </Space>
  );
}
