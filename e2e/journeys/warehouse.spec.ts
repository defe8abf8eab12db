import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { enterAs, shot } from '../support/session.ts';
import { toast } from '../support/ui.ts';

const OK = /确\s*定/;

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('学生成绩');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('the data manager builds a warehouse table, imports a file with a bad row, fixes it and browses the rows', async ({
  page,
}) => {
  await enterAs(page, 'hejun');
  await page.goto('/#/dataManage/warehouse');
  await expect(page.getByText('功能建设中')).toHaveCount(0);

  await page.getByRole('button', { name: '新增仓库' }).click();
  const warehouseDialog = page.getByRole('dialog', { name: '新增仓库' });
  await warehouseDialog.getByLabel('仓库名称').fill('学生数据E2E');
  await warehouseDialog.getByRole('button', { name: OK }).click();
  await toast(page, '仓库已新增');
  await page.getByTestId('warehouse-card-学生数据E2E').click();

  await page.getByRole('button', { name: '新增数据表' }).click();
  const tableDialog = page.getByRole('dialog', { name: '新增数据表' });
  await tableDialog.getByLabel('表名称').fill('学生成绩');
  await tableDialog.getByRole('button', { name: OK }).click();
  await toast(page, '数据表已新增');
  await page.getByTestId('table-card-学生成绩').click();
  await expect(page.getByText('数据表：学生成绩')).toBeVisible();

  const addField = async (label: string, code: string, type?: string) => {
    await page.getByRole('button', { name: '新增字段' }).click();
    const dialog = page.getByRole('dialog', { name: '新增字段' });
    await dialog.getByLabel('字段名称').fill(label);
    await dialog.getByLabel('字段代码').fill(code);
    if (type) {
      await dialog.getByLabel('字段类型').click();
      await page.locator('.ant-select-dropdown').getByTitle(type).click();
    }
    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, '字段已新增');
  };
  // A code that could reach SQL is refused in the form, in Chinese.
  await page.getByRole('button', { name: '新增字段' }).click();
  const bad = page.getByRole('dialog', { name: '新增字段' });
  await bad.getByLabel('字段名称').fill('学号');
  await bad.getByLabel('字段代码').fill('Xh;drop');
  await bad.getByRole('button', { name: OK }).click();
  await expect(bad.locator('.ant-form-item-explain-error')).toContainText('字段代码须以小写字母开头');
  await bad.getByRole('button', { name: /取\s*消/ }).click();
  await addField('学号', 'xh');
  await addField('姓名', 'xm');
  await addField('成绩', 'cj', '小数');

  await page.getByRole('button', { name: '创建物理表' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '创建物理表' }).click();
  await toast(page, '物理表已创建');
  await shot(page, '95-warehouse-table');

  await page.getByRole('button', { name: '导入数据' }).click();
  const importDialog = page.getByRole('dialog').filter({ hasText: '导入数据：学生成绩' });
  const header = ['学号', '姓名', '成绩'];
  await importDialog.locator('input[type=file]').setInputFiles({
    name: '成绩.xlsx',
    mimeType: 'application/octet-stream',
    buffer: await xlsx([header, ['1', '甲', 90], ['2', '乙', '优秀']]),
  });
  await importDialog.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(importDialog).toContainText('不是有效的小数');
  await shot(page, '96-warehouse-import-refused');
  await importDialog.locator('input[type=file]').setInputFiles({
    name: '成绩.xlsx',
    mimeType: 'application/octet-stream',
    buffer: await xlsx([header, ['1', '甲', 90], ['2', '乙', 85.5]]),
  });
  await importDialog.getByRole('button', { name: /^导\s*入$/ }).click();
  await expect(importDialog.getByRole('alert')).toContainText('已导入2行数据');
  await importDialog
    .getByRole('button', { name: /关\s*闭/ })
    .first()
    .click();

  await expect(page.getByRole('row', { name: /乙/ })).toContainText('85.5');
  await page.getByRole('combobox', { name: '筛选字段' }).click();
  await page.locator('.ant-select-dropdown').getByTitle('姓名（文本）').click();
  await page.getByPlaceholder('筛选值').fill('甲');
  await page.getByRole('button', { name: '添加筛选' }).click();
  await expect(page.getByRole('row', { name: /乙/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /甲/ })).toContainText('90');
  await shot(page, '97-warehouse-rows');
});
