import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, openUserMenu, shot, signInAs } from '../support/session.ts';

test('a session ended elsewhere shows the expiry dialog once, and 重新登录 leads back in', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'fenglei');

  // The same teacher changes the password in another browser: every session of theirs ends.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, 'fenglei');
  await openUserMenu(otherPage, '修改密码');
  const dialog = otherPage.getByRole('dialog').filter({ hasText: '修改密码' });
  await dialog.getByLabel('旧密码').fill(DEMO_PASSWORD);
  await dialog.getByLabel('新密码', { exact: true }).fill('Moved2026x');
  await dialog.getByLabel('确认新密码').fill('Moved2026x');
  await dialog.getByRole('button', { name: /确\s*定|保\s*存|提\s*交/ }).click();
  await expect(otherPage).toHaveURL(/#\/login/);
  await other.close();

  // The first browser's next request meets the ended session.
  await openUserMenu(page, '个人中心');
  const profile = page.getByRole('dialog').filter({ hasText: '个人中心' });
  await profile.getByLabel('QQ').fill('123456');
  await profile.getByRole('button', { name: '保存' }).click();
  const expired = page.getByRole('dialog').filter({ hasText: '提示：会话已过期！' });
  await expect(expired).toBeVisible();
  await expect(page.getByRole('dialog', { name: '提示：会话已过期！' })).toHaveCount(1);
  await shot(page, '30-session-expired');
  await expired.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL(/#\/login/);
  await signInAs(page, 'fenglei', 'Moved2026x');
});
