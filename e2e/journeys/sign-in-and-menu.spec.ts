import { expect, test } from '@playwright/test';
import { headerColor, openUserMenu, shot, signInAs } from '../support/session.ts';

test('an outside expert signs in and sees only the areas their role opens', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await shot(page, '01-login');
  await signInAs(page, 'youhai');
  await expect(page).toHaveURL(/#\/index/);
  const menu = page.getByRole('menu', { name: '主菜单' });
  await expect(menu.getByText('首页')).toBeVisible();
  await expect(menu.getByText('质量报告')).toBeVisible();
  for (const hidden of ['目标标准', '诊断改进', '数据管理', '系统管理']) {
    await expect(menu.getByText(hidden)).toHaveCount(0);
  }
  await shot(page, '02-expert-home');
  await page.goto('/#/system/users');
  await expect(page.getByText('用户无权访问该资源')).toBeVisible();
  await openUserMenu(page, '退出登录');
  await expect(page).toHaveURL(/#\/login/);
});

test('the administrator sees every area, and the theme survives a reload', async ({ page }) => {
  await page.goto('/#/login');
  await signInAs(page, 'admin');
  const menu = page.getByRole('menu', { name: '主菜单' });
  await expect(menu.getByText('首页')).toBeVisible();
  await expect(menu.getByText('系统管理')).toBeVisible();
  await expect(page.getByText('我的待办')).toBeVisible();

  const before = await headerColor(page);
  await page.getByRole('switch', { name: '切换主题' }).click();
  const other = before === 'rgb(36, 41, 62)' ? 'rgb(57, 126, 240)' : 'rgb(36, 41, 62)';
  expect(['rgb(36, 41, 62)', 'rgb(57, 126, 240)']).toContain(before);
  // The header eases into its new colour.
  await expect.poll(() => headerColor(page)).toBe(other);
  const after = other;
  await page.reload();
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
  expect(await headerColor(page)).toBe(after);
  await shot(page, '03-admin-theme-after-reload');

  await page.goto('/#/dataScreen');
  await expect.poll(() => headerColor(page)).not.toBe(after);
  await shot(page, '04-data-screen');

  await page.setViewportSize({ width: 900, height: 700 });
  await page.goto('/#/index');
  await expect(page.getByRole('menu', { name: '主菜单' }).getByText('更多')).toBeVisible();
  await shot(page, '05-narrow-more-menu');
});

test('a deep link while signed out goes through the login and back to the page', async ({ page }) => {
  await page.goto('/#/system/roles');
  await expect(page).toHaveURL(/#\/login\?from=/);
  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/#\/system\/roles/);
  await expect(page.getByRole('menuitem', { name: /角色管理/ }).first()).toBeVisible();
  await shot(page, '06-deep-link-roles');
});
