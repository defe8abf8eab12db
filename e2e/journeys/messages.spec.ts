import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { enterAs } from '../support/session.ts';
import { day, rowOf, toast } from '../support/ui.ts';

const GOALS = '/api/herm-mbrwgl';

/** The header's bell, whose name says how many messages are unread. */
const bell = (page: Page) => page.getByRole('button', { name: /^消息（(\d+ 条未读|无未读)）$/ });
const unreadOf = async (page: Page) => {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) 条未读/.exec(name)?.[1] ?? 0);
};

/** Nothing wider than the screen: the page does not scroll sideways. */
const fitsTheScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('a 督办 reaches the department head as a message: the bell counts it, opens it where it points, and 消息中心 files it', async ({
  page,
  baseURL,
}) => {
  const stamp = Date.now().toString(36).slice(-5);
  const first = `消息年度目标甲${stamp}`;
  const second = `消息年度目标乙${stamp}`;
  const taskName = `消息链接任务${stamp}`;
  let taskId = '';

  // The year-target publisher urges 科研与社会服务处 on two targets (the urge dialog has its own journey).
  // A goal task of his, for the links that open one object (`?open=ID`).
  const leader = await apiAs(baseURL!, 'zhaoming', `${GOALS}/`);
  const head = await apiAs(baseURL!, 'wuwei', `${GOALS}/`);
  try {
    for (const name of [first, second]) {
      const target = await leader.post<{ id: string }>('yearTarget', {
        name,
        cycleYear: new Date().getFullYear(),
      });
      await leader.post('yearTargetUrge/batchInsert', {
        list: [{ yearTargetId: target.id, departmentId: 'd06', currentStatus: 2, content: '请尽快分解目标' }],
      });
      if (name === second) {
        const task = await leader.post<{ id: string }>('targetTask', {
          yearTargetId: target.id,
          name: taskName,
          type: 'A',
          examType: 'score',
          targetValue: '100%',
          departmentId: 'd06',
          principalId: head.userId,
          startDate: day(-10),
          endDate: day(60),
        });
        taskId = task.id;
      }
    }
  } finally {
    await leader.api.dispose();
    await head.api.dispose();
  }

  // 吴伟 heads 科研处: the bell says so as soon as the app opens.
  await enterAs(page, 'wuwei');
  await expect.poll(() => unreadOf(page)).toBeGreaterThanOrEqual(2);
  const before = await unreadOf(page);
  await bell(page).click();
  const drawer = page.getByRole('dialog').filter({ hasText: '查看全部' });
  await expect(drawer).toBeVisible();
  const message = drawer.getByRole('button', { name: `未读：督办：${first}` });
  await expect(message).toContainText('督办科研与社会服务处：请尽快分解目标');
  await expect(message).toContainText('赵明');
  await page.screenshot({ path: '/tmp/msgweb-desk-drawer.png' });

  // The message opens 督办 awaiting his answer, the urge in it; it is read now.
  await message.click();
  await expect(page).toHaveURL(/#\/targetTaskManagement\/urge\?urgeType=0&mine=true$/);
  await expect(rowOf(page, first)).toContainText('待处理');
  await expect(bell(page)).toHaveAccessibleName(`消息（${before - 1} 条未读）`);

  // 消息中心 from the personal menu: 督办 only, then everything read.
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name: '消息中心' }).click();
  await expect(page).toHaveURL(/#\/notices$/);
  await page.getByRole('combobox', { name: '类别' }).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: /^督办$/ })
    .click();
  await expect(page).toHaveURL(/#\/notices\?category=urge$/);
  await expect(rowOf(page, `督办：${second}`)).toContainText('标为已读');
  await expect(rowOf(page, `督办：${first}`)).toContainText('已读');
  await page.screenshot({ path: '/tmp/msgweb-desk-centre.png', fullPage: true });
  await page.getByRole('button', { name: '全部标为已读' }).click();
  await toast(page, `已将 ${before - 1} 条消息标为已读`);
  await expect(bell(page)).toHaveAccessibleName('消息（无未读）');
  await expect(rowOf(page, `督办：${second}`).getByRole('button', { name: '标为已读' })).toHaveCount(0);

  // A link naming a goal task opens its details on 我的任务 once: the address drops `open`, so a reload
  // shows the list.
  await page.goto(`/#/targetTaskManagement/myTask?open=${taskId}`);
  await expect(page.getByRole('dialog', { name: `任务详情：${taskName}` })).toBeVisible();
  await expect(page).toHaveURL(/#\/targetTaskManagement\/myTask$/);
  await page.reload();
  await expect(page.getByText(taskName).first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: `任务详情：${taskName}` })).toHaveCount(0);
  await page.goto('/#/notices');

  // On a phone: the bell's drawer takes the whole width, 消息中心 keeps to the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => fitsTheScreen(page)).toBe(true);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
  await expect(bell(page)).toBeInViewport();
  await page.screenshot({ path: '/tmp/msgweb-phone-centre.png' });
  await bell(page).click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: `督办：${second}` })).toBeVisible();
  const box = await page.locator('.ant-drawer-content-wrapper').boundingBox();
  expect(box?.width).toBe(390);
  await page.screenshot({ path: '/tmp/msgweb-phone-drawer.png' });
  await drawer.getByRole('button', { name: '查看全部' }).click();
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/#\/notices/);
});
