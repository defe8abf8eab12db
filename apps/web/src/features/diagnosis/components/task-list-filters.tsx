import {
  OBJECT_LEVEL_LABELS,
  OBJECT_LEVELS,
  type ObjectLevel,
  TASK_STATE_LABELS,
  TASK_STATES,
  type TaskState,
} from '@eduqa/contract';
import { Button, Input, Popconfirm, Select, Space } from 'antd';
import type { RunAction } from '../../../shared/api/use-action.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { closeOutdatedTasks } from '../api.ts';

const LEVEL_OPTIONS = OBJECT_LEVELS.map((value) => ({ value, label: OBJECT_LEVEL_LABELS[value] }));
const STATE_OPTIONS = TASK_STATES.map((value) => ({ value, label: TASK_STATE_LABELS[value] }));

interface TaskListFiltersProps {
  level: ObjectLevel | undefined;
  state: TaskState | undefined;
  /** Tasks by state, shown in the state options; absent for those who do not manage tasks. */
  counts: Record<TaskState, number> | undefined;
  canManage: boolean;
  act: RunAction;
  /** The keyword the list opens with (from the address). */
  keyword?: string | undefined;
  onKeyword: (keyword: string) => void;
  onLevel: (level?: ObjectLevel) => void;
  onState: (state?: TaskState) => void;
}

/** Name, level and state filters; the publisher also ends every outdated task from here. */
export function TaskListFilters(p: TaskListFiltersProps) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        placeholder="请输入任务名称"
        allowClear
        defaultValue={p.keyword}
        maxLength={60}
        style={{ width: 240 }}
        onSearch={(value) => p.onKeyword(value.trim())}
      />
      <Select
        aria-label="诊断层级"
        placeholder="诊断层级"
        allowClear
        style={{ width: 120 }}
        options={LEVEL_OPTIONS}
        value={p.level}
        onChange={(value?: ObjectLevel) => p.onLevel(value)}
      />
      <Select
        aria-label="任务状态"
        placeholder="任务状态"
        allowClear
        style={{ width: 120 }}
        options={STATE_OPTIONS.map((o) => ({
          ...o,
          label: p.counts ? `${o.label}（${p.counts[o.value]}）` : o.label,
        }))}
        value={p.state}
        onChange={(value?: TaskState) => p.onState(value)}
      />
      {p.canManage ? (
        <Popconfirm
          title="确定结束所有已过期的任务吗？"
          description="结束日期早于今天且未结束的任务将被结束。"
          okText="结束"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={async () => {
            await p.act(async () => {
              const { closed } = await closeOutdatedTasks();
              notify.success(`已结束${closed}个过期任务`);
            });
          }}
        >
          <Button>结束过期任务</Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
