import {
  SSO_CAS_CALLBACK_PATH,
  SSO_MODE_LABELS,
  SSO_MODES,
  SSO_OIDC_CALLBACK_PATH,
  SSO_SECRET_MASK,
  type SsoSettings,
} from '@eduqa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Radio, Select, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { saveSsoSettings, systemKeys, useRoleOptions, useSsoSettings } from '../api.ts';

/** This site's own callback addresses, offered when the administrator has not typed any yet. */
const ownUrl = (path: string) => `${window.location.origin}${path}`;

/**
 * 统一身份认证 (central sign-in): off, CAS 3.0 or OpenID Connect. The client secret is never shown: the
 * server answers a mask, and sending the mask back keeps the stored secret.
 */
function SsoForm({ initial }: { initial: SsoSettings }) {
  const [form] = Form.useForm<SsoSettings>();
  const [isSaving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const roles = useRoleOptions();
  const mode = Form.useWatch('mode', form) ?? initial.mode;
  const autoCreate = Form.useWatch('autoCreate', form) ?? initial.autoCreate;

  const submit = async () => {
    // The whole store: fields of the other mode are hidden (unmounted) but keep their values.
    const values: SsoSettings = { ...initial, ...form.getFieldsValue(true) };
    setSaving(true);
    try {
      const saved = await saveSsoSettings({ ...values, defaultRoleId: values.defaultRoleId ?? null });
      queryClient.setQueryData(systemKeys.sso, saved);
      form.setFieldsValue(saved);
      notify.success('统一身份认证设置已保存');
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<SsoSettings>
      name="ssoSettingsForm"
      form={form}
      layout="vertical"
      initialValues={{
        ...initial,
        casServiceUrl: initial.casServiceUrl || ownUrl(SSO_CAS_CALLBACK_PATH),
        oidcRedirectUri: initial.oidcRedirectUri || ownUrl(SSO_OIDC_CALLBACK_PATH),
      }}
      onFinish={() => void submit()}
      disabled={isSaving}
      style={{ maxWidth: 640 }}
    >
      <Form.Item name="mode" label="登录方式">
        <Radio.Group options={SSO_MODES.map((value) => ({ value, label: SSO_MODE_LABELS[value] }))} />
      </Form.Item>
      {mode !== 'none' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="启用后，打开本系统时将转到统一身份认证登录；管理员仍可通过 #/login?local=1 使用账号密码登录。"
        />
      ) : null}
      {mode === 'cas' ? (
        <>
          <Form.Item
            name="casServerUrl"
            label="CAS 服务地址"
            rules={[{ required: true, message: '请输入CAS 服务地址' }]}
          >
            <Input placeholder="例如 https://cas.example.edu.cn/cas" />
          </Form.Item>
          <Form.Item
            name="casServiceUrl"
            label="CAS 回调地址（service）"
            extra={`本系统接收票据的地址，须以 ${SSO_CAS_CALLBACK_PATH} 结尾`}
            rules={[{ required: true, message: '请输入CAS 回调地址' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="casAccountAttribute"
            label="账号属性"
            extra="留空表示使用 cas:user；也可填 cas:attributes 中的属性名"
          >
            <Input placeholder="user" />
          </Form.Item>
        </>
      ) : null}
      {mode === 'oidc' ? (
        <>
          <Form.Item
            name="oidcIssuer"
            label="颁发者（issuer）"
            rules={[{ required: true, message: '请输入颁发者地址' }]}
          >
            <Input placeholder="例如 https://idp.example.edu.cn" />
          </Form.Item>
          <Form.Item
            name="oidcClientId"
            label="客户端编号（client_id）"
            rules={[{ required: true, message: '请输入客户端编号' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="oidcClientSecret"
            label="客户端密钥（client_secret）"
            extra={
              initial.oidcClientSecret === SSO_SECRET_MASK ? '已设置；不修改请保留掩码' : '公开客户端可留空'
            }
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="oidcRedirectUri"
            label="回调地址（redirect_uri）"
            extra={`须在认证服务登记，并以 ${SSO_OIDC_CALLBACK_PATH} 结尾`}
            rules={[{ required: true, message: '请输入回调地址' }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="oidcScopes" label="scope">
            <Input placeholder="openid profile" />
          </Form.Item>
          <Form.Item name="oidcAccountClaim" label="作为账号的声明（claim）">
            <Input placeholder="preferred_username" />
          </Form.Item>
        </>
      ) : null}
      {mode !== 'none' ? (
        <>
          <Form.Item name="autoCreate" label="本系统没有的账号" valuePropName="checked">
            <Switch checkedChildren="自动创建" unCheckedChildren="拒绝登录" />
          </Form.Item>
          {autoCreate ? (
            <Form.Item
              name="defaultRoleId"
              label="自动创建账号的默认角色"
              rules={[{ required: true, message: '请选择默认角色' }]}
            >
              <Select
                loading={roles.isLoading}
                options={(roles.data ?? []).map((role) => ({ value: role.roleId, label: role.roleName }))}
                placeholder="请选择角色"
              />
            </Form.Item>
          ) : null}
        </>
      ) : null}
      <Button type="primary" htmlType="submit" loading={isSaving}>
        保存统一身份认证设置
      </Button>
    </Form>
  );
}

export function SsoSettingsCard() {
  const { data, isLoading } = useSsoSettings();
  return isLoading || !data ? <Skeleton active paragraph={{ rows: 2 }} /> : <SsoForm initial={data} />;
}
