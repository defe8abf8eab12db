import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';

export interface LoginValues {
  username: string;
  password: string;
}

/** 用户名 and 密码; hidden, not removed, while the visitor is sent to central sign-in. */
export function LoginForm({
  isHidden,
  isSubmitting,
  onFinish,
}: {
  isHidden: boolean;
  isSubmitting: boolean;
  onFinish: (values: LoginValues) => Promise<void>;
}) {
  return (
    <Form<LoginValues>
      hidden={isHidden}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      disabled={isSubmitting}
    >
      <Form.Item
        label="用户名"
        name="username"
        rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder="请输入用户名"
          autoComplete="username"
          autoFocus
          size="large"
        />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          autoComplete="current-password"
          size="large"
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={isSubmitting}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
