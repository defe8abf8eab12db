import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { enterAs, shot } from '../support/session.ts';
import { toast } from '../support/ui.ts';

const OK = /确\s*定/;

test('the data manager keeps file types and assigns departments to points, then saves the assignment as a version', async ({
  page,
}) => {
  await enterAs(page, 'hejun');

  // 文件类型: the built-in ones are listed and cannot be deleted; an own type is added, edited, deleted.
  await page.goto('/#/dataManage/fileTypes');
  await expect(page.getByRole('row', { name: /内部支撑文件/ })).toContainText('内置');
  await page.getByRole('button', { name: '新增文件类型' }).click();
  const add = page.getByRole('dialog', { name: '新增文件类型' });
  await add.getByLabel('类型名称').fill('会议纪要');
  await add.getByLabel('类型描述').fill('校务会议的纪要');
  await add.getByRole('button', { name: OK }).click();
  await expect(page.getByText('文件类型已新增')).toBeVisible();
  const row = page.getByRole('row', { name: /会议纪要/ });
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑文件类型' });
  await edit.getByLabel('类型名称').fill('内部支撑文件');
  await edit.getByRole('button', { name: OK }).click();
  await expect(page.getByText('文件类型名称已存在')).toBeVisible();
  await edit.getByRole('button', { name: /取\s*消/ }).click();
  await shot(page, '95-file-types');
  await row.getByRole('button', { name: '删除' }).click();
  await page
    .getByRole('tooltip')
    .filter({ hasText: '确定删除文件类型「会议纪要」吗？' })
    .getByRole('button', { name: '删除' })
    .click();
  await expect(page.getByRole('row', { name: /会议纪要/ })).toHaveCount(0);

  // 部门职责: pick a department for a whole indicator, save, and find its points by department.
  await page.goto('/#/dataManage/responsibility');
  const firstIndicator = page.getByRole('row').nth(1);
  const picker = firstIndicator.getByRole('combobox');
  await picker.click();
  await picker.fill('教务处');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="教务处"]').click();
  await page.keyboard.press('Escape');
  await expect(page.getByText(/个质控点待保存/)).toBeVisible();
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText(/已保存\d+个质控点的负责部门/)).toBeVisible();
  await shot(page, '96-responsibility-tree');

  await page.getByRole('tab', { name: '按部门查询' }).click();
  const departmentFilter = page.getByRole('combobox', { name: '部门' });
  await departmentFilter.click();
  await departmentFilter.fill('教务处');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="教务处"]').click();
  await expect(page.getByRole('row', { name: /教务处/ }).first()).toBeVisible();

  await page.getByRole('tab', { name: '版本管理' }).click();
  await page.getByRole('button', { name: '新增版本' }).click();
  const version = page.getByRole('dialog', { name: '新增版本' });
  await version.getByLabel('版本名称').fill('2026年部门职责');
  await version.getByRole('button', { name: OK }).click();
  await toast(page, '已保存为新版本并启用');
  const versionRow = page.getByRole('row', { name: /2026年部门职责/ });
  await expect(versionRow).toContainText('启用中');
  await expect(versionRow.getByRole('button', { name: '删除' })).toBeDisabled();
  await shot(page, '97-responsibility-versions');
});

test('the publisher exports the dimensions and imports the template back as a job', async ({ page }) => {
  await enterAs(page, 'qianli');
  await page.goto('/#/target/dimensions');
  const exported = page.waitForEvent('download');
  await page.getByRole('button', { name: '导出' }).click();
  expect((await exported).suggestedFilename()).toBe('维度.xlsx');
  const template = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载模板' }).click();
  const templatePath = await (await template).path();

  await page.getByRole('button', { name: '导入' }).click();
  const dialog = page.getByRole('dialog', { name: '导入维度' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: '维度导入模板.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: fs.readFileSync(templatePath),
  });
  await dialog.getByRole('button', { name: /导\s*入/ }).click();
  await expect(page.getByText(/导入成功！新增维度\d+个，更新维度\d+个/).first()).toBeVisible();
  await shot(page, '98-dimension-import');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: /专业建设维度/ })).toBeVisible();
});
