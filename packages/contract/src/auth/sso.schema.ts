import { z } from 'zod';

/**
 * 统一身份认证 (central sign-in, spec 1 §2 and §8): off, CAS 3.0 or OpenID Connect. The spec names the
 * behaviour (`/` goes to the central entry, sign-out to its logout URL) but no wire shape, so these
 * shapes use English names.
 */
export const SSO_MODES = ['none', 'cas', 'oidc'] as const;
export const SsoModeSchema = z.enum(SSO_MODES).describe('统一身份认证方式');
export type SsoMode = z.output<typeof SsoModeSchema>;
export const SSO_MODE_LABELS: Record<SsoMode, string> = {
  none: '不启用（仅本地登录）',
  cas: 'CAS 3.0',
  oidc: 'OpenID Connect',
};

/** Where the browser starts central sign-in; the server answers with a redirect. */
export const SSO_LOGIN_PATH = '/api/sso/login';
/** The CAS service URL's path: tickets arrive here by GET, single logout by POST. */
export const SSO_CAS_CALLBACK_PATH = '/api/sso/cas/callback';
export const SSO_OIDC_CALLBACK_PATH = '/api/sso/oidc/callback';
/** What the settings answer holds instead of the stored client secret; sending it back keeps the secret. */
export const SSO_SECRET_MASK = '********';

const url = (label: string) =>
  z
    .string()
    .trim()
    .max(500, { error: `${label}最多只能输入500个字符` })
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), {
      error: `${label}必须是 http:// 或 https:// 开头的地址`,
    })
    .describe(label);

const fields = {
  mode: SsoModeSchema,
  casServerUrl: url('CAS 服务地址'),
  casServiceUrl: url('CAS 回调地址（service）'),
  casAccountAttribute: z.string().trim().max(64).describe('CAS 中作为账号的属性；空或 user 表示 cas:user'),
  oidcIssuer: url('OpenID 颁发者（issuer）'),
  oidcClientId: z
    .string()
    .trim()
    .max(200, { error: '客户端编号最多只能输入200个字符' })
    .describe('客户端编号'),
  oidcRedirectUri: url('OpenID 回调地址（redirect_uri）'),
  oidcScopes: z.string().trim().max(200).describe('申请的 scope，以空格分隔'),
  oidcAccountClaim: z.string().trim().max(64).describe('作为账号的声明（claim），默认 preferred_username'),
  autoCreate: z.boolean().describe('未知账号自动创建'),
  defaultRoleId: z.string().trim().max(64).nullable().describe('自动创建账号的默认角色'),
};

/** The settings as the administrator sees them: the client secret only as a mask. */
export const SsoSettingsSchema = z.object({
  ...fields,
  oidcClientSecret: z.string().describe('客户端密钥：已设置时为掩码，未设置时为空'),
});
export type SsoSettings = z.output<typeof SsoSettingsSchema>;

const endsWithPath = (value: string, path: string) => {
  try {
    return new URL(value).pathname === path;
  } catch {
    return false;
  }
};

/**
 * Saving: `oidcClientSecret` left out, or sent back as the mask, keeps the stored secret. Whatever the
 * chosen mode needs must be there, and the callback addresses must point at this product's callbacks.
 */
export const SsoSettingsBodySchema = z
  .object({
    ...fields,
    oidcClientSecret: z
      .string()
      .max(500, { error: '客户端密钥最多只能输入500个字符' })
      .optional()
      .describe('客户端密钥；不填或填掩码表示不修改'),
  })
  .superRefine((value, ctx) => {
    const need = (ok: boolean, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (value.mode === 'cas') {
      need(value.casServerUrl !== '', 'casServerUrl', '请输入CAS 服务地址');
      need(
        endsWithPath(value.casServiceUrl, SSO_CAS_CALLBACK_PATH),
        'casServiceUrl',
        `CAS 回调地址必须以 ${SSO_CAS_CALLBACK_PATH} 结尾`,
      );
    }
    if (value.mode === 'oidc') {
      need(value.oidcIssuer !== '', 'oidcIssuer', '请输入OpenID 颁发者地址');
      need(value.oidcClientId !== '', 'oidcClientId', '请输入客户端编号');
      need(
        endsWithPath(value.oidcRedirectUri, SSO_OIDC_CALLBACK_PATH),
        'oidcRedirectUri',
        `OpenID 回调地址必须以 ${SSO_OIDC_CALLBACK_PATH} 结尾`,
      );
      need(value.oidcScopes.split(/\s+/).includes('openid'), 'oidcScopes', 'scope 必须包含 openid');
    }
    need(!value.autoCreate || !!value.defaultRoleId, 'defaultRoleId', '自动创建账号时请选择默认角色');
  });
export type SsoSettingsBody = z.output<typeof SsoSettingsBodySchema>;

/** What the login page needs before anyone signs in. */
export const SsoStatusSchema = z.object({
  mode: SsoModeSchema,
  loginUrl: z.string().nullable().describe('统一身份认证入口；未启用时为空'),
  logoutUrl: z.string().nullable().describe('退出登录后前往的统一身份认证退出地址；未启用时为空'),
});
export type SsoStatus = z.output<typeof SsoStatusSchema>;

/** The logoutRequest CAS posts to the service URL (single logout). */
export const CasLogoutBodySchema = z.object({
  logoutRequest: z.string().max(20_000).describe('CAS 单点退出请求（SAML LogoutRequest）'),
});

export const SsoCasCallbackQuerySchema = z.object({
  ticket: z.string().max(1024).optional().describe('CAS 服务票据'),
});

/** Loose: providers add parameters of their own (`iss`, `session_state`), which the client library reads. */
export const SsoOidcCallbackQuerySchema = z.looseObject({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
