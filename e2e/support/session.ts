import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Eduqa@2026';
const shotsDir = path.resolve(import.meta.dirname, '../screenshots');

/** Signs in through the login form and waits for the shell. */
export async function signInAs(page: Page, account: string, password = DEMO_PASSWORD) {
  if (!page.url().includes('#/login')) await page.goto('/#/login');
  await page.getByLabel('用户名').fill(account);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
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
