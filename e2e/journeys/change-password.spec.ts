import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, openUserMenu, shot, signInAs } from '../support/session.ts';

test('a department head changes the password: the old one stops working, the new one works', async ({
  page,
}) => {
  await signInAs(page, 'chenyu');
  await openUserMenu(page, '修改密码');
  const dialog = page.getByRole('dialog').filter({ hasText: '修改密码' });
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).click();
  await expect(dialog.getByText('请输入旧密码！')).toBeVisible();
  await expect(dialog.getByText('请输入新密码！')).toBeVisible();
  await expect(dialog.getByText('请输入确认新密码！')).toBeVisible();

  await dialog.getByLabel('旧密码').fill(DEMO_PASSWORD);
  await dialog.getByLabel('新密码', { exact: true }).fill('abcdefgh');
  await expect(dialog.getByText('密码必须包含字母和数字,必须大于等于8位！')).toBeVisible();
  await dialog.getByLabel('新密码', { exact: true }).fill('NewPass2026');
  await dialog.getByLabel('确认新密码').fill('NewPass2025');
  await expect(dialog.getByText('请与新密码一致！')).toBeVisible();
  await shot(page, '20-change-password-mismatch');
  // Fixing the confirmation re-validates both fields.
  await dialog.getByLabel('确认新密码').fill('NewPass2026');
  await expect(dialog.getByText('请与新密码一致！')).toHaveCount(0);
  await expect(dialog.getByText('请与确认新密码一致！')).toHaveCount(0);
  await dialog.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).click();

  await expect(page).toHaveURL(/#\/login/);
  await page.getByLabel('用户名').fill('chenyu');
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const failure = page.getByRole('dialog').filter({ hasText: '登录失败' });
  await expect(failure).toBeVisible();
  await shot(page, '21-old-password-refused');
  await failure.getByRole('button').last().click();

  await signInAs(page, 'chenyu', 'NewPass2026');
  await openUserMenu(page, '退出登录');
  await expect(page).toHaveURL(/#\/login/);
});
