import {
  SSO_CAS_CALLBACK_PATH,
  SSO_MODE_LABELS,
  SSO_MODES,
  SSO_OIDC_CALLBACK_PATH,
  type SsoSettings,
} from '@eduqa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Radio, Skeleton } from 'antd';
import { useState } from 'react';
import { notify } from '../../../shared/ui/feedback.tsx';
import { saveSsoSettings, systemKeys, useRoleOptions, useSsoSettings } from '../api.ts';
import { CasFields, OidcFields, UnknownAccountFields } from '../components/sso-mode-fields.tsx';

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
      {mode === 'cas' ? <CasFields /> : null}
      {mode === 'oidc' ? <OidcFields storedSecret={initial.oidcClientSecret} /> : null}
      {mode !== 'none' ? (
        <UnknownAccountFields
          autoCreate={autoCreate}
          roleOptions={(roles.data ?? []).map((role) => ({ value: role.roleId, label: role.roleName }))}
          isLoadingRoles={roles.isLoading}
        />
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
