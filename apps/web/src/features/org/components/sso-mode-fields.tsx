import { SSO_CAS_CALLBACK_PATH, SSO_OIDC_CALLBACK_PATH, SSO_SECRET_MASK } from '@eduqa/contract';
import { Form, Input, Select, Switch } from 'antd';

/** CAS 3.0: the server, this site's service address and the attribute that names the account. */
export function CasFields() {
  return (
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
  );
}

/** OpenID Connect: issuer, client, redirect address, scope and the claim that names the account. */
export function OidcFields({ storedSecret }: { storedSecret: string }) {
  return (
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
        extra={storedSecret === SSO_SECRET_MASK ? '已设置；不修改请保留掩码' : '公开客户端可留空'}
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
  );
}

/** An account this site does not know: created with the default role, or refused. */
export function UnknownAccountFields({
  autoCreate,
  roleOptions,
  isLoadingRoles,
}: {
  autoCreate: boolean;
  roleOptions: { value: string; label: string }[];
  isLoadingRoles: boolean;
}) {
  return (
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
          <Select loading={isLoadingRoles} options={roleOptions} placeholder="请选择角色" />
        </Form.Item>
      ) : null}
    </>
  );
}
