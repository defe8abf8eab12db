import { EMAIL_RE, MESSAGES, PHONE_RE, QQ_RE, TEXT_LIMITS } from '@eduqa/contract';
import { Form, type FormInstance, Input } from 'antd';
import { problemRule } from '../../shared/ui/problem-rule.ts';
import { type ContactValues, isValidContact } from './profile-form.ts';

const contactRule = (pattern: RegExp, message: string) =>
  problemRule((value) => (isValidContact(value, pattern) ? null : message));

const RULES = {
  email: [contactRule(EMAIL_RE, MESSAGES.email)],
  phone: [contactRule(PHONE_RE, MESSAGES.phone)],
  qq: [contactRule(QQ_RE, MESSAGES.qq)],
};

/** The department (read only) and the contact fields, each checked only when filled. */
export function ProfileContactForm({
  form,
  initial,
  departmentName,
  isSaving,
}: {
  form: FormInstance<ContactValues>;
  initial: ContactValues;
  departmentName: string | null | undefined;
  isSaving: boolean;
}) {
  return (
    <Form<ContactValues>
      form={form}
      labelCol={{ span: 5 }}
      wrapperCol={{ span: 17 }}
      initialValues={{ email: initial.email, phone: initial.phone, qq: initial.qq }}
      disabled={isSaving}
    >
      <Form.Item label="部门">
        <Input value={departmentName ?? '—'} disabled aria-label="部门" />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={RULES.email}>
        <Input placeholder="请输入邮箱" maxLength={TEXT_LIMITS.default} allowClear />
      </Form.Item>
      <Form.Item name="phone" label="联系电话" rules={RULES.phone}>
        <Input placeholder="请输入联系电话" maxLength={TEXT_LIMITS.default} allowClear />
      </Form.Item>
      <Form.Item name="qq" label="QQ" rules={RULES.qq}>
        <Input placeholder="请输入QQ" maxLength={TEXT_LIMITS.default} allowClear />
      </Form.Item>
    </Form>
  );
}
