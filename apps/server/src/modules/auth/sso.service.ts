import { createHash } from 'node:crypto';
import {
  DEFAULT_APP_ID,
  SSO_LOGIN_PATH,
  SSO_SECRET_MASK,
  type SsoMode,
  type SsoSettings,
  type SsoSettingsBody,
  type SsoStatus,
} from '@eduqa/contract';
import * as client from 'openid-client';
import { AppError } from '../../platform/errors.ts';
import { newId, randomToken } from '../../platform/ids.ts';
import { hashPassword } from '../../platform/password.ts';
import type { OrgRepo } from '../org/org.repo.ts';
import type { AuthService } from './auth.service.ts';
import {
  casLoginUrl,
  casLogoutUrl,
  casValidateUrl,
  parseLogoutRequest,
  parseServiceValidate,
} from './sso.cas.ts';
import { isAllowedIssuer, type OidcConfigs } from './sso.oidc.ts';
import type { SsoRepo, SsoSettingsRow } from './sso.repo.ts';

/** A pending OpenID sign-in is good for this long: enough to type a password at the provider. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;
/** The most of a CAS answer read: a validation answer is a few hundred bytes. */
const CAS_ANSWER_MAX = 64 * 1024;
const CAS_TIMEOUT_MS = 10_000;

const NOT_ACTIVE = '未启用统一身份认证，请使用账号密码登录';

const DEFAULTS: Omit<SsoSettingsRow, 'appId' | 'updatedAt'> = {
  mode: 'none',
  casServerUrl: '',
  casServiceUrl: '',
  casAccountAttribute: '',
  oidcIssuer: '',
  oidcClientId: '',
  oidcClientSecret: '',
  oidcRedirectUri: '',
  oidcScopes: 'openid profile',
  oidcAccountClaim: 'preferred_username',
  autoCreate: false,
  defaultRoleId: null,
};

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
const isMode = (value: string): value is SsoMode => value === 'none' || value === 'cas' || value === 'oidc';

/** Every failure of central sign-in: the route sends the browser to the login page with this message. */
const refused = (message: string) => new AppError('UNPROCESSABLE', message);

interface SsoDeps {
  ssoRepo: SsoRepo;
  orgRepo: OrgRepo;
  auth: Pick<AuthService, 'openSession'>;
  oidcConfigs: OidcConfigs;
  /** The CAS validation call; tests may replace it, production uses fetch. */
  fetch?: typeof fetch;
}

export function createSsoService(deps: SsoDeps) {
  const context = ssoContext(deps);
  return {
    ...ssoStart(context),
    ...ssoSettings(context),
    ...ssoCas(context),
    ...ssoOidc(context),
  };
}

/** What the parts share: the stored settings, the provider's OpenID configuration and the local account. */
function ssoContext(deps: SsoDeps) {
  const { ssoRepo, orgRepo, auth, oidcConfigs } = deps;
  const doFetch = deps.fetch ?? fetch;

  async function settings(): Promise<Omit<SsoSettingsRow, 'updatedAt'> & { mode: SsoMode }> {
    const { updatedAt: _updatedAt, ...row } = (await ssoRepo.findSettings(DEFAULT_APP_ID)) ?? {};
    const merged = { ...DEFAULTS, ...row, appId: DEFAULT_APP_ID };
    return { ...merged, mode: isMode(merged.mode) ? merged.mode : 'none' };
  }

  const oidcConfig = (s: SsoSettingsRow | Awaited<ReturnType<typeof settings>>) =>
    oidcConfigs
      .get({ issuer: s.oidcIssuer, clientId: s.oidcClientId, clientSecret: s.oidcClientSecret })
      .catch(() => {
        throw refused('无法连接统一身份认证服务（OpenID 发现失败），请稍后再试或联系管理员');
      });

  /**
   * The person the provider vouched for, as an account here: the existing one by account name
   * (ignoring case, as the local sign-in does), or a new one with the default role when allowed.
   */
  async function accountFor(input: {
    account: string;
    name: string | null;
    s: Awaited<ReturnType<typeof settings>>;
  }) {
    const { account, s } = input;
    if (account.length > 64) throw refused('统一身份认证返回的账号过长，无法登录');
    let user = await orgRepo.findUserByAccount(account);
    if (!user && s.autoCreate && s.defaultRoleId) {
      await ssoRepo.createUser({
        id: newId(),
        account,
        name: (input.name ?? account).slice(0, 64),
        // Nobody knows this password: the account signs in centrally until an administrator resets it.
        passwordHash: await hashPassword(randomToken()),
        roleId: s.defaultRoleId,
      });
      user = await orgRepo.findUserByAccount(account);
    }
    if (!user) throw refused(`统一身份认证账号「${account}」在本系统中没有对应的用户，请联系管理员开通`);
    if (user.disabled) throw refused(`账号「${user.account}」已被停用，请联系管理员`);
    return user;
  }

  return { ssoRepo, auth, oidcConfigs, doFetch, settings, oidcConfig, accountFor };
}
type SsoContext = ReturnType<typeof ssoContext>;

