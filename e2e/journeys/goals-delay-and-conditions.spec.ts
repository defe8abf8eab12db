import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { enterAs, shot } from '../support/session.ts';
import { day, rowOf, toast } from '../support/ui.ts';

const OK = /确\s*定/;
/** A task of the demo seed: hanbing leads it, zhaoming created it, its second node is executing. */
const SEED_TASK = '深化产教融合，新增校企合作项目不少于10项';
const SEED_NODE = '签订新增合作协议';

async function signedIn(browser: Browser, account: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await enterAs(page, account);
  return page;
}

test('a node delay requested and approved, a refused deletion shows the server message, and warning conditions configured in batch with their history', async ({
  browser,
}) => {
  test.setTimeout(180_000);

  // ------------------------------------------------------------------ the node principal asks for a delay
  const principal = await signedIn(browser, 'hanbing');
  await principal.goto('/#/targetTaskManagement/myTask');
  await principal.getByRole('searchbox', { name: '请输入任务名称' }).fill('深化产教融合');
  await principal.getByRole('searchbox', { name: '请输入任务名称' }).press('Enter');
  const card = principal.getByRole('article', { name: SEED_TASK });
  await expect(card).toContainText('进行中');
  // hanbing did not create the task: no edit, delete or withdraw.
  await expect(card.getByRole('button', { name: /编辑|删除|撤回/ })).toHaveCount(0);
  await card.getByRole('button', { name: '详情' }).click();
  const drawer = principal.getByRole('dialog').filter({ hasText: `任务详情：${SEED_TASK}` });
  const nodeRow = rowOf(drawer, SEED_NODE);
  await expect(nodeRow).toContainText('执行中');
  await nodeRow.getByRole('button', { name: '申请延期' }).click();
  const delayDialog = principal.getByRole('dialog', { name: `申请延期（${SEED_NODE}）` });
  await delayDialog.getByRole('button', { name: OK }).click();
  await expect(
    delayDialog.locator('.ant-form-item-explain-error').getByText('请选择延期后结束日期'),
  ).toBeVisible();
  await expect(delayDialog.locator('.ant-form-item-explain-error').getByText('请输入延期原因')).toBeVisible();
  await delayDialog.getByLabel('延期后结束日期').fill(day(75));
  await delayDialog.getByLabel('延期后结束日期').press('Enter');
  await delayDialog.getByLabel('延期原因').fill('两家合作企业的协议需等待集团审批。');
  await shot(principal, '70-goals-delay-request');
  await delayDialog.getByRole('button', { name: OK }).click();
  await toast(principal, '延期申请已提交');
  await expect(nodeRow.getByRole('button', { name: '申请延期' })).toHaveCount(0);

  // ------------------------------------------------------------------ the creator approves it
  const publisher = await signedIn(browser, 'zhaoming');
  await publisher.goto('/#/targetTaskManagement/yearTargets');
  await rowOf(publisher, `${new Date().getFullYear()}年度学校事业发展目标`)
    .getByRole('button', { name: '分解' })
    .click();
  const decompose = publisher.getByRole('dialog').filter({ hasText: '分解年度目标：' });
  await decompose.getByRole('searchbox', { name: '请输入任务名称' }).fill('深化产教融合');
  await decompose.getByRole('searchbox', { name: '请输入任务名称' }).press('Enter');
  const taskRow = rowOf(decompose, SEED_TASK);

  // A started task with a sub-task cannot be deleted: the server's message shows.
  await taskRow.getByRole('button', { name: '删除' }).click();
  const box = publisher.getByRole('tooltip').filter({ hasText: `确定删除任务「${SEED_TASK}」吗？` });
  await box.getByRole('button', { name: /删\s*除/ }).click();
  await toast(publisher, /请先删除该任务的子任务/);
  await expect(taskRow).toBeVisible();

  await taskRow.getByRole('button', { name: '详情' }).click();
  const detail = publisher.getByRole('dialog').filter({ hasText: `任务详情：${SEED_TASK}` });
  await detail.getByRole('tab', { name: /延期申请/ }).click();
  const delayRow = rowOf(detail, '集团审批');
  await expect(delayRow).toContainText('待审核');
  await delayRow.getByRole('button', { name: '审核通过' }).click();
  const pass = publisher.getByRole('dialog', { name: `延期审核通过（${SEED_NODE}）` });
  await pass.getByRole('textbox').fill('同意延期。');
  await pass.getByRole('button', { name: OK }).click();
  await toast(publisher, '延期审核通过');
  await expect(delayRow).toContainText('审核通过');
  await detail.getByRole('tab', { name: /任务节点/ }).click();
  await expect(rowOf(detail, SEED_NODE)).toContainText('延期未完成');
  await expect(rowOf(detail, SEED_NODE)).toContainText(day(75));
  await shot(publisher, '71-goals-delay-approved');

  // The creator attaches a support document to the task.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-e2e-goals2-'));
  const support = path.join(work, '合作企业清单.txt');
  fs.writeFileSync(support, '合作企业32家。\n');
  await detail.getByRole('button', { name: '上传附件' }).click();
  const filesDialog = publisher.getByRole('dialog', { name: '上传任务附件' });
  // The form's fields register after the dialog's first frame; an OK pressed before that validates nothing.
  await expect(filesDialog.getByText('目标支撑文件')).toBeVisible();
  await filesDialog.getByRole('button', { name: OK }).click();
  await expect(filesDialog.locator('.ant-form-item-explain-error').getByText('请先选取文件!')).toBeVisible();
  await filesDialog.locator('input[type=file]').setInputFiles(support);
  await expect(filesDialog.locator('.ant-upload-list-item-done')).toContainText('合作企业清单.txt');
  await filesDialog.getByRole('button', { name: OK }).click();
  await toast(publisher, '附件已上传');
  await expect(detail.getByRole('link', { name: /【目标支撑文件】合作企业清单\.txt/ })).toBeVisible();
  await detail.getByRole('button', { name: '关闭' }).click();

  // Export of the year target's tasks; the import template comes back in as one more task.
  const exported = publisher.waitForEvent('download');
  await decompose.getByRole('button', { name: '导出' }).click();
  expect((await exported).suggestedFilename()).toBe('目标任务明细.xlsx');
  await decompose.getByRole('button', { name: '导入任务' }).click();
  const importDialog = publisher.getByRole('dialog').filter({ hasText: '导入任务（' });
  const templateDownload = publisher.waitForEvent('download');
  await importDialog.getByRole('button', { name: '下载导入模板' }).click();
  const template = path.join(work, '目标任务导入模板.xlsx');
  await (await templateDownload).saveAs(template);
  await importDialog.locator('input[type=file]').setInputFiles(template);
  await importDialog.getByRole('button', { name: /^导\s*入$/ }).click();
  // The template carries an example row: it imports as one task of the year target.
  await expect(importDialog.getByRole('alert')).toContainText('已导入1个任务');
  await toast(publisher, '已导入1个任务');
  await shot(publisher, '72-goals-imported');
  await importDialog
    .getByRole('button', { name: /关\s*闭/ })
    .first()
    .click();
  await decompose.getByRole('button', { name: '关闭' }).click();
  fs.rmSync(work, { recursive: true, force: true });

  // ------------------------------------------------------------------ warning conditions in batch, then the history
  await publisher.goto('/#/targetTaskManagement/warningCondition');
  await expect(rowOf(publisher, 'A类·重点')).toContainText('结束前');
  await publisher.getByRole('button', { name: '批量设置' }).click();
  const batch = publisher.getByRole('dialog', { name: '批量设置预警条件' });
  await batch.getByLabel('A类·重点').fill('');
  await batch.getByRole('button', { name: OK }).click();
  await expect(batch.locator('.ant-form-item-explain-error').getByText('请输入预警天数')).toBeVisible();
  await batch.getByLabel('A类·重点').fill('40');
  await batch.getByLabel('B类·常规').fill('20');
  await batch.getByLabel('C类·一般').fill('7');
  await shot(publisher, '73-goals-warning-conditions-batch');
  await batch.getByRole('button', { name: OK }).click();
  await toast(publisher, '预警条件已批量保存');
  const current = publisher.locator('.ant-card').filter({ hasText: '预警条件' }).first();
  await expect(rowOf(current, 'A类·重点')).toContainText('结束前 40 天');
  await expect(rowOf(current, 'C类·一般')).toContainText('结束前 7 天');
  await expect(rowOf(current, 'A类·重点')).toContainText('赵明');
  const history = publisher.locator('.ant-card').filter({ hasText: '配置历史' });
  await expect(rowOf(history, '结束前 40 天')).toContainText('赵明');
  await shot(publisher, '73b-goals-warning-conditions');

  // 部门概览: each department with its head, tasks and warnings; 督办 starts from the department.
  await publisher.goto('/#/targetTaskManagement/departments');
  const academic = rowOf(publisher, '教务处');
  await expect(academic).toContainText('钱丽');
  await academic.getByRole('button', { name: '督办' }).click();
  const urgeDialog = publisher.getByRole('dialog', { name: '督办' });
  await expect(urgeDialog.locator('.ant-select-selection-item').filter({ hasText: '教务处' })).toBeVisible();
  await urgeDialog.getByRole('button', { name: /取\s*消/ }).click();
  await expect(urgeDialog).toBeHidden();
  await shot(publisher, '76-goals-departments');

  // A department head reads the conditions but cannot set them.
  const head = await signedIn(browser, 'qianli');
  await head.goto('/#/targetTaskManagement/warningCondition');
  await expect(rowOf(head, 'A类·重点')).toContainText('结束前 40 天');
  await expect(head.getByRole('button', { name: '批量设置' })).toHaveCount(0);
  await expect(head.getByRole('button', { name: '设置' })).toHaveCount(0);

  // A collaborating department's head sees the task under 协同任务, read-only; the warning filter narrows the cards.
  const collaborator = await signedIn(browser, 'fenglei');
  await collaborator.goto('/#/targetTaskManagement/cooperationTask');
  const shared = collaborator.getByRole('article', { name: SEED_TASK });
  await expect(shared).toContainText('负责人 韩冰');
  await expect(shared.getByRole('button', { name: /编辑|删除|撤回/ })).toHaveCount(0);
  await shot(collaborator, '74-goals-cooperation-tasks');
  await collaborator.getByLabel('预警类型').click();
  await collaborator.locator('.ant-select-dropdown:visible').getByTitle('逾期预警', { exact: true }).click();
  await expect(collaborator.getByRole('article', { name: SEED_TASK })).toHaveCount(0);
  await shot(collaborator, '75-goals-cooperation-overdue');
});
