import { MESSAGES, orgEndpoints, PASSWORD_MAX } from '@eduqa/contract';
import { Form, type FormInstance, Input } from 'antd';
import type { ReactNode } from 'react';
import { ApiError, call } from '../../shared/api/client.ts';
import { notify } from '../../shared/ui/feedback.tsx';
import { FormModal } from '../../shared/ui/form-modal.tsx';
import { problemRule } from '../../shared/ui/problem-rule.ts';
import { clearSession } from '../session/index.ts';
import { NewPasswordFields, type NewPasswordValues } from './new-password-fields.tsx';
import { oldPasswordProblem } from './password-rules.ts';

interface PasswordValues extends NewPasswordValues {
  oldPassword: string;
}

const oldPasswordRule = problemRule(oldPasswordProblem);

/** A wrong old password belongs under its field; anything else is a toast. */
function showFailure(error: unknown, form: FormInstance<PasswordValues>) {
  const message = error instanceof Error ? error.message : '密码修改失败';
  if (message === MESSAGES.wrongOldPassword) {
    form.setFields([{ name: 'oldPassword', errors: [message] }]);
  } else if (
    !(error instanceof ApiError && (error.kind === 'sessionExpired' || error.kind === 'notSignedIn'))
  ) {
    // The client already handles a session that has ended (dialog or redirect).
    notify.error(message);
  }
}

async function changePassword(values: PasswordValues, form: FormInstance<PasswordValues>) {
  try {
    await call(orgEndpoints.updatePassword, {
      body: { oldPassword: values.oldPassword, newPassword: values.newPassword },
      silent: true,
    });
  } catch (error) {
    showFailure(error, form);
    throw error;
  }
  notify.success('密码修改成功，请重新登录');
  clearSession();
  window.location.hash = '#/login';
}

interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
  /** The password was set by an administrator: the dialog cannot be closed, only completed. */
  forced?: boolean;
  /** Shown above the fields, e.g. why the change is due. */
  intro?: ReactNode;
}

/**
 * 修改密码 (spec 2 §2.11, §5). The server ends every session of the user on success, so the local
 * session is cleared and the user signs in again with the new password.
 */
export function ChangePasswordModal({ open, onClose, forced = false, intro }: ChangePasswordModalProps) {
  return (
    <FormModal<PasswordValues>
      title="修改密码"
      closable={!forced}
      intro={intro}
      open={open}
      onClose={onClose}
      onSubmit={changePassword}
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
    >
      <Form.Item name="oldPassword" label="旧密码" required rules={[oldPasswordRule]}>
        <Input.Password placeholder="请输入旧密码" maxLength={PASSWORD_MAX} autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields />
    </FormModal>
  );
}
