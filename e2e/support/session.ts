import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { recordToasts } from './toasts.ts';

export const DEMO_PASSWORD = 'Eduqa@2026';
const shotsDir = path.resolve(import.meta.dirname, '../screenshots');

/**
 * Signs in through the login form and waits for the shell. `changePasswordTo` is for an account whose
 * password an administrator set (new user, reset): the first sign-in meets the change-password dialog
 * that cannot be closed; the helper changes the password there and signs in again with the new one.
 */
export async function signInAs(
  page: Page,
  account: string,
  password = DEMO_PASSWORD,
  options: { changePasswordTo?: string } = {},
) {
  await recordToasts(page);
  if (!page.url().includes('#/login')) await page.goto('/#/login');
  await page.getByLabel('用户名').fill(account);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  if (options.changePasswordTo) {
    await changeInitialPassword(page, password, options.changePasswordTo);
    await signInAs(page, account, options.changePasswordTo);
    return;
  }
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
}

/**
 * Signs in through the API and opens the app on its session, for a journey whose story is not the
 * sign-in (the form is the story of sign-in-and-menu, central-sign-in, change-password, session-expiry,
 * home and csp): one request instead of loading the login page and typing. `page.request` shares the
 * page's cookies, so the app restores the session from the cookie as after a reload.
 */
export async function enterAs(page: Page, account: string, password = DEMO_PASSWORD) {
  const answer = await page.request.post('/api/user/login', { data: { username: account, password } });
  expect(answer.ok(), `sign-in of ${account}: ${await answer.text()}`).toBe(true);
  // The app keeps the signed-in user in session storage: a previous user's would win over the cookie.
  if (page.url().startsWith('http')) await page.evaluate(() => window.sessionStorage.clear());
  await recordToasts(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
}

/** The forced change-password dialog after a sign-in with an administrator's password; ends on the login page. */
export async function changeInitialPassword(page: Page, oldPassword: string, newPassword: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: '修改密码' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('旧密码').fill(oldPassword);
  await dialog.getByLabel('新密码', { exact: true }).fill(newPassword);
  await dialog.getByLabel('确认新密码').fill(newPassword);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/#\/login/);
}

export async function openUserMenu(page: Page, item: '个人中心' | '修改密码' | '退出登录') {
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Resolves once no finite animation runs, so a screenshot does not catch a dialog mid-fade. */
function settled(page: Page) {
  return page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/** A full-page screenshot kept in e2e/screenshots for a human to look at. */
export async function shot(page: Page, name: string) {
  await settled(page);
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

/** The background colour of the layout header, as the browser computed it. */
export function headerColor(page: Page) {
  return page
    .locator('.ant-layout-header')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);
}
