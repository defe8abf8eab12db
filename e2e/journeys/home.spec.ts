import { expect, type Page, test } from '@playwright/test';
import { openUserMenu, shot, signInAs } from '../support/session.ts';

/** The tile of a to-do on 首页: a link holding its count and label. */
const tile = (page: Page, label: string) =>
  page.getByRole('link', { name: new RegExp(`^\\d+\\s*${label}$`) });

/** The number a to-do tile shows. */
const countOf = async (page: Page, label: string) =>
  Number((await tile(page, label).locator('.home-todo-count').textContent()) ?? 'NaN');

test('each person lands on a workbench of their own to-dos and follows one to its list', async ({ page }) => {
  // A diagnosis charger who also leads goal work: points to fill, warnings, a node to accept.
  await signInAs(page, 'yangguang');
  await expect(page).toHaveURL(/#\/index/);
  await expect(page.getByText('您好，杨光')).toBeVisible();
  await expect(tile(page, '待填报的质控点')).toBeVisible();
  await expect(tile(page, '待处理预警的质控点')).toBeVisible();
  await expect(tile(page, '待接收的任务节点')).toContainText('1');
  await expect(page.getByText('最新动态')).toBeVisible();
  await shot(page, 'home-01-yangguang');

  // Each count opens exactly its rows, with the filter shown (and removable) on the list.
  const toFill = await countOf(page, '待填报的质控点');
  await tile(page, '待填报的质控点').click();
  await expect(page).toHaveURL(/#\/improvement\/myTask\?points=draft/);
  await expect(page.getByText('待办：待填报的质控点')).toBeVisible();
  await expect(page.getByText(`共${toFill}条`)).toBeVisible();
  await expect(page.locator('tbody tr.ant-table-row')).toHaveCount(Math.min(toFill, 10));

  await page.goto('/#/index');
  const warned = await countOf(page, '待处理预警的质控点');
  await tile(page, '待处理预警的质控点').click();
  await expect(page).toHaveURL(/#\/improvement\/warningTask\?state=pending&mine=true/);
  await expect(page.locator('.ant-segmented-item-selected')).toHaveText('未处理');
  await expect(page.getByText('我负责的质控点')).toBeVisible();
  await expect(page.getByText(`共${warned}条`)).toBeVisible();
  // Removing the filter shows the wider list again.
  await page.locator('.ant-tag', { hasText: '我负责的质控点' }).locator('.ant-tag-close-icon').click();
  await expect(page).toHaveURL(/#\/improvement\/warningTask\?state=pending$/);

  // The node to accept: 我的任务 keeps to the task holding it.
  await page.goto('/#/index');
  await tile(page, '待接收的任务节点').click();
  await expect(page).toHaveURL(/#\/targetTaskManagement\/myTask\?todo=nodesToAccept/);
  await expect(page.getByText('待办：待接收的任务节点')).toBeVisible();
  await expect(page.getByText('共1条')).toBeVisible();
  await openUserMenu(page, '退出登录');

  // The year-target publisher: delays and decompositions waiting for his decision.
  // Signing in again returns to the last page; the workbench is one click on 首页 away.
  await signInAs(page, 'zhaoming');
  await page.getByRole('menu', { name: '主菜单' }).getByText('首页').click();
  await expect(tile(page, '待我审核的延期申请')).toBeVisible();
  await expect(tile(page, '待我审核的任务分解')).toBeVisible();
  await shot(page, 'home-02-zhaoming');
  await openUserMenu(page, '退出登录');

  // A data collector has nothing in these areas yet: a friendly empty state, not a placeholder.
  await signInAs(page, 'lvping');
  await page.goto('/#/index');
  await expect(page.getByText('暂无待办')).toBeVisible();
  await expect(page.getByText('功能建设中')).toHaveCount(0);
  await shot(page, 'home-03-lvping');
});
