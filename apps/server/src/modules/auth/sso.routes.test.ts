import {
  authEndpoints,
  ROLE_IDS,
  SSO_CAS_CALLBACK_PATH,
  SSO_OIDC_CALLBACK_PATH,
  SSO_SECRET_MASK,
  type SsoSettingsBody,
  ssoEndpoints,
} from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import {
  type CasFixture,
  casLogoutRequest,
  OIDC_CLIENT,
  type OidcFixture,
  signInAtProvider,
  startCasServer,
  startOidcProvider,
} from '../../../test/sso-fixtures.ts';
import { ssoSettings } from './sso.table.ts';

const SITE = 'http://eduqa.test';
const CAS_SERVICE = `${SITE}${SSO_CAS_CALLBACK_PATH}`;
const OIDC_REDIRECT = `${SITE}${SSO_OIDC_CALLBACK_PATH}`;

let t: TestApp;
let admin: Session;
let cas: CasFixture;
let oidc: OidcFixture;

const OFF: SsoSettingsBody = {
  mode: 'none',
  casServerUrl: '',
  casServiceUrl: '',
  casAccountAttribute: '',
  oidcIssuer: '',
  oidcClientId: '',
  oidcRedirectUri: '',
  oidcScopes: 'openid profile',
  oidcAccountClaim: 'preferred_username',
  autoCreate: false,
  defaultRoleId: null,
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  cas = await startCasServer();
  oidc = await startOidcProvider({ redirectUris: [OIDC_REDIRECT], postLogoutRedirectUris: [`${SITE}/`] });
});
afterAll(async () => {
  await t.close();
  await cas.close();
  await oidc.close();
});

const configure = (changes: Partial<SsoSettingsBody>) =>
  admin.call(ssoEndpoints.updateSettings, { body: { ...OFF, ...changes } });
const useCas = (changes: Partial<SsoSettingsBody> = {}) =>
  configure({ mode: 'cas', casServerUrl: cas.url, casServiceUrl: CAS_SERVICE, ...changes });
const useOidc = (changes: Partial<SsoSettingsBody> = {}) =>
  configure({
    mode: 'oidc',
    oidcIssuer: oidc.issuer,
    oidcClientId: OIDC_CLIENT.clientId,
    oidcClientSecret: OIDC_CLIENT.clientSecret,
    oidcRedirectUri: OIDC_REDIRECT,
    ...changes,
  });

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const sessionCookie = (response: { headers: Record<string, unknown> }) => {
  const line = [response.headers['set-cookie']].flat().find((c) => String(c).startsWith('eduqa_sid='));
  return line ? String(line).split(';')[0]! : undefined;
};
/** The message the login page shows after a refused central sign-in. */
const refusal = (location: unknown) => {
  const match = /^\/#\/login\?ssoError=(.*)$/.exec(String(location));
  return match ? decodeURIComponent(match[1]!) : undefined;
};
const whoIs = async (cookie: string) => {
  const response = await get(authEndpoints.tryLoginUserInfo.path, cookie);
  return response.statusCode === 200 ? (response.json().data.account as string) : response.statusCode;
};

