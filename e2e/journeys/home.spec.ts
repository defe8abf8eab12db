import { expect, type Page, test } from '@playwright/test';
import { openUserMenu, shot, signInAs } from '../support/session.ts';

/** The tile of a to-do on 首页: a link holding its count and label. */
const tile = (page: Page, label: string) =>
  page.getByRole('link', { name: new RegExp(`^\\d+\\s*${label}$`) });

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

  // The node to accept is in 我的任务.
  await tile(page, '待接收的任务节点').click();
  await expect(page).toHaveURL(/#\/targetTaskManagement\/myTask/);
  await expect(page.getByText('我的任务').first()).toBeVisible();
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
