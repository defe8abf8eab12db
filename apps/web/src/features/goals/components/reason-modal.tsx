import { Form, Input } from 'antd';
import { FormModal } from '../../../shared/ui/form-modal.tsx';

export interface ReasonAsk {
  title: string;
  label: string;
  /** Required answers show '请输入{label}' when empty. */
  required: boolean;
  max: number;
  intro?: string;
  onSubmit: (text: string) => Promise<boolean>;
}

/** A short text before an action: a return reason, a plan, an audit opinion. */
export function ReasonModal({
  ask,
  open,
  onClose,
}: {
  ask: ReasonAsk | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal<{ text?: string }>
      title={ask?.title ?? ''}
      open={open}
      onClose={onClose}
      onSubmit={async (values) => {
        const ok = await ask?.onSubmit(values.text?.trim() ?? '');
        if (!ok) throw new Error('refused');
      }}
      layout="vertical"
      intro={ask?.intro ? <p style={{ margin: '16px 0' }}>{ask.intro}</p> : undefined}
    >
      <Form.Item
        name="text"
        label={ask?.label}
        rules={[
          { required: ask?.required ?? false, whitespace: true, message: `请输入${ask?.label ?? ''}` },
          { max: ask?.max ?? 500, message: `${ask?.label ?? ''}最多只能输入${ask?.max ?? 500}个字符` },
        ]}
      >
        <Input.TextArea
          rows={4}
          showCount
          maxLength={ask?.max ?? 500}
          placeholder={`请输入${ask?.label ?? ''}`}
        />
      </Form.Item>
    </FormModal>
  );
}
