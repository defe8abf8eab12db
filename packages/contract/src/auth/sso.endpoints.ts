import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import {
  CasLogoutBodySchema,
  SSO_CAS_CALLBACK_PATH,
  SSO_LOGIN_PATH,
  SSO_OIDC_CALLBACK_PATH,
  SsoCasCallbackQuerySchema,
  SsoOidcCallbackQuerySchema,
  SsoSettingsBodySchema,
  SsoSettingsSchema,
  SsoStatusSchema,
} from './sso.schema.ts';

const tag = '统一身份认证';

export const ssoEndpoints = {
  status: defineEndpoint({
    method: 'GET',
    path: '/api/user/sso/status',
    summary: '统一身份认证是否启用，入口与退出地址',
    tag,
    data: SsoStatusSchema,
  }),
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/user/sso/settings',
    summary: '系统设置：统一身份认证配置（密钥只给掩码）',
    tag,
    data: SsoSettingsSchema,
  }),
  updateSettings: defineEndpoint({
    method: 'POST',
    path: '/api/user/sso/settings/update',
    summary: '系统设置：修改统一身份认证配置',
    tag,
    body: SsoSettingsBodySchema,
    data: SsoSettingsSchema,
  }),
  // The following answer with redirects, not envelopes (`download` marks a raw answer).
  login: defineEndpoint({
    method: 'GET',
    path: SSO_LOGIN_PATH,
    summary: '跳转到统一身份认证登录页',
    tag,
    download: true,
    data: z.unknown(),
  }),
  casCallback: defineEndpoint({
    method: 'GET',
    path: SSO_CAS_CALLBACK_PATH,
    summary: 'CAS 登录回调：校验票据（serviceValidate）并登录',
    tag,
    query: SsoCasCallbackQuerySchema,
    download: true,
    data: z.unknown(),
  }),
  casLogout: defineEndpoint({
    method: 'POST',
    path: SSO_CAS_CALLBACK_PATH,
    summary: 'CAS 单点退出：结束该票据登录的会话',
    tag,
    body: CasLogoutBodySchema,
    data: z.null(),
  }),
  oidcCallback: defineEndpoint({
    method: 'GET',
    path: SSO_OIDC_CALLBACK_PATH,
    summary: 'OpenID Connect 登录回调：授权码换取令牌并登录',
    tag,
    query: SsoOidcCallbackQuerySchema,
    download: true,
    data: z.unknown(),
  }),
};
