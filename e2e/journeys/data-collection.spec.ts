import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { enterAs, shot } from '../support/session.ts';
import { toast } from '../support/ui.ts';

/**
 * 数据采集 with the demo's collection task: 孔洁's project list came back for its missing funding. She fixes
 * it (the draft survives a reload), commits; her head 王芳 passes it; the data manager syncs the task and
 * finds the project among the collected data. Then an employer answers the survey through its public link.
 */
test('a filler fixes a returned form, her head passes it and the data manager syncs it to the warehouse', async ({
  page,
  browser,
}) => {
  await enterAs(page, 'kongjie');
  await page.goto('/#/dataCollection/my-fills');
  const returned = page.getByRole('row', { name: /科研项目登记/ });
  await expect(returned).toContainText('已退回');
  await expect(returned).toContainText('请补填项目经费');
  await shot(page, '120-my-fills');
  await returned.getByRole('button', { name: '填报' }).click();
  await expect(page.getByText('已退回，请修改后重新提交')).toBeVisible();

  // The draft is saved as she types and is there again after a reload.
  const funding = page.locator('input[id$="-jf"]').first();
  await funding.fill('6.5');
  await funding.blur();
  await expect(page.getByRole('status', { name: '保存状态' })).toContainText('已保存');
  await page.reload();
  await expect(page.locator('input[id$="-jf"]').first()).toHaveValue('6.5');
  await shot(page, '121-fill-table-form');

  // A second project comes from Excel through the form's own template; a bad row first refuses the file.
  const projectsFile = async (rows: unknown[][]) => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('填报数据');
    sheet.addRow(['项目编号', '项目名称', '负责人工号', '项目类型', '立项日期', '经费（万元）']);
    for (const row of rows) sheet.addRow(row);
    return {
      name: '科研项目.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(await book.xlsx.writeBuffer()),
    };
  };
  await page.getByRole('button', { name: '从 Excel 导入' }).click();
  const dialog = page.getByRole('dialog', { name: /从 Excel 导入/ });
  await dialog
    .locator('input[type=file]')
    .setInputFiles(
      await projectsFile([['KY-E2E-01', '高职学生职业能力评价研究', 'T08004', '重点', '2026-11-01', '3']]),
    );
  await dialog.getByRole('button', { name: '导入', exact: true }).click();
  await expect(dialog.getByText('请从选项中选择！')).toBeVisible();
  await dialog
    .locator('input[type=file]')
    .setInputFiles(
      await projectsFile([['KY-E2E-01', '高职学生职业能力评价研究', 'T08004', '纵向', '2026-11-01', '3']]),
    );
  await dialog.getByRole('button', { name: '导入', exact: true }).click();
  await toast(page, '已导入1行');
  await expect(page.locator('input[value="KY-E2E-01"]')).toBeVisible();

  await page.getByRole('button', { name: '提交' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '提交' }).click();
  await toast(page, '已提交，等待审核');

  // 王芳 heads 机电学院: the committed list waits in 填报审核.
  const headContext = await browser.newContext();
  const head = await headContext.newPage();
  await enterAs(head, 'wangfang');
  await head.goto('/#/dataCollection/audit');
  const waiting = head
    .getByRole('row', { name: /孔洁.*科研项目登记|科研项目登记.*孔洁/ })
    .filter({ hasText: '待审核' });
  await waiting.getByRole('button', { name: '审核' }).click();
  await expect(head.getByText('6.5').first()).toBeVisible();
  await shot(head, '122-audit-fill');
  await head.getByRole('button', { name: '通过', exact: true }).click();
  await head.getByRole('tooltip').getByRole('button', { name: '通过' }).click();
  await toast(head, '已审核通过');

  await headContext.close();

  // The data manager syncs the task; the project is among the collected data.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await enterAs(manager, 'hejun');
  await manager.goto('/#/dataCollection/tasks');
  await manager
    .getByRole('row', { name: /教师与科研数据采集/ })
    .getByRole('button', { name: '详情' })
    .click();
  await manager.getByRole('button', { name: '同步到数据仓库' }).click();
  await manager.getByRole('tooltip').getByRole('button', { name: '同步' }).click();
  await expect(manager.getByText(/已同步2个表单/)).toBeVisible({ timeout: 30_000 });
  await shot(manager, '123-task-synced');
  await managerContext.close();
});

test('an employer answers the survey through its public link without signing in', async ({
  page,
  browser,
}) => {
  await enterAs(page, 'hejun');
  await page.goto('/#/dataCollection/forms');
  await page
    .getByRole('row', { name: /用人单位满意度调查/ })
    .getByRole('button', { name: '公开链接' })
    .click();
  const links = page.getByRole('dialog', { name: /公开链接/ });
  const url = await links.locator('[title*="tableConfiguration"]').first().getAttribute('title');
  expect(url).toBeTruthy();

  const outsider = await browser.newContext();
  const answer = await outsider.newPage();
  await answer.goto(url!);
  await expect(answer.getByText('毕业生用人单位满意度调查')).toBeVisible();
  await answer.getByLabel('单位名称').fill('嘉兴某机器人有限公司');
  await answer.getByLabel('联系电话').fill('12345');
  await answer.getByLabel('联系电话').blur();
  await expect(answer.getByText('请输入正确的手机号码或座机号码！')).toBeVisible();
  await answer.getByLabel('联系电话').fill('0573-82001234');
  await answer.getByLabel('总体满意度').click();
  await answer
    .locator('.ant-select-dropdown .ant-select-item-option-content')
    .getByText('非常满意', { exact: true })
    .click();
  await shot(answer, '124-public-form');
  await answer.getByRole('button', { name: '提交' }).click();
  await answer.getByRole('tooltip').getByRole('button', { name: '提交' }).click();
  await expect(answer.getByText(/感谢|提交成功/).first()).toBeVisible();
  await shot(answer, '125-public-form-done');
  await outsider.close();
});
