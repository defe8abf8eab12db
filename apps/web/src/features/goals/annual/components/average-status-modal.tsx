import {
  AVERAGE_STATUS_LABELS,
  AVERAGE_STATUS_TRANSITIONS,
  type AverageStatus,
  annualEndpoints as E,
} from '@eduqa/contract';
import { Form, InputNumber, Select } from 'antd';
import { useAction } from '../../../../shared/api/use-action.ts';
import { FormModal } from '../../../../shared/ui/form-modal.tsx';
import { goalKeys } from '../../api.ts';
import { type AverageRow, annualKeys, post } from '../api.ts';

interface Values {
  status: AverageStatus;
  actualValue?: number;
}

/** updateTaskStauts: the next status of an average-level target; finishing asks for the actual value. */
export function AverageStatusModal({ target, onClose }: { target: AverageRow | null; onClose: () => void }) {
  const act = useAction(annualKeys.all, goalKeys.all);
  const choices = target ? AVERAGE_STATUS_TRANSITIONS[target.status] : [];
  return (
    <FormModal<Values>
      title={target ? `修改状态（${target.name}）` : '修改状态'}
      open={target !== null}
      onClose={onClose}
      initialValues={{ status: choices[0], actualValue: target?.actualValue ?? undefined }}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 17 }}
      onSubmit={async (values) => {
        if (!target) return;
        const done = await act(
          () =>
            post(E.averageTargetStatus, {
              id: target.id,
              status: values.status,
              ...(values.actualValue === undefined || values.actualValue === null
                ? {}
                : { actualValue: values.actualValue }),
            }),
          `已改为“${AVERAGE_STATUS_LABELS[values.status]}”`,
        );
        if (!done) throw new Error('refused');
      }}
    >
      <Form.Item name="status" label="状态" rules={[{ required: true, message: '请选择状态' }]}>
        <Select options={choices.map((value) => ({ value, label: AVERAGE_STATUS_LABELS[value] }))} />
      </Form.Item>
      <Form.Item noStyle dependencies={['status']}>
        {({ getFieldValue }) => (
          <Form.Item
            name="actualValue"
            label="实际值"
            rules={[{ required: getFieldValue('status') === 'finished', message: '完成目标时请填写实际值' }]}
          >
            <InputNumber style={{ width: '100%' }} placeholder="本年度达到的实际值" />
          </Form.Item>
        )}
      </Form.Item>
    </FormModal>
  );
}
