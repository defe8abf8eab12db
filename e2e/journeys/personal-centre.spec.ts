import { expect, test } from '@playwright/test';
import { enterAs, openUserMenu, shot } from '../support/session.ts';

test('a teacher edits the personal centre, with validation and the close guard', async ({ page }) => {
  await enterAs(page, 'weilan');
  await openUserMenu(page, '个人中心');
  const dialog = page.getByRole('dialog').filter({ hasText: '个人中心' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('部门')).toHaveValue('基础教学部');
  await expect(dialog.getByLabel('部门')).toBeDisabled();

  await dialog.getByLabel('邮箱').fill('not-an-email');
  await dialog.getByLabel('邮箱').blur();
  await expect(dialog.getByText('邮箱格式不正确！')).toBeVisible();
  await dialog.getByLabel('QQ').fill('0123');
  await dialog.getByLabel('QQ').blur();
  await expect(dialog.getByText('QQ格式不正确！')).toBeVisible();
  await shot(page, '10-personal-centre-validation');

  // Closing with unsaved changes asks first; 不保存 discards them.
  await dialog.getByRole('button', { name: '关闭' }).click();
  const guard = page.getByRole('dialog').filter({ hasText: '是否保存当前的修改？' });
  await expect(guard).toBeVisible();
  await expect(guard.getByText('退出提示')).toBeVisible();
  await shot(page, '11-personal-centre-close-guard');
  await guard.getByRole('button', { name: '不保存' }).click();
  await expect(dialog).toBeHidden();

  await openUserMenu(page, '个人中心');
  await expect(dialog.getByLabel('邮箱')).toHaveValue('weilan@demo.eduqa.example');
  await dialog.getByLabel('QQ').fill('  20261121 ');
  await dialog.getByLabel('联系电话').fill('13912345678');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('个人信息修改成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await openUserMenu(page, '个人中心');
  await expect(dialog.getByLabel('QQ')).toHaveValue('20261121');
  await expect(dialog.getByLabel('联系电话')).toHaveValue('13912345678');
  await shot(page, '12-personal-centre-saved');
  // No change: closing does not ask.
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('是否保存当前的修改？')).toHaveCount(0);
});
