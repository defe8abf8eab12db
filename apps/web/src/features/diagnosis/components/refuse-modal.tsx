import { Form, Input } from 'antd';
import { notify } from '../../../shared/ui/feedback.tsx';
import { FormModal } from '../../../shared/ui/form-modal.tsx';
import { refusePoints, useRefreshDiagnosis } from '../api.ts';

/** 审核不通过: the reason is required (at most 500 characters). */
export function RefuseModal({
  open,
  ids,
  onClose,
  onDone,
}: {
  open: boolean;
  ids: string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const refresh = useRefreshDiagnosis();
  return (
    <FormModal<{ reason: string }>
      title={`审核不通过（${ids.length}个质控点）`}
      open={open}
      onClose={onClose}
      layout="vertical"
      onSubmit={async ({ reason }) => {
        await refusePoints(ids, reason.trim());
        notify.success('已退回');
        onDone();
        await refresh();
      }}
    >
      <Form.Item
        name="reason"
        label="不通过原因"
        rules={[
          { required: true, whitespace: true, message: '请输入不通过原因' },
          { max: 500, message: '最多只能输入500个字符' },
        ]}
      >
        <Input.TextArea
          rows={4}
          placeholder="请输入不通过原因，最多500个字符"
          count={{ show: true, max: 500 }}
        />
      </Form.Item>
    </FormModal>
  );
}
