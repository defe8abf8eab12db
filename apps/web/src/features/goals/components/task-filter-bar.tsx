import {
  GOAL_TASK_TODOS,
  GOAL_WARNING_TYPE_LABELS,
  GOAL_WARNING_TYPES,
  type GoalTaskTodo,
  SCHEDULE_STATUS_LABELS,
  SCHEDULE_STATUSES,
  type ScheduleStatus,
  TASK_TYPE_LABELS,
  TASK_TYPES,
  type TaskType,
  type TaskView,
  TODO_KIND_LABELS,
} from '@eduqa/contract';
import { Input, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import {
  type FilterParsers,
  idParam,
  oneOf,
  textParam,
  useUrlFilters,
} from '../../../shared/routing/use-url-filters.ts';
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

interface TaskFilters {
  keyword: string | undefined;
  type: TaskType | undefined;
  yearTargetId: string | undefined;
  scheduleStatus: ScheduleStatus | undefined;
  warning: WarningFilter;
  departmentId: string | undefined;
  /** A home page to-do: only the tasks holding one (the server's goal-todos.ts). */
  todo: GoalTaskTodo | undefined;
}
const TASK_FILTERS: FilterParsers<TaskFilters> = {
  keyword: textParam(),
  type: oneOf(TASK_TYPES),
  yearTargetId: idParam,
  scheduleStatus: oneOf(SCHEDULE_STATUSES),
  warning: oneOf(['all', ...GOAL_WARNING_TYPES]),
  departmentId: idParam,
  todo: oneOf(GOAL_TASK_TODOS),
};

/** The task pages' filters, kept in the address, and the page; a changed filter goes back to the first page. */
export function useTaskFilters(view: TaskView) {
  const { chargeDepartments } = useGoalUser();
  const [values, setValues] = useUrlFilters(TASK_FILTERS, {
    keyword: undefined,
    type: undefined,
    yearTargetId: undefined,
    scheduleStatus: undefined,
    warning: 'all',
    // Spec 2 §2.7: the department selector starts at the user's first charged department.
    departmentId: view === 'department' ? chargeDepartments[0]?.id : undefined,
    todo: undefined,
  });
  const [pageNum, setPageNum] = useState(1);
  const reset =
    <K extends keyof TaskFilters>(key: K) =>
    (value: TaskFilters[K]) => {
      setValues({ [key]: value } as Partial<TaskFilters>);
      setPageNum(1);
    };
  return {
    values,
    pageNum,
    setPageNum,
    onKeyword: (value: string) => reset('keyword')(value || undefined),
    onType: reset('type'),
    onYearTarget: reset('yearTargetId'),
    onScheduleStatus: reset('scheduleStatus'),
    onWarning: reset('warning'),
    onDepartment: reset('departmentId'),
    onTodo: reset('todo'),
  };
}

export type TaskFilterState = ReturnType<typeof useTaskFilters>;

/** Name, year target, type, (for department tasks) the department and its head, progress and warning. */
export function TaskFilterBar({ view, filters }: { view: TaskView; filters: TaskFilterState }) {
  const { chargeDepartments } = useGoalUser();
  const { yearTargetId, type, departmentId, scheduleStatus, warning, todo } = filters.values;
  const head = chargeDepartments.find((d) => d.id === departmentId);
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {todo ? (
        <Tag closable color="blue" onClose={() => filters.onTodo(undefined)}>
          {`待办：${TODO_KIND_LABELS[todo]}`}
        </Tag>
      ) : null}
      <Input.Search
        placeholder="请输入任务名称"
        allowClear
        defaultValue={filters.values.keyword}
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
