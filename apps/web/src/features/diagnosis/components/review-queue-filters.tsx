import { OBJECT_LEVEL_LABELS, OBJECT_LEVELS, type ObjectLevel } from '@eduqa/contract';
import { Input, Select, Space } from 'antd';
import { useDepartments } from '../../org/index.ts';
import { useTasks } from '../api.ts';

const LEVEL_OPTIONS = OBJECT_LEVELS.map((value) => ({ value, label: OBJECT_LEVEL_LABELS[value] }));
/** The task choices: the latest tasks, enough for a school's diagnosis years. */
const TASK_CHOICES = { pageType: 'yearTask', pageNum: 1, pageSize: 200 } as const;

export interface ReviewQueueFilter {
  taskId?: string | undefined;
  level?: ObjectLevel | undefined;
  departmentId?: string | undefined;
  keyword?: string | undefined;
}

/** Task, level, department and a keyword (task, object or charger) for the review queue. */
export function ReviewQueueFilters({ onChange }: { onChange: (patch: ReviewQueueFilter) => void }) {
  const tasks = useTasks(TASK_CHOICES);
  const departments = useDepartments();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        placeholder="任务、对象或负责人"
        aria-label="关键字"
        allowClear
        maxLength={60}
        style={{ width: 220 }}
        onSearch={(value) => onChange({ keyword: value.trim() || undefined })}
      />
      <Select
        aria-label="诊断任务"
        placeholder="诊断任务"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 240 }}
        loading={tasks.isLoading}
        options={(tasks.data?.records ?? []).map((t) => ({ value: t.id, label: t.name }))}
        onChange={(taskId?: string) => onChange({ taskId })}
      />
      <Select
        aria-label="诊断层级"
        placeholder="诊断层级"
        allowClear
        style={{ width: 120 }}
        options={LEVEL_OPTIONS}
        onChange={(level?: ObjectLevel) => onChange({ level })}
      />
      <Select
        aria-label="所属部门"
        placeholder="所属部门"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 200 }}
        loading={departments.isLoading}
        options={(departments.data?.rows ?? []).map((d) => ({
          value: d.departmentId,
          label: d.departmentName,
        }))}
        onChange={(departmentId?: string) => onChange({ departmentId })}
      />
    </Space>
  );
}