describe('central sign-in settings', () => {
  it('is off by default: status says none and the entry sends the browser back with a message', async () => {
    const status = await t.app.inject({ method: 'GET', url: ssoEndpoints.status.path });
    expect(status.json().data).toEqual({ mode: 'none', loginUrl: null, logoutUrl: null });
    const entry = await get('/api/sso/login');
    expect(entry.statusCode).toBe(302);
    expect(refusal(entry.headers.location)).toBe('未启用统一身份认证，请使用账号密码登录');
  });

  it('never sends the client secret back: a mask, kept when the mask is saved again', async () => {
    const saved = await useOidc();
    expect(saved.oidcClientSecret).toBe(SSO_SECRET_MASK);
    const read = await admin.send(ssoEndpoints.settings);
    expect(read.body).not.toContain(OIDC_CLIENT.clientSecret);
    await useOidc({ oidcClientSecret: SSO_SECRET_MASK, oidcScopes: 'openid profile email' });
    const [row] = await t.db.select().from(ssoSettings);
    expect(row?.oidcClientSecret).toBe(OIDC_CLIENT.clientSecret);
    await configure({});
  });

  it('only the administrator reads or changes them, and callbacks must be ours', async () => {
    const teacher = await signIn(t, (await createUser(t)).account, 'Passw0rd1');
    expect((await teacher.send(ssoEndpoints.settings)).json().meta.statusCode).toBe(403);
    const wrong = await admin.send(ssoEndpoints.updateSettings, {
      body: { ...OFF, mode: 'cas', casServerUrl: cas.url, casServiceUrl: 'https://evil.example/steal' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().meta.message).toContain(SSO_CAS_CALLBACK_PATH);
    const plain = await admin.send(ssoEndpoints.updateSettings, {
      body: {
        ...OFF,
        mode: 'oidc',
        oidcIssuer: 'http://idp.example',
        oidcClientId: 'x',
        oidcRedirectUri: OIDC_REDIRECT,
      },
    });
    expect(plain.json().meta.message).toBe('OpenID 颁发者地址必须使用 https（本机地址除外）');
  });
});

describe('CAS 3.0', () => {
  it('sends the browser to /login?service=, validates the ticket and signs in with the same session', async () => {
    const user = await createUser(t);
    await useCas();
    const entry = await get('/api/sso/login');
    expect(entry.headers.location).toBe(`${cas.url}/login?service=${encodeURIComponent(CAS_SERVICE)}`);
    const ticket = `ST-1-${user.account}`;
    const back = await get(`${SSO_CAS_CALLBACK_PATH}?ticket=${ticket}`);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/#/');
    expect(cas.validations.at(-1)).toEqual({ service: CAS_SERVICE, ticket });
    const cookie = sessionCookie(back)!;
    expect(String([back.headers['set-cookie']].flat()[0])).toContain('HttpOnly');
    expect(await whoIs(cookie)).toBe(user.account);
    const status = (await get(ssoEndpoints.status.path)).json().data;
    expect(status.logoutUrl).toBe(`${cas.url}/logout?service=${encodeURIComponent(`${SITE}/`)}`);
  });

  it('ends the session when CAS posts a logoutRequest naming its ticket', async () => {
    const user = await createUser(t);
    await useCas();
    const ticket = `ST-2-${user.account}`;
    const cookie = sessionCookie(await get(`${SSO_CAS_CALLBACK_PATH}?ticket=${ticket}`))!;
    const other = sessionCookie(await get(`${SSO_CAS_CALLBACK_PATH}?ticket=ST-3-${user.account}`))!;
    const logout = await t.app.inject({
      method: 'POST',
      url: SSO_CAS_CALLBACK_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ logoutRequest: casLogoutRequest(ticket) }).toString(),
    });
    expect(logout.statusCode).toBe(200);
    expect(await whoIs(cookie)).toBe(401);
    expect(await whoIs(other)).toBe(user.account);
  });

  it('shows the CAS failure in Chinese on the login page', async () => {
    await useCas();
    const bad = await get(`${SSO_CAS_CALLBACK_PATH}?ticket=ST-bad-1`);
    expect(sessionCookie(bad)).toBeUndefined();
    expect(refusal(bad.headers.location)).toBe('统一身份认证票据无效或已使用，请重新登录');
    const none = await get(SSO_CAS_CALLBACK_PATH);
    expect(refusal(none.headers.location)).toBe('统一身份认证没有返回票据，请重新登录');
  });

  it('refuses unknown and disabled accounts, and creates unknown ones with the default role when allowed', async () => {
    await useCas();
    const unknown = await get(`${SSO_CAS_CALLBACK_PATH}?ticket=ST-4-newcomer`);
    expect(refusal(unknown.headers.location)).toBe(
      '统一身份认证账号「newcomer」在本系统中没有对应的用户，请联系管理员开通',
    );
    const disabled = await createUser(t, { disabled: true });
    const refused = await get(`${SSO_CAS_CALLBACK_PATH}?ticket=ST-5-${disabled.account}`);
    expect(refusal(refused.headers.location)).toBe(`账号「${disabled.account}」已被停用，请联系管理员`);

    await useCas({ autoCreate: true, defaultRoleId: ROLE_IDS.diagnosisObject });
    const created = await get(`${SSO_CAS_CALLBACK_PATH}?ticket=ST-6-newcomer`);
    const cookie = sessionCookie(created)!;
    const me = (await get(authEndpoints.tryLoginUserInfo.path, cookie)).json().data;
    expect(me.account).toBe('newcomer');
    expect(me.userName).toBe('统一认证用户&newcomer');
    expect(me.roleIdList).toEqual([ROLE_IDS.diagnosisObject]);
    // The same person again: the account made the first time, not a second one.
    expect(await whoIs(sessionCookie(await get(`${SSO_CAS_CALLBACK_PATH}?ticket=ST-7-newcomer`))!)).toBe(
      'newcomer',
    );
  });
});

