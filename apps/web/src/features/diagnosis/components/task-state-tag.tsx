import { TASK_STATE_LABELS, type TaskState } from '@eduqa/contract';
import { Tag } from 'antd';

export const TASK_STATE_COLORS: Record<TaskState, string> = {
  normal: 'processing',
  pause: 'warning',
  finished: 'default',
};

export function TaskStateTag({ state }: { state: TaskState }) {
  return <Tag color={TASK_STATE_COLORS[state]}>{TASK_STATE_LABELS[state]}</Tag>;
}
