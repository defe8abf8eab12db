import { expect, test } from '@playwright/test';
import { enterAs, shot } from '../support/session.ts';

const OK = /确\s*定/;

/**
 * Needs the machine's PostgreSQL at 127.0.0.1:5432, where run-e2e.mjs makes the database
 * eduqa_e2e_source and its read-only user eduqa_e2e_reader (the platform refuses a superuser), and
 * DATA_SOURCE_HOSTS allowing 127.0.0.1.
 */
test('the data manager adds a PostgreSQL source, tests it in Chinese, edits it without seeing the password, deletes it', async ({
  page,
}) => {
  await enterAs(page, 'hejun');
  await page.goto('/#/dataManage/datasources');
  await expect(page.getByText('功能建设中')).toHaveCount(0);

  await page.getByRole('button', { name: '新增数据源' }).click();
  const dialog = page.getByRole('dialog', { name: '新增数据源' });
  await dialog.getByLabel('数据源名称').fill('教务系统库');
  await dialog.getByLabel('主机地址').fill('127.0.0.1');
  await dialog.getByLabel('数据库名').fill('no_such_db_e2e');
  await dialog.getByLabel('用户名').fill('eduqa_e2e_reader');
  await dialog.getByLabel('密码').fill('Secret-e2e-1');
  await dialog.getByRole('button', { name: '测试连接' }).click();
  await expect(dialog.getByTestId('datasource-test-answer')).toHaveText('数据库 no_such_db_e2e 不存在');
  await shot(page, '90-datasource-test-failed');

  await dialog.getByLabel('数据库名').fill('eduqa_e2e_source');
  await dialog.getByRole('button', { name: '测试连接' }).click();
  await expect(dialog.getByTestId('datasource-test-answer')).toContainText('连接成功');
  await dialog.getByRole('button', { name: OK }).click();
  await expect(page.getByText('数据源已新增')).toBeVisible();
  const row = page.getByRole('row', { name: /教务系统库/ });
  await expect(row).toContainText('127.0.0.1:5432/eduqa_e2e_source');
  await expect(row).toContainText('默认');
  await shot(page, '91-datasource-list');

  // Editing shows the mask, never the password; testing with the mask uses the stored password.
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑数据源' });
  await expect(edit.getByLabel('密码')).toHaveValue('******');
  await expect(page.locator('body')).not.toContainText('Secret-e2e-1');
  await edit.getByRole('button', { name: '测试连接' }).click();
  await expect(edit.getByTestId('datasource-test-answer')).toContainText('连接成功');
  await shot(page, '92-datasource-edit');
  await edit.getByRole('button', { name: /取\s*消/ }).click();

  await row.getByRole('button', { name: '删除' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: '确定删除数据源「教务系统库」吗？' });
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('row', { name: /教务系统库/ })).toHaveCount(0);
});
