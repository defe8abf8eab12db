import {
  DEFAULT_WARNING_DAYS,
  goalsEndpoints as E,
  MAX_WARNING_DAYS,
  TASK_TYPE_LABELS,
  TASK_TYPES,
  type TaskType,
} from '@eduqa/contract';
import { Form, InputNumber } from 'antd';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { type ConditionRow, goalKeys, post } from '../api.ts';

const daysRules = (label: string) => [
  { required: true, message: `请输入${label}` },
  {
    type: 'integer' as const,
    min: 0,
    max: MAX_WARNING_DAYS,
    message: `预警天数应在0到${MAX_WARNING_DAYS}之间的整数`,
  },
];

interface ConditionModalProps {
  open: boolean;
  target: ConditionRow | null;
  onClose: () => void;
}

/** 设置预警条件 of one task type. */
export function ConditionModal({ open, target, onClose }: ConditionModalProps) {
  const act = useAction(goalKeys.all);
  return (
    <FormModal<{ days: number }>
      title={`设置预警条件（${target ? `${target.taskType}类·${TASK_TYPE_LABELS[target.taskType]}` : ''}）`}
      open={open}
      onClose={onClose}
      initialValues={{ days: target?.days ?? DEFAULT_WARNING_DAYS }}
      onSubmit={async (values) => {
        if (!target) return;
        const ok = await act(
          () => post(E.warningConditionInsert, { taskType: target.taskType, days: values.days }),
          '预警条件已保存',
        );
        if (!ok) throw new Error('refused');
      }}
    >
      <Form.Item name="days" label="结束前天数" rules={daysRules('预警天数')}>
        <InputNumber min={0} max={MAX_WARNING_DAYS} precision={0} addonAfter="天" style={{ width: 200 }} />
      </Form.Item>
    </FormModal>
  );
}

interface BatchConditionModalProps {
  open: boolean;
  conditions: ConditionRow[];
  onClose: () => void;
}

/** 批量设置预警条件: every task type at once, starting from the current conditions. */
export function BatchConditionModal({ open, conditions, onClose }: BatchConditionModalProps) {
  const act = useAction(goalKeys.all);
  return (
    <FormModal<Record<TaskType, number>>
      title="批量设置预警条件"
      open={open}
      onClose={onClose}
      initialValues={Object.fromEntries(conditions.map((c) => [c.taskType, c.days]))}
      labelCol={{ span: 8 }}
      onSubmit={async (values) => {
        const list = TASK_TYPES.map((t) => ({ taskType: t, days: values[t] }));
        const ok = await act(() => post(E.warningConditionBatch, { list }), '预警条件已批量保存');
        if (!ok) throw new Error('refused');
      }}
    >
      {TASK_TYPES.map((t) => (
        <Form.Item key={t} name={t} label={`${t}类·${TASK_TYPE_LABELS[t]}`} rules={daysRules('预警天数')}>
          <InputNumber min={0} max={MAX_WARNING_DAYS} precision={0} addonAfter="天" style={{ width: 200 }} />
        </Form.Item>
      ))}
    </FormModal>
  );
}
