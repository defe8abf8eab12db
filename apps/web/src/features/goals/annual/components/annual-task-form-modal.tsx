import {
  AVERAGE_DIRECTION_LABELS,
  AVERAGE_DIRECTIONS,
  type AverageDirection,
  annualEndpoints as E,
  GOAL_TEXT_MAX,
} from '@eduqa/contract';
import { Form, Input, InputNumber, Select } from 'antd';
import dayjs from 'dayjs';
import { useAction } from '../../../../shared/api/use-action.ts';
import { TEXT_COLORS } from '../../../../shared/ui/colors.ts';
import { FormModal } from '../../../../shared/ui/form-modal.tsx';
import { goalKeys } from '../../api.ts';
import {
  maxLength,
  newTaskFieldValues,
  TaskFields,
  type TaskFieldValues,
  taskBodyOf,
  taskFieldValuesOf,
} from '../../components/task-fields.tsx';
import { type AnnualTaskRow, type AverageRow, annualKeys, post } from '../api.ts';
import { TargetTypeSelect } from './target-type-select.tsx';

interface Values extends TaskFieldValues {
  name: string;
  targetValue?: string;
  targetTypeId?: string;
  averageValue?: number;
  targetNumber?: number;
  direction?: AverageDirection;
}

const DIRECTION_OPTIONS = AVERAGE_DIRECTIONS.map((value) => ({
  value,
  label: AVERAGE_DIRECTION_LABELS[value],
}));

type AnnualTask =
  | (AnnualTaskRow & Partial<Pick<AverageRow, 'averageValue' | 'targetNumber' | 'direction'>>)
  | null;

interface AnnualTaskFormModalProps {
  open: boolean;
  kind: 'task' | 'average';
  yearTarget: { id: string; name: string; cycleYear: number } | null;
  task: AnnualTask;
  parent?: AnnualTaskRow | null;
  onClose: () => void;
}

/**
 * 新增/编辑年度目标任务 or 平均水平目标: the same goal task, the average-level kind with its numbers
 * (平均水平值, 目标值, direction) instead of a free-text target value.
 */
export function AnnualTaskFormModal({
  open,
  kind,
  yearTarget,
  task,
  parent,
  onClose,
}: AnnualTaskFormModalProps) {
  const isAverage = kind === 'average';
  const year = task?.cycleYear ?? yearTarget?.cycleYear ?? dayjs().year();
  const submit = useSaveAnnualTask({ kind, yearTarget, task, parent });
  const noun = isAverage ? '平均水平目标' : '年度目标任务';
  const title = task ? `编辑${noun}` : parent ? `新增子任务（${parent.name}）` : `新增${noun}`;
  return (
    <FormModal<Values>
      title={title}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      initialValues={initialValuesOf(task, year, parent)}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
      intro={
        yearTarget && !task ? (
          <p style={{ color: TEXT_COLORS.muted, margin: '16px 0' }}>年度目标：{yearTarget.name}</p>
        ) : undefined
      }
    >
      <TargetFields isAverage={isAverage} />
      <TaskFields principal={task ? { value: task.principalId, label: task.principalName } : null} />
    </FormModal>
  );
}

function initialValuesOf(
  task: AnnualTask,
  year: number,
  parent: AnnualTaskRow | null | undefined,
): Partial<Values> {
  return task
    ? {
        ...taskFieldValuesOf(task, task.type),
        name: task.name,
        targetValue: task.targetValue,
        targetTypeId: task.targetTypeId ?? undefined,
        averageValue: task.averageValue,
        targetNumber: task.targetNumber,
        direction: task.direction,
      }
    : { ...newTaskFieldValues(year, parent), direction: '>' };
}

/** Saves the dialog: a year task (or sub-task) or an average-level target; a refusal keeps it open. */
function useSaveAnnualTask({
  kind,
  yearTarget,
  task,
  parent,
}: Omit<AnnualTaskFormModalProps, 'open' | 'onClose'>) {
  const act = useAction(annualKeys.all, goalKeys.all);
  const isAverage = kind === 'average';
  return async (values: Values) => {
    const fields = {
      ...taskBodyOf(values),
      ...(values.targetTypeId ? { targetTypeId: values.targetTypeId } : {}),
    };
    const numbers = {
      averageValue: values.averageValue ?? 0,
      targetNumber: values.targetNumber ?? 0,
      direction: values.direction ?? '>',
    };
    const done = await act(
      async () => {
        if (isAverage) {
          if (task) await post(E.averageTargetUpdate, { ...fields, ...numbers, id: task.id });
          else if (yearTarget)
            await post(E.averageTargetInsert, { ...fields, ...numbers, yearTargetId: yearTarget.id });
        } else if (task) await post(E.yearTaskUpdate, { ...fields, id: task.id });
        else if (yearTarget) {
          await post(E.yearTaskInsert, {
            ...fields,
            yearTargetId: yearTarget.id,
            ...(parent ? { parentId: parent.id } : {}),
          });
        }
      },
      task ? '已保存' : '已新增',
    );
    if (!done) throw new Error('refused');
  };
}

/** The fields of the target itself: name, type, and either the free-text target or the average numbers. */
function TargetFields({ isAverage }: { isAverage: boolean }) {
  return (
    <>
      <Form.Item
        name="name"
        label={isAverage ? '指标名称' : '任务名称'}
        rules={[
          { required: true, whitespace: true, message: isAverage ? '请输入指标名称' : '请输入任务名称' },
          maxLength('名称', GOAL_TEXT_MAX.taskName),
        ]}
      >
        <Input placeholder={isAverage ? '如 生师比、就业率（%）' : '请输入任务名称'} />
      </Form.Item>
      <Form.Item name="targetTypeId" label="目标类型">
        <TargetTypeSelect placeholder="可选" />
      </Form.Item>
      {isAverage ? (
        <>
          <Form.Item
            name="averageValue"
            label="平均水平值"
            rules={[{ required: true, message: '请输入平均水平值' }]}
          >
            <InputNumber style={{ width: '100%' }} placeholder="同类院校或部门的平均水平" />
          </Form.Item>
          <Form.Item
            name="direction"
            label="比较方向"
            rules={[{ required: true, message: '请选择比较方向' }]}
          >
            <Select options={DIRECTION_OPTIONS} />
          </Form.Item>
          <Form.Item name="targetNumber" label="目标值" rules={[{ required: true, message: '请输入目标值' }]}>
            <InputNumber style={{ width: '100%' }} placeholder="本年度目标值" />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="targetValue" label="目标值" rules={[maxLength('目标值', GOAL_TEXT_MAX.targetValue)]}>
          <Input placeholder="如 10项、≥95%、A" />
        </Form.Item>
      )}
    </>
  );
}
