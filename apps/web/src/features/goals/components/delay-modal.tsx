import { goalsEndpoints as E, GOAL_TEXT_MAX } from '@eduqa/contract';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useAction } from '../../../shared/api/use-action.ts';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { goalKeys, type NodeRow, post, type UploadedGoalFile } from '../api.ts';
import { GoalFileUpload } from './goal-file-upload.tsx';

interface DelayValues {
  requestedEndDate: Dayjs;
  reason: string;
  files?: UploadedGoalFile[];
}

/** 申请延期: a later end date for an executing node, with the reason; the task's creator decides. */
export function DelayModal({
  open,
  node,
  onClose,
}: {
  open: boolean;
  node: NodeRow | null;
  onClose: () => void;
}) {
  const act = useAction(goalKeys.all);
  const submit = async (values: DelayValues) => {
    if (!node) return;
    const ok = await act(
      () =>
        post(E.delayInsert, {
          nodeId: node.id,
          requestedEndDate: values.requestedEndDate.format('YYYY-MM-DD'),
          reason: values.reason.trim(),
          fileIds: (values.files ?? []).map((f) => f.fileId),
        }),
      '延期申请已提交',
    );
    if (!ok) throw new Error('refused');
  };
  return (
    <FormModal<DelayValues>
      title={`申请延期（${node?.name ?? ''}）`}
      open={open}
      onClose={onClose}
      onSubmit={submit}
      labelCol={{ span: 7 }}
      wrapperCol={{ span: 16 }}
      intro={<p style={{ margin: '16px 0' }}>当前结束日期：{node?.endDate}</p>}
    >
      <Form.Item
        name="requestedEndDate"
        label="延期后结束日期"
        rules={[
          { required: true, message: '请选择延期后结束日期' },
          {
            validator: (_, value?: Dayjs) =>
              value && node && !value.isAfter(dayjs(node.endDate), 'day')
                ? Promise.reject(new Error('延期后的结束日期必须晚于当前结束日期'))
                : Promise.resolve(),
          },
        ]}
      >
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="reason"
        label="延期原因"
        rules={[
          { required: true, whitespace: true, message: '请输入延期原因' },
          { max: GOAL_TEXT_MAX.reason, message: `延期原因最多只能输入${GOAL_TEXT_MAX.reason}个字符` },
        ]}
      >
        <Input.TextArea rows={3} placeholder="请输入延期原因" showCount maxLength={GOAL_TEXT_MAX.reason} />
      </Form.Item>
      <Form.Item name="files" label="附件">
        <GoalFileUpload />
      </Form.Item>
    </FormModal>
  );
}
