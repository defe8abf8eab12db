import { expect, test } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { enterAs, shot } from '../support/session.ts';
import { toast } from '../support/ui.ts';

const base = '/api/herm-sjcj';
const day = 86_400_000;

/**
 * 数据只采一次: 教师基本信息 takes 工号, 姓名, 职称 and 入职日期 from the personnel roster (数据仓库 教师信息).
 * 喻航 of 基础教学部 opens his form and finds them filled in with their source; he corrects his 职称 and
 * commits; the data manager, who keeps the roster, finds the change among 数据变更提醒 and confirms it.
 */
test('a teacher finds what the school holds filled in, changes one value, and its owner is told', async ({
  page,
  browser,
  baseURL,
}) => {
  // This journey's own task of 教师基本信息 for 基础教学部, allocated by its head to 喻航. (陈宇 of 经管学院
  // would do as well, but the password journey changes his password.)
  const manager = await apiAs(baseURL!, 'hejun');
  const forms = await (
    await manager.api.get(`${base}/forms`, { params: { keyword: '教师基本信息', pageNum: 1, pageSize: 10 } })
  ).json();
  const formId = (forms.data.records as { id: string; name: string }[]).find(
    (f) => f.name === '教师基本信息',
  )!.id;
  const task = await manager.post<{ id: string }>(`${base}/tasks`, {
    name: '基础部教师信息补录',
    formIds: [formId],
    startAt: new Date(Date.now() - day).toISOString(),
    deadline: new Date(Date.now() + 7 * day).toISOString(),
    departmentIds: ['d12'],
  });
  const head = await apiAs(baseURL!, 'weilan');
  const allocations = await (
    await head.api.get(`${base}/taskAllocations`, { params: { taskId: task.id, pageNum: 1, pageSize: 10 } })
  ).json();
  const filler = await apiAs(baseURL!, 'yuhang');
  await head.post(`${base}/taskAllocations/batch`, {
    allocationId: allocations.data.records[0].id,
    fillerIds: [filler.userId],
  });

  await enterAs(page, 'yuhang');
  await page.goto('/#/dataCollection/my-fills');
  await page
    .getByRole('row', { name: /基础部教师信息补录/ })
    .getByRole('button', { name: '填报' })
    .click();
  const item = (label: string) => page.locator('.ant-form-item').filter({ hasText: label }).first();
  // Filled in from the roster, each labelled with where it came from; the autosave keeps them.
  await expect(page.locator('input[id$="-xm"]')).toHaveValue('喻航');
  await expect(page.locator('input[id$="-gh"]')).not.toHaveValue('');
  await expect(item('职称')).toContainText('已有数据来自数据仓库「教师信息」');
  await expect(item('入职日期')).toContainText('已有数据来自数据仓库「教师信息」');
  await expect(item('邮箱')).not.toContainText('已有数据');
  await expect(page.getByRole('status', { name: '保存状态' })).toContainText('已保存');
  await shot(page, '126-fill-known-values');

  // He was promoted: the roster is behind. Changing it says who will be told.
  // What the roster says may not even be one of the options (工程师): the page shows it as held.
  const fills = await (
    await filler.api.get(`${base}/fillTasks`, { params: { taskId: task.id, pageNum: 1, pageSize: 10 } })
  ).json();
  const detail = await (await filler.api.get(`${base}/fillTasks/${fills.data.records[0].id}`)).json();
  const current = String(detail.data.known.zc.value);
  expect(current).not.toBe('');
  const next = current === '教授' ? '副教授' : '教授';
  await item('职称').locator('.ant-select').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await options.getByText(next, { exact: true }).click();
  await expect(item('职称')).toContainText('已修改，提交后将通知数据来源的负责人');
  await shot(page, '127-fill-known-changed');
  await page.getByRole('button', { name: '提交' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '提交' }).click();
  await toast(page, '已提交，等待审核');

  // 何军 keeps the warehouse: the change waits for him, counted on the menu.
  const context = await browser.newContext();
  const owner = await context.newPage();
  await enterAs(owner, 'hejun');
  await owner.goto('/#/dataCollection/value-changes');
  const row = owner.getByRole('row', { name: /喻航/ }).filter({ hasText: '职称' });
  await expect(row).toContainText(current);
  await expect(row).toContainText(next);
  await expect(row).toContainText('数据仓库「教师信息」');
  await expect(owner.getByRole('menuitem', { name: /数据变更提醒/ })).toContainText(/[1-9]/);
  await shot(owner, '128-value-notices');
  await row.getByRole('button', { name: '确认' }).click();
  await toast(owner, '已确认');
  await expect(owner.getByRole('row', { name: /喻航/ }).filter({ hasText: '职称' })).toHaveCount(0);
  await context.close();
});