/** Where central sign-in starts and where sign-out goes. */
function ssoStart({ ssoRepo, oidcConfigs, settings, oidcConfig }: SsoContext) {
  return {
    /** Public: whether central sign-in is on, where it starts and where sign-out goes. */
    async status(): Promise<SsoStatus> {
      const s = await settings();
      if (s.mode === 'cas') {
        return {
          mode: 'cas',
          loginUrl: SSO_LOGIN_PATH,
          logoutUrl: casLogoutUrl(s.casServerUrl, s.casServiceUrl),
        };
      }
      if (s.mode === 'oidc') {
        let logoutUrl: string | null = null;
        try {
          const config = await oidcConfigs.get({
            issuer: s.oidcIssuer,
            clientId: s.oidcClientId,
            clientSecret: s.oidcClientSecret,
          });
          if (config.serverMetadata().end_session_endpoint) {
            logoutUrl = client.buildEndSessionUrl(config, {
              client_id: s.oidcClientId,
              post_logout_redirect_uri: `${new URL(s.oidcRedirectUri).origin}/`,
            }).href;
          }
        } catch {
          // The provider is unreachable: sign-out still ends the local session.
        }
        return { mode: 'oidc', loginUrl: SSO_LOGIN_PATH, logoutUrl };
      }
      return { mode: 'none', loginUrl: null, logoutUrl: null };
    },

    /**
     * Starts central sign-in: the provider's address, and for OpenID the key of the pending sign-in that
     * the browser keeps in a cookie (state, nonce and the PKCE verifier stay on the server).
     */
    async begin(): Promise<{ redirectUrl: string; loginKey?: string }> {
      const s = await settings();
      if (s.mode === 'cas') return { redirectUrl: casLoginUrl(s.casServerUrl, s.casServiceUrl) };
      if (s.mode !== 'oidc') throw refused(NOT_ACTIVE);
      const config = await oidcConfig(s);
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const loginKey = randomToken();
      await ssoRepo.purgeLogins(new Date(Date.now() - SSO_LOGIN_TTL_MS));
      await ssoRepo.insertLogin({ id: hashKey(loginKey), state, nonce, codeVerifier });
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: s.oidcRedirectUri,
        scope: s.oidcScopes,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { redirectUrl: url.href, loginKey };
    },
  };
}

/** 系统设置's central sign-in settings. */
function ssoSettings({ ssoRepo, settings }: SsoContext) {
  return {
    /** The settings for 系统设置: the client secret only as a mask, so it never reaches a browser. */
    async adminSettings(): Promise<SsoSettings> {
      const { appId: _appId, ...s } = await settings();
      return { ...s, oidcClientSecret: s.oidcClientSecret ? SSO_SECRET_MASK : '' };
    },

    async updateSettings(body: SsoSettingsBody): Promise<void> {
      const current = await settings();
      if (body.mode === 'oidc' && !isAllowedIssuer(body.oidcIssuer)) {
        throw new AppError('VALIDATION', 'OpenID 颁发者地址必须使用 https（本机地址除外）');
      }
      if (body.defaultRoleId && !(await ssoRepo.roleExists(body.defaultRoleId))) {
        throw new AppError('VALIDATION', '默认角色不存在');
      }
      const keep = body.oidcClientSecret === undefined || body.oidcClientSecret === SSO_SECRET_MASK;
      await ssoRepo.saveSettings({
        ...body,
        appId: DEFAULT_APP_ID,
        casAccountAttribute: body.casAccountAttribute,
        oidcScopes: body.oidcScopes || 'openid',
        oidcAccountClaim: body.oidcAccountClaim || 'preferred_username',
        defaultRoleId: body.defaultRoleId || null,
        oidcClientSecret: keep ? current.oidcClientSecret : (body.oidcClientSecret ?? ''),
      });
    },
  };
}