describe('OpenID Connect', () => {
  /** From our entry through the provider's pages back to our callback, as a browser goes. */
  async function signInThroughProvider(login: string) {
    const entry = await get('/api/sso/login');
    expect(entry.statusCode).toBe(302);
    const loginCookie = String([entry.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const back = await signInAtProvider(String(entry.headers.location), login);
    expect(`${back.origin}${back.pathname}`).toBe(OIDC_REDIRECT);
    const callback = await get(`${back.pathname}${back.search}`, loginCookie);
    return { entry, back, loginCookie, callback };
  }

  it('signs in with authorization code, PKCE, state and nonce', async () => {
    const user = await createUser(t);
    await useOidc();
    const { entry, callback } = await signInThroughProvider(user.account);
    const authorize = new URL(String(entry.headers.location));
    expect(authorize.origin).toBe(oidc.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(OIDC_REDIRECT);
    expect(callback.headers.location).toBe('/#/');
    expect(await whoIs(sessionCookie(callback)!)).toBe(user.account);
    const status = (await get(ssoEndpoints.status.path)).json().data;
    expect(status.logoutUrl).toMatch(new RegExp(`^${oidc.issuer}/session/end\\?`));
    expect(new URL(status.logoutUrl).searchParams.get('post_logout_redirect_uri')).toBe(`${SITE}/`);
  });

  it('refuses a callback without the browser cookie, a replayed one and a forged state', async () => {
    const user = await createUser(t);
    await useOidc();
    const entry = await get('/api/sso/login');
    const loginCookie = String([entry.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const back = await signInAtProvider(String(entry.headers.location), user.account);
    const path = `${back.pathname}${back.search}`;
    const noCookie = await get(path);
    expect(refusal(noCookie.headers.location)).toBe('登录请求已失效或不是从本浏览器发起的，请重新登录');

    const forged = new URLSearchParams(back.search);
    forged.set('state', 'forged');
    const wrongState = await get(`${back.pathname}?${forged}`, loginCookie);
    expect(refusal(wrongState.headers.location)).toBe('登录请求校验失败（state 不符），请重新登录');
    // The pending sign-in was used up by the refused attempt: the real answer cannot be replayed after it.
    const replay = await get(path, loginCookie);
    expect(sessionCookie(replay)).toBeUndefined();
    expect(refusal(replay.headers.location)).toBe('登录请求已失效或不是从本浏览器发起的，请重新登录');
  });

  it('maps the configured claim and refuses unknown accounts unless creation is on', async () => {
    await useOidc();
    const unknown = await signInThroughProvider('stranger');
    expect(refusal(unknown.callback.headers.location)).toBe(
      '统一身份认证账号「stranger」在本系统中没有对应的用户，请联系管理员开通',
    );
    await useOidc({ oidcAccountClaim: 'sub', autoCreate: true, defaultRoleId: ROLE_IDS.inSchoolExpert });
    const created = await signInThroughProvider('stranger');
    const me = (await get(authEndpoints.tryLoginUserInfo.path, sessionCookie(created.callback)!)).json().data;
    expect(me.account).toBe('stranger');
    expect(me.roleIdList).toEqual([ROLE_IDS.inSchoolExpert]);
    await useOidc({ oidcAccountClaim: 'email' });
    const missing = await signInThroughProvider('stranger');
    expect(refusal(missing.callback.headers.location)).toBe(
      '统一身份认证没有返回账号声明「email」，请联系管理员',
    );
  });

  it('keeps local sign-in working while central sign-in is on', async () => {
    await useOidc();
    expect((await signIn(t, 'admin', ADMIN_PASSWORD)).cookie).toMatch(/^eduqa_sid=/);
    await configure({});
  });
});
