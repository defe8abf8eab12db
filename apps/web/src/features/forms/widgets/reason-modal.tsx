import { Form, Input } from 'antd';
import { FormModal } from '../../../shared/ui/form-modal.tsx';

/** 退回: asks the reason (required), which the filler reads above the form. */
export function ReasonModal({
  title,
  open,
  onClose,
  onSubmit,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  /** Resolves true when the rollback was accepted. */
  onSubmit: (reason: string) => Promise<boolean>;
}) {
  return (
    <FormModal<{ reason: string }>
      title={title}
      open={open}
      onClose={onClose}
      layout="vertical"
      onSubmit={async ({ reason }) => {
        if (!(await onSubmit(reason.trim()))) throw new Error('refused');
      }}
    >
      <Form.Item
        name="reason"
        label="退回原因"
        rules={[{ required: true, whitespace: true, message: '请填写退回原因' }]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="说明需要修改的内容" />
      </Form.Item>
    </FormModal>
  );
}
