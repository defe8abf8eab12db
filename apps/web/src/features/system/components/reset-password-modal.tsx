import { orgEndpoints, PASSWORD_MAX, type UserWire } from '@eduqa/contract';
import { Form, type FormRule, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { passwordProblem } from '../user-form.ts';
import { MODAL_WIDTH } from './modal-width.ts';

interface ResetValues {
  password: string;
  confirm: string;
}

const passwordRule: FormRule = {
  validator: (_, value: string | undefined) => {
    const problem = passwordProblem(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};
const confirmRule: FormRule = ({ getFieldValue }) => ({
  validator: (_, value: string | undefined) => {
    if (!value) return Promise.reject(new Error('请再次输入新密码'));
    return value === getFieldValue('password')
      ? Promise.resolve()
      : Promise.reject(new Error('两次输入的密码不一致'));
  },
});

/** 重置密码: the user's open sessions end and they sign in with the new password. */
export function ResetPasswordModal({
  open,
  user,
  onClose,
}: {
  open: boolean;
  user: UserWire | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ResetValues>();
  const [isSaving, setSaving] = useState(false);

  const submit = async () => {
    if (!user) return;
    let values: ResetValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await call(orgEndpoints.adminResetPassword, {
        params: { id: user.userId },
        body: { password: values.password },
        json: true,
      });
    } catch {
      return;
    } finally {
      setSaving(false);
    }
    notify.success(`已重置「${user.userName}」的密码`);
    onClose();
  };

  return (
    <Modal
      title="重置密码"
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
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        为用户「{user?.userName}（{user?.account}
        ）」设置新密码。重置后该用户已登录的会话将全部失效，需使用新密码重新登录。
      </Typography.Paragraph>
      <Form<ResetValues>
        name="resetPassword"
        form={form}
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 16 }}
        disabled={isSaving}
      >
        <Form.Item name="password" label="新密码" required rules={[passwordRule]}>
          <Input.Password placeholder="请输入新密码" maxLength={PASSWORD_MAX} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          required
          dependencies={['password']}
          rules={[confirmRule]}
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
