import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { shot, signInAs } from '../support/session.ts';
import { day, rowOf, toast } from '../support/ui.ts';

/**
 * Issue 11 §2: a department head on a 390×844 phone. qianli heads 教务处 (d02); the school leader
 * (zhaoming) gives the department an overdue task, a task whose nodes run, and an urge; hanbing hands
 * in progress that waits for the department's audit. All of it is made through the API, so the
 * journey owns its data and leaves the seed's tasks to the other journeys.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const GOALS = '/api/herm-mbrwgl';
const OK = /确\s*定/;
/** A 1×1 PNG: a photo as far as the upload is concerned. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The page never scrolls sideways: whatever is wider scrolls inside its own box. */
async function fitsTheScreen(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(
    scrollWidth,
    `${where}: page ${scrollWidth} px wide on a ${innerWidth} px screen`,
  ).toBeLessThanOrEqual(innerWidth);
}

/** The right edge of a locator lies on the screen. */
async function onScreen(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  const width = page.viewportSize()?.width ?? 0;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
}

function statistic(page: Page, title: string) {
  return page
    .locator('.ant-statistic')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('.ant-statistic-content-value');
}

test('a department head on a phone: the menu, the warning counts, a warned task, an urge accepted, progress audited and handed in with a photo', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).slice(-5);
  const targetName = `手机年度目标${stamp}`;
  const lateTask = `手机逾期任务${stamp}`;
  const runningTask = `手机在办任务${stamp}`;
  const theirNode = `韩冰的节点${stamp}`;
  const myNode = `钱丽的节点${stamp}`;
  const clients: APIRequestContext[] = [];

  try {
    // ------------------------------------------------------------------ the data, through the API
    const leader = await apiAs(baseURL!, 'zhaoming', `${GOALS}/`);
    const head = await apiAs(baseURL!, 'qianli', `${GOALS}/`);
    const member = await apiAs(baseURL!, 'hanbing', `${GOALS}/`);
    clients.push(leader.api, head.api, member.api);
    const target = await leader.post<{ id: string }>('yearTarget', {
      name: targetName,
      cycleYear: new Date().getFullYear(),
    });
    const task = (name: string, startDate: string, endDate: string) =>
      leader.post<{ id: string }>('targetTask', {
        yearTargetId: target.id,
        name,
        type: 'A',
        examType: 'score',
        targetValue: '100%',
        departmentId: 'd02',
        principalId: head.userId,
        startDate,
        endDate,
      });
    await task(lateTask, day(-60), day(-1));
    const running = await task(runningTask, day(-30), day(60));
    const node = (name: string, principalId: string) =>
      head.post<{ id: string }>('targetTaskNode', {
        taskId: running.id,
        name,
        principalId,
        startDate: day(-10),
        endDate: day(40),
      });
    const nodes = [
      { id: (await node(theirNode, member.userId)).id, client: member },
      { id: (await node(myNode, head.userId)).id, client: head },
    ];
    await head.post('targetTaskAudit', { taskId: running.id });
    await leader.post('targetTaskAudit/update', { taskId: running.id, auditState: 1 });
    for (const n of nodes) {
      const move = (client: typeof head, event: string, reason?: string) =>
        client.post('targetTaskNode/transition', { id: n.id, event, ...(reason ? { reason } : {}) });
      await move(head, 'push');
      await move(n.client, 'accept');
      await move(n.client, 'resolve', '按月推进，月底验收。');
      await move(head, 'define');
    }
    await member.post('targetTaskProgress', {
      nodeId: nodes[0]!.id,
      type: 'process',
      content: `已完成一半${stamp}`,
      completion: 50,
    });
    await leader.post('yearTargetUrge', {
      yearTargetId: target.id,
      departmentId: 'd02',
      currentStatus: 2,
      content: `请尽快推进${stamp}`,
    });

    // ------------------------------------------------------------------ signed in: the header fits, the menu drawer
    await signInAs(page, 'qianli');
    await fitsTheScreen(page, 'home');
    await onScreen(page, page.getByRole('button', { name: '用户菜单' }));
    // No horizontal top menu on a phone: a menu button instead.
    await expect(page.locator('.ant-layout-header .ant-menu-horizontal')).toHaveCount(0);
    await shot(page, 'p1-phone-home');
    await page.getByRole('button', { name: '打开主菜单' }).click();
    const nav = page.getByRole('menu', { name: '主菜单' });
    await expect(nav).toBeVisible();
    await nav.getByRole('menuitem', { name: /目标任务管理/ }).click();
    await expect(nav.getByRole('menuitem', { name: /预警任务/ })).toBeVisible();
    await shot(page, 'p2-phone-menu');
    await nav.getByRole('menuitem', { name: /预警任务/ }).click();
    await expect(nav).toBeHidden();
    await expect(page).toHaveURL(/#\/targetTaskManagement\/warningTask/);

    // ------------------------------------------------------------------ the warning counts
    // The sidebar is a drawer, closed by default.
    await expect(page.getByRole('menu', { name: '目标任务管理菜单' })).toBeHidden();
    for (const title of ['预警任务数', '逾期预警', '过程预警', '预警总数']) {
      await expect(statistic(page, title), title).toBeVisible();
    }
    await expect.poll(async () => Number(await statistic(page, '逾期预警').innerText())).toBeGreaterThan(0);
    await page.getByRole('searchbox', { name: '请输入任务名称' }).fill(lateTask);
    await page.getByRole('searchbox', { name: '请输入任务名称' }).press('Enter');
    const lateRow = rowOf(page, lateTask);
    await expect(lateRow).toContainText('逾期预警');
    await fitsTheScreen(page, 'warning tasks');
    // The name column stays on the screen while the table scrolls in its box.
    await onScreen(page, lateRow.getByRole('button', { name: lateTask }));
    await shot(page, 'p3-phone-warning-counts');

    // ------------------------------------------------------------------ a warned task opened
    await lateRow.getByRole('button', { name: lateTask }).click();
    const lateDrawer = page.getByRole('dialog').filter({ hasText: `任务详情：${lateTask}` });
    await expect(lateDrawer.getByText('任务节点（')).toBeVisible();
    await expect(lateDrawer).toContainText('逾期预警');
    await onScreen(page, lateDrawer.locator('.ant-drawer-body'));
    await fitsTheScreen(page, 'warned task');
    await shot(page, 'p4-phone-warned-task');
    await lateDrawer.getByRole('button', { name: '关闭' }).click();
    await expect(lateDrawer).toBeHidden();

    // ------------------------------------------------------------------ an urge accepted, through the sidebar drawer
    await page.getByRole('button', { name: '打开目标任务管理菜单' }).click();
    const sidebar = page.getByRole('menu', { name: '目标任务管理菜单' });
    await expect(sidebar).toBeVisible();
    await shot(page, 'p5-phone-sidebar');
    await sidebar.getByRole('menuitem', { name: '督办' }).click();
    await expect(sidebar).toBeHidden();
    await expect(page).toHaveURL(/#\/targetTaskManagement\/urge/);
    const urgeRow = rowOf(page, targetName);
    await expect(urgeRow).toContainText('待处理');
    await onScreen(page, urgeRow.getByRole('button', { name: '处理' }));
    await fitsTheScreen(page, 'urges');
    await urgeRow.getByRole('button', { name: '处理' }).click();
    const box = page.getByRole('tooltip').filter({ hasText: '确定已处理该督办吗？' });
    await expect(box).toBeVisible();
    await box.getByRole('button', { name: /处\s*理/ }).click();
    await toast(page, '督办已处理');
    await expect(urgeRow).toContainText('已处理');
    await shot(page, 'p6-phone-urge-accepted');

    // ------------------------------------------------------------------ the pending progress passed by the department
    await page.getByRole('button', { name: '打开目标任务管理菜单' }).click();
    await sidebar.getByRole('menuitem', { name: /部门任务/ }).click();
    await expect(sidebar).toBeHidden();
    await page.getByRole('searchbox', { name: '请输入任务名称' }).fill(runningTask);
    await page.getByRole('searchbox', { name: '请输入任务名称' }).press('Enter');
    const card = page.getByRole('article', { name: runningTask });
    await expect(card).toBeVisible();
    await onScreen(page, card);
    await fitsTheScreen(page, 'department tasks');
    await shot(page, 'p7-phone-department-tasks');
    await card.getByRole('button', { name: '详情' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: `任务详情：${runningTask}` });
    await expect(drawer.getByText('任务节点（')).toBeVisible();
    await drawer.getByRole('tab', { name: /进度上报/ }).click();
    const pending = rowOf(drawer, `已完成一半${stamp}`);
    await expect(pending).toContainText('审核中');
    const pass = pending.getByRole('button', { name: '部门审核通过' });
    // Reachable without scrolling sideways.
    await onScreen(page, pass);
    await fitsTheScreen(page, 'progress audit');
    await pending.scrollIntoViewIfNeeded();
    await shot(page, 'p8-phone-progress-audit');
    await pass.click();
    const passDialog = page.getByRole('dialog', { name: `部门审核通过（${theirNode}）` });
    await passDialog.getByRole('textbox').fill('进度属实。');
    await onScreen(page, passDialog.getByRole('button', { name: OK }));
    await passDialog.getByRole('button', { name: OK }).click();
    await expect(passDialog).toBeHidden();
    await toast(page, '已部门审核通过');
    await expect(pending).toContainText('部门审核通过');

    // ------------------------------------------------------------------ progress handed in with a photo
    await drawer.getByRole('tab', { name: /任务节点/ }).click();
    const mine = rowOf(drawer, myNode);
    const report = mine.getByRole('button', { name: '上报进度' });
    await onScreen(page, report);
    await mine.scrollIntoViewIfNeeded();
    await shot(page, 'p9-phone-nodes');
    await report.click();
    const dialog = page.getByRole('dialog', { name: `上报进度（${myNode}）` });
    await dialog.getByLabel('进度内容').fill('现场照片见附件。');
    await dialog.getByLabel('完成度（%）').fill('40');
    const input = dialog.locator('input[type=file]');
    // image/* first: a phone offers its camera; the document types stay allowed.
    await expect(input).toHaveAttribute('accept', /^image\/\*,.*\.pdf/);
    await input.setInputFiles({ name: '现场照片.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.locator('.ant-upload-list-item-done').getByText('现场照片.png')).toBeVisible();
    await fitsTheScreen(page, 'progress dialog');
    await onScreen(page, dialog);
    await shot(page, 'p10-phone-progress-photo');
    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, '进度已上报');
    await expect(dialog).toBeHidden();
    await drawer.getByRole('tab', { name: /进度上报/ }).click();
    const handedIn = rowOf(drawer, '现场照片见附件。');
    await expect(handedIn).toContainText('审核中');
    await expect(handedIn.getByRole('link', { name: /现场照片\.png/ })).toBeVisible();
    await fitsTheScreen(page, 'progress handed in');
    await handedIn.scrollIntoViewIfNeeded();
    await shot(page, 'p11-phone-progress-handed-in');
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
  }
});
