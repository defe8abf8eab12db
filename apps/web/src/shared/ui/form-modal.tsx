import { Form, type FormInstance, type FormProps, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

/** Spec 1 §9: form dialogs are 508 px wide. */
export const MODAL_WIDTH = 508;

type LayoutProps<Values> = Pick<
  FormProps<Values>,
  'name' | 'initialValues' | 'layout' | 'labelCol' | 'wrapperCol'
>;

interface FormModalProps<Values> extends LayoutProps<Values> {
  title: string;
  open: boolean;
  onClose: () => void;
  /**
   * Saves the checked values; the dialog closes when it resolves. A rejection keeps the dialog open
   * for a correction: the api client has already shown the server's message, or, for a silent call,
   * `onSubmit` has put it under its field through `form`.
   */
  onSubmit: (values: Values, form: FormInstance<Values>) => Promise<void>;
  /** Text above the form, e.g. what the action will do. */
  intro?: ReactNode;
  /** False for a dialog that must be completed: no 取消, no close button, Esc does nothing. */
  closable?: boolean;
  children: ReactNode;
}

/**
 * A form dialog: 确定 checks the fields and submits, the form is locked while saving, and 取消 or the
 * close button do nothing until the answer has come. Each opening starts from `initialValues`: the
 * form is destroyed when the dialog hides, so nothing typed last time (a password above all) stays.
 */
export function FormModal<Values>({
  title,
  open,
  onClose,
  onSubmit,
  intro,
  closable = true,
  children,
  ...layout
}: FormModalProps<Values>) {
  const [form] = Form.useForm<Values>();
  const [isSubmitting, setSubmitting] = useState(false);

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit(values, form);
    } catch {
      return;
    } finally {
      setSubmitting(false);
    }
    onClose();
  };

  return (
    <Modal
      title={title}
      open={open}
      width={MODAL_WIDTH}
      okText="确定"
      cancelText="取消"
      confirmLoading={isSubmitting}
      onOk={() => void submit()}
      onCancel={() => {
        if (!isSubmitting && closable) onClose();
      }}
      closable={closable}
      keyboard={closable}
      cancelButtonProps={closable ? undefined : { style: { display: 'none' } }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {intro}
      <Form<Values>
        form={form}
        {...layout}
        disabled={isSubmitting}
        clearOnDestroy
        style={intro ? undefined : { marginTop: 24 }}
      >
        {children}
      </Form>
    </Modal>
  );
}