/** CAS: the ticket's validation and single logout. */
function ssoCas({ ssoRepo, auth, doFetch, settings, accountFor }: SsoContext) {
  return {
    /** CAS came back with a service ticket: validate it with `serviceValidate` and open a session. */
    async casCallback(input: { ticket: string | undefined; ip: string }) {
      const s = await settings();
      if (s.mode !== 'cas') throw refused(NOT_ACTIVE);
      if (!input.ticket) throw refused('统一身份认证没有返回票据，请重新登录');
      let xml: string;
      try {
        const response = await doFetch(casValidateUrl(s.casServerUrl, s.casServiceUrl, input.ticket), {
          signal: AbortSignal.timeout(CAS_TIMEOUT_MS),
          redirect: 'error',
        });
        if (!response.ok) throw new Error(`CAS answered ${response.status}`);
        xml = (await response.text()).slice(0, CAS_ANSWER_MAX);
      } catch {
        throw refused('无法连接统一身份认证服务（CAS 票据校验失败），请稍后再试');
      }
      const result = parseServiceValidate(xml, s.casAccountAttribute);
      if (!result.ok) throw refused(result.message);
      const user = await accountFor({ account: result.account, name: result.name, s });
      const session = await auth.openSession({ user, ip: input.ip });
      await ssoRepo.recordSession({ sessionId: session.sessionId, protocol: 'cas', ticket: input.ticket });
      return session;
    },

    /** CAS single logout: end the session that the named ticket opened. Unknown tickets change nothing. */
    async casLogout(logoutRequest: string): Promise<number> {
      const ticket = parseLogoutRequest(logoutRequest);
      return ticket ? ssoRepo.revokeByTicket(ticket) : 0;
    },
  };
}

/** OpenID Connect: the provider's answer. */
function ssoOidc({ ssoRepo, auth, settings, oidcConfig, accountFor }: SsoContext) {
  return {
    /**
     * The provider came back: the pending sign-in is taken (once) by the cookie's key, then openid-client
     * checks state, exchanges the code with the PKCE verifier and checks the ID token and its nonce.
     */
    async oidcCallback(input: { search: string; loginKey: string | undefined; ip: string }) {
      const s = await settings();
      if (s.mode !== 'oidc') throw refused(NOT_ACTIVE);
      const params = new URLSearchParams(input.search);
      const pending = input.loginKey
        ? await ssoRepo.takeLogin(hashKey(input.loginKey), new Date(Date.now() - SSO_LOGIN_TTL_MS))
        : undefined;
      if (!pending) throw refused('登录请求已失效或不是从本浏览器发起的，请重新登录');
      const error = params.get('error');
      if (error) {
        throw refused(
          error === 'access_denied'
            ? '已在统一身份认证处取消登录'
            : `统一身份认证未通过（${error.slice(0, 64)}），请重新登录`,
        );
      }
      if (params.get('state') !== pending.state) throw refused('登录请求校验失败（state 不符），请重新登录');
      const config = await oidcConfig(s);
      const currentUrl = new URL(s.oidcRedirectUri);
      currentUrl.search = params.toString();
      let claims: Record<string, unknown>;
      try {
        const tokens = await client.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = { ...tokens.claims() };
        if (!(s.oidcAccountClaim in claims) && tokens.access_token) {
          // Providers may keep profile claims out of the ID token and give them at the userinfo endpoint.
          const sub = typeof claims.sub === 'string' ? claims.sub : client.skipSubjectCheck;
          claims = { ...(await client.fetchUserInfo(config, tokens.access_token, sub)), ...claims };
        }
      } catch {
        throw refused('统一身份认证令牌校验失败，请重新登录');
      }
      const value = claims[s.oidcAccountClaim];
      if (typeof value !== 'string' || value.trim() === '') {
        throw refused(`统一身份认证没有返回账号声明「${s.oidcAccountClaim}」，请联系管理员`);
      }
      const name = typeof claims.name === 'string' ? claims.name : null;
      const user = await accountFor({ account: value.trim(), name, s });
      const session = await auth.openSession({ user, ip: input.ip });
      await ssoRepo.recordSession({ sessionId: session.sessionId, protocol: 'oidc', ticket: null });
      return session;
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
