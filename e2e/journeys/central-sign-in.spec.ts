import { expect, type Page, test } from '@playwright/test';
// The same real OpenID provider the server's tests use, started here on a free port.
import { type OidcFixture, startOidcProvider } from '../../apps/server/test/sso-fixtures.ts';
import { openUserMenu, shot, signInAs } from '../support/session.ts';

const base = () => process.env.BASE_URL ?? 'http://127.0.0.1:3000';
let provider: OidcFixture | undefined;

test.beforeAll(async () => {
  provider = await startOidcProvider({
    redirectUris: [`${base()}/api/sso/oidc/callback`],
    postLogoutRedirectUris: [`${base()}/`],
  });
});

/**
 * Sign-out under central sign-in: the provider's logout page (which asks first when it holds a session),
 * then back to `/`, which sends the signed-out browser on to the provider's login page.
 */
async function signOutThroughProvider(page: Page) {
  const issuer = provider!.issuer;
  await openUserMenu(page, '退出登录');
  const confirm = page.getByRole('button', { name: /Yes, sign me out/ });
  const providerLogin = page.getByPlaceholder('Enter any login');
  await expect(confirm.or(providerLogin)).toBeVisible();
  if (await confirm.isVisible()) {
    expect(page.url().startsWith(`${issuer}/session/end`)).toBe(true);
    await confirm.click();
  }
  await expect(providerLogin).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
}

async function openSsoSettings(page: Page) {
  await page.goto('/#/system/settings');
  await expect(page.getByText('统一身份认证', { exact: true })).toBeVisible();
}

/** Central sign-in off again, through the local form: the other journeys sign in locally. */
async function turnOff(page: Page) {
  await page.goto('/#/login?local=1');
  await signInAs(page, 'admin');
  await openSsoSettings(page);
  await page.getByLabel(/不启用/).check();
  await page.getByRole('button', { name: '保存统一身份认证设置' }).click();
  await expect(page.getByText('统一身份认证设置已保存')).toBeVisible();
}

test.afterAll(async ({ browser }) => {
  // Whatever happened above, leave the server with central sign-in off.
  const page = await browser.newPage();
  try {
    const status = await (await page.request.get(`${base()}/api/user/sso/status`)).json();
    if (status.data?.mode !== 'none') await turnOff(page);
  } finally {
    await page.close();
    await provider?.close();
  }
});

test('the administrator turns on OpenID Connect; a teacher signs in and out through the provider', async ({
  page,
}) => {
  const issuer = provider!.issuer;
  // 1. 系统设置 → 统一身份认证 → OpenID Connect.
  await signInAs(page, 'admin');
  await openSsoSettings(page);
  await page.getByLabel('OpenID Connect').check();
  await page.getByLabel('颁发者（issuer）').fill(issuer);
  await page.getByLabel('客户端编号（client_id）').fill('eduqa');
  await page.getByLabel('客户端密钥（client_secret）').fill('eduqa-test-secret-0123456789');
  await expect(page.getByLabel('回调地址（redirect_uri）')).toHaveValue(`${base()}/api/sso/oidc/callback`);
  await page.getByRole('button', { name: '保存统一身份认证设置' }).click();
  await expect(page.getByText('统一身份认证设置已保存')).toBeVisible();
  // The secret comes back only as a mask.
  await expect(page.getByLabel('客户端密钥（client_secret）')).toHaveValue('********');
  await shot(page, '90-sso-settings-oidc');

  // 2. Signing out goes through the provider's logout address, and the way back leads to its login page.
  await signOutThroughProvider(page);

  // 3. `/` now goes to the provider; the teacher signs in there and lands at home, signed in.
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
  await shot(page, '91-sso-provider-login');
  await page.getByPlaceholder('Enter any login').fill('yangguang');
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
  expect(page.url().startsWith(base())).toBe(true);
  await shot(page, '92-sso-signed-in');

  // 4. An account the school does not know is refused with a message on the login page.
  await signOutThroughProvider(page);
  await page.getByPlaceholder('Enter any login').fill('stranger');
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText('统一身份认证账号「stranger」在本系统中没有对应的用户，请联系管理员开通'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: '使用统一身份认证登录' })).toBeVisible();
  await shot(page, '93-sso-unknown-account');

  // 5. The local form stays for the administrator at #/login?local=1; central sign-in is turned off again.
  await turnOff(page);
  await openUserMenu(page, '退出登录');
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByLabel('用户名')).toBeVisible();
});
