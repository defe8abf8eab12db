import { goalsEndpoints as E, GOAL_TEXT_MAX } from '@eduqa/contract';
import { Form, Input } from 'antd';
import dayjs from 'dayjs';
import { TEXT_COLORS } from '../../../shared/ui/colors.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { post, type TaskRow, useRefreshGoals, type YearTargetRow } from '../api.ts';
import {
  maxLength,
  newTaskFieldValues,
  TaskFields,
  type TaskFieldValues,
  taskBodyOf,
  taskFieldValuesOf,
} from './task-fields.tsx';

interface TaskValues extends TaskFieldValues {
  name: string;
  targetValue?: string;
}

/** 新增/编辑目标任务: a task of a year target for one department, its principal and dates. */
export function TaskFormModal({
  open,
  yearTarget,
  task,
  parent,
  onClose,
}: {
  open: boolean;
  /** The year target a new task decomposes. */
  yearTarget: Pick<YearTargetRow, 'id' | 'name' | 'cycleYear'> | null;
  /** The task edited, or null for a new one. */
  task: TaskRow | null;
  /** A new sub-task goes under this task. */
  parent?: TaskRow | null;
  onClose: () => void;
}) {
  const refresh = useRefreshGoals();
  const year = yearTarget?.cycleYear ?? dayjs().year();
  const initialValues: Partial<TaskValues> = task
    ? { ...taskFieldValuesOf(task, task.type), name: task.name, targetValue: task.targetValue }
    : newTaskFieldValues(year, parent);

  const submit = async (values: TaskValues) => {
    const fields = taskBodyOf(values);
    if (task) await post(E.targetTaskUpdate, { ...fields, id: task.id });
    else if (yearTarget) {
      await post(E.targetTaskInsert, {
        ...fields,
        yearTargetId: yearTarget.id,
        ...(parent ? { parentId: parent.id } : {}),
      });
    }
    notify.success(task ? '任务已修改' : '任务已下发');
    await refresh();
  };

  const title = task ? '编辑目标任务' : parent ? `新增子任务（${parent.name}）` : '新增目标任务';
  return (
    <FormModal<TaskValues>
      title={title}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={initialValues}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
      intro={
        yearTarget && !task ? (
          <p style={{ color: TEXT_COLORS.muted, margin: '16px 0' }}>年度目标：{yearTarget.name}</p>
        ) : undefined
      }
    >
      <Form.Item
        name="name"
        label="任务名称"
        rules={[
          { required: true, whitespace: true, message: '请输入任务名称' },
          maxLength('任务名称', GOAL_TEXT_MAX.taskName),
        ]}
      >
        <Input placeholder="请输入任务名称" />
      </Form.Item>
      <Form.Item name="targetValue" label="目标值" rules={[maxLength('目标值', GOAL_TEXT_MAX.targetValue)]}>
        <Input placeholder="如 10项、≥95%、A" />
      </Form.Item>
      <TaskFields principal={task ? { value: task.principalId, label: task.principalName } : null} />
    </FormModal>
  );
}
