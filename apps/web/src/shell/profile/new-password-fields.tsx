import { PASSWORD_MAX } from '@eduqa/contract';
import { Form, Input } from 'antd';
import { problemRule } from '../../shared/ui/problem-rule.ts';
import { confirmPasswordProblem, newPasswordProblem } from './password-rules.ts';

/** The values the pair writes into its form. */
export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

// Each rule reads the other field; `dependencies` re-runs it when that one changes.
const newPasswordRule = problemRule((value, form) =>
  newPasswordProblem(value, form.getFieldValue('confirmPassword')),
);
const confirmPasswordRule = problemRule((value, form) =>
  confirmPasswordProblem(value, form.getFieldValue('newPassword')),
);

/**
 * 新密码 and 确认新密码 with the messages of spec 2 §5, for changing one's own password and for an
 * administrator's reset alike.
 */
export function NewPasswordFields() {
  return (
    <>
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
        <Input.Password placeholder="请再次输入新密码" maxLength={PASSWORD_MAX} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
