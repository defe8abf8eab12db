import { MESSAGES, orgEndpoints, PASSWORD_MAX } from '@eduqa/contract';
import { Form, type FormRule, Input, Modal } from 'antd';
import { useState } from 'react';
import { ApiError, call } from '../../shared/api/client.ts';
import { notify } from '../../shared/ui/feedback.tsx';
import { clearSession } from '../session/index.ts';
import { confirmPasswordProblem, newPasswordProblem, oldPasswordProblem } from './password-rules.ts';

/** Spec 1 §9: form dialogs are 508 wide. */
const MODAL_WIDTH = 508;

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

function asPromise(problem: string | null): Promise<void> {
  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
}

const oldPasswordRule: FormRule = {
  validator: (_, value: string | undefined) => asPromise(oldPasswordProblem(value)),
};
// Each of the two rules reads the other field; `dependencies` re-runs it when that one changes.
const newPasswordRule: FormRule = ({ getFieldValue }) => ({
  validator: (_, value: string | undefined) =>
    asPromise(newPasswordProblem(value, getFieldValue('confirmPassword'))),
});
const confirmPasswordRule: FormRule = ({ getFieldValue }) => ({
  validator: (_, value: string | undefined) =>
    asPromise(confirmPasswordProblem(value, getFieldValue('newPassword'))),
});

interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 修改密码 (spec 2 §2.11, §5). The server ends every session of the user on success, so the local
 * session is cleared and the user signs in again with the new password.
 */
export function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  const [form] = Form.useForm<PasswordValues>();
  const [isSaving, setSaving] = useState(false);

  const submit = async () => {
    let values: PasswordValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await call(orgEndpoints.updatePassword, {
        body: { oldPassword: values.oldPassword, newPassword: values.newPassword },
        // A wrong old password belongs under its field, not in a toast.
        silent: true,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : '密码修改失败';
      if (message === MESSAGES.wrongOldPassword) {
        form.setFields([{ name: 'oldPassword', errors: [message] }]);
      } else if (
        !(error instanceof ApiError && (error.kind === 'sessionExpired' || error.kind === 'notSignedIn'))
      ) {
        // The client already handles a session that has ended (dialog or redirect).
        notify.error(message);
      }
      return;
    } finally {
      setSaving(false);
    }
    notify.success('密码修改成功，请重新登录');
    onClose();
    clearSession();
    window.location.hash = '#/login';
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      width={MODAL_WIDTH}
      okText="确定"
      cancelText="取消"
      confirmLoading={isSaving}
      onOk={() => void submit()}
      onCancel={() => {
        if (!isSaving) onClose();
      }}
      mask={{ closable: false }}
      // Passwords never linger in the form for the next opening.
      afterClose={() => form.resetFields()}
    >
      <Form<PasswordValues>
        form={form}
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 16 }}
        disabled={isSaving}
        style={{ marginTop: 24 }}
      >
        <Form.Item name="oldPassword" label="旧密码" required rules={[oldPasswordRule]}>
          <Input.Password
            placeholder="请输入旧密码"
            maxLength={PASSWORD_MAX}
            autoComplete="current-password"
          />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label="新密码"
          required
          dependencies={['confirmPassword']}
          rules={[newPasswordRule]}
        >
          <Input.Password placeholder="请输入新密码" maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label="确认新密码"
          required
          dependencies={['newPassword']}
          rules={[confirmPasswordRule]}
        >
          <Input.Password
            placeholder="请再次输入新密码"
            maxLength={PASSWORD_MAX}
            autoComplete="new-password"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
