import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { enterAs, shot } from '../support/session.ts';
import { drawn } from '../support/sweep.ts';
import { toast } from '../support/ui.ts';

/**
 * Issue 28: the three daily jobs by keyboard alone. After signing in nothing is clicked or filled: Tab,
 * Shift+Tab, arrows, Enter, Space, Escape and typing move through 诊断改进 (a teacher types a result),
 * 目标任务 (a department head opens a task and its dialogs) and 数据采集 (a filler keeps a draft). Each
 * stop checks that the focused control shows where the focus is.
 */

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 15_000 });

/** Presses Tab until `target` has the focus; fails naming what had it instead. */
async function tabTo(page: Page, target: Locator, max = 60, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  const focused = await page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? `${el.tagName} ${el.getAttribute('aria-label') ?? ''} ${el.textContent?.slice(0, 40)}`
      : 'none';
  });
  throw new Error(`${max} × ${key} never reached ${target}; the focus is on ${focused}`);
}

/** Arrow-keys through a focused menu (antd's roving focus) until the item named `name` is active, then Enter. */
async function chooseInMenu(page: Page, menu: Locator, name: string, max = 12) {
  // By its text: a count badge (部门任务 1) adds its own name to the item's.
  const item = menu.locator('[role=menuitem]').filter({ hasText: new RegExp(`^${name}\\d*$`) });
  // The item that holds the focus is the one Enter opens (a hovered item is marked active too).
  const isActive = () => item.evaluate((el) => el === document.activeElement);
  const activeText = () =>
    menu.evaluate(
      (el) => (el.querySelector('.ant-menu-item-active') ?? document.activeElement)?.textContent ?? '',
    );
  for (let i = 0; i < max && !(await isActive()); i++) {
    const before = await activeText();
    await page.keyboard.press('ArrowDown');
    // The menu moves its active item after the key: read it again only once it has moved (a busy lane lags).
    await expect.poll(activeText, { timeout: 5_000 }).not.toBe(before);
  }
  await expect.poll(isActive).toBe(true);
  await page.keyboard.press('Enter');
}

/**
 * Whether the focus is inside `scope`, a dialog or a drawer: antd focuses the drawer's (or modal's)
 * outer box on opening, the parent of the element with role dialog.
 */
function focusInside(scope: Locator) {
  return scope.evaluate((el) =>
    (el.closest('.ant-drawer, .ant-modal-wrap') ?? el).contains(document.activeElement),
  );
}

/**
 * The focused control shows a focus ring: an outline or a box shadow on itself or, for antd's text
 * boxes and selects, on the wrapper that draws the box.
 */
async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'no focus';
    const box =
      el.closest('.ant-input-affix-wrapper, .ant-select, .ant-input-number, .ant-picker, .ant-input') ?? el;
    const drawn = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
      return outline || style.boxShadow !== 'none';
    };
    return drawn(el) || drawn(box) ? 'ring' : `no ring on ${el.tagName}.${el.className}`;
  });
  expect(ring).toBe('ring');
}

test('诊断改进 by keyboard: a teacher reaches her task and types a result', async ({ page }) => {
  await enterAs(page, 'yangguang');
  await page.goto('/#/improvement/warningTask');
  // A keyboard user starts once the page is shown: a late redraw would take the focus from under her.
  await drawn(page);
  const sidebar = page.getByRole('menu', { name: '诊断改进菜单' });
  await tabTo(page, sidebar);
  await expectFocusRing(page);
  // The items are named by their text alone: the icons beside it are hidden from screen readers.
  await expect(sidebar.getByRole('menuitem', { name: '我的任务', exact: true })).toBeVisible();
  await chooseInMenu(page, sidebar, '我的任务');
  await expect(page).toHaveURL(/#\/improvement\/myTask/);

  const task = page.getByRole('button', { name: /^\d{4}年度学校质量诊断$/ }).first();
  await tabTo(page, task);
  await expectFocusRing(page);
  await shot(page, '280-keyboard-task-focused');
  await page.keyboard.press('Enter');
  const fillButton = page
    .getByRole('row')
    .filter({ hasText: '青禾职业技术学院' })
    .getByRole('button', { name: '填报' });
  await tabTo(page, fillButton);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page.getByText(/青禾职业技术学院（演示） - /)).toBeVisible();

  const cell = page
    .getByRole('textbox', { name: /本次结果$/ })
    .or(page.getByRole('spinbutton', { name: /本次结果$/ }))
    .first();
  await tabTo(page, cell, 120);
  await expectFocusRing(page);
  const point = ((await cell.getAttribute('aria-label')) ?? '').replace(/本次结果$/, '');
  await page.keyboard.press('ControlOrMeta+A');
  // A value other than the one held: an unchanged value is not saved again (a second run on one server).
  await page.keyboard.type((await cell.inputValue()) === '88' ? '89' : '88');
  await shot(page, '281-keyboard-result-typed');
  await page.keyboard.press('Enter');
  await toast(page, `已保存「${point}」的结果`);

  // The point's name opens its drawer; Escape closes it and the focus is back on the name.
  const name = page.getByRole('button', { name: point, exact: true });
  await tabTo(page, name, 20, 'Shift+Tab');
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog').filter({ hasText: point });
  await expect(drawer).toBeVisible();
  await expect.poll(() => focusInside(drawer)).toBe(true);
  await shot(page, '282-keyboard-point-drawer');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(name).toBeFocused();
});

test('目标任务 by keyboard: a department head opens a task, a dialog in it, and Escape brings her back', async ({
  page,
}) => {
  await enterAs(page, 'qianli');
  await page.goto('/#/targetTaskManagement/summaryAnalysis');
  // A keyboard user starts once the page is shown: a late redraw would take the focus from under her.
  await drawn(page);
  const sidebar = page.getByRole('menu', { name: '目标任务管理菜单' });
  await tabTo(page, sidebar);
  await chooseInMenu(page, sidebar, '部门任务');
  await expect(page).toHaveURL(/#\/targetTaskManagement\/departmentTask/);
  const details = page.getByRole('article').first().getByRole('button', { name: '详情' });
  await tabTo(page, details);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog').filter({ hasText: '任务详情：' });
  await expect(drawer.getByText('任务节点（')).toBeVisible();
  await expect(drawer).toContainText(/任务详情：/);
  // The drawer takes the focus; its 新增节点 opens a dialog that Escape closes, the focus back on the button.
  const addNode = drawer.getByRole('button', { name: '新增节点' });
  await tabTo(page, addNode, 20);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const nodeDialog = page.getByRole('dialog', { name: '新增任务节点' });
  await expect(nodeDialog).toBeVisible();
  // The dialog takes the focus (antd focuses the dialog box itself); the first field is one Tab away.
  await expect.poll(() => focusInside(nodeDialog)).toBe(true);
  await tabTo(page, nodeDialog.getByLabel('节点名称'), 5);
  await expectFocusRing(page);
  await shot(page, '284-keyboard-node-dialog');
  await page.keyboard.press('Escape');
  await expect(nodeDialog).toBeHidden();
  await expect(addNode).toBeFocused();

  // 进度上报 by the tab list's arrows.
  await tabTo(page, drawer.getByRole('tab', { selected: true }), 20, 'Shift+Tab');
  await expectFocusRing(page);
  const progressTab = drawer.getByRole('tab', { name: /进度上报/ });
  for (let i = 0; i < 6 && !(await progressTab.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(progressTab).toHaveAttribute('aria-selected', 'true');
  await expectFocusRing(page);
  await shot(page, '285-keyboard-progress-tab');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(details).toBeFocused();
  await expectFocusRing(page);
});

const COLLECT = '/api/herm-sjcj';
const DAY = 86_400_000;

/** A collection task of 教师基本信息 for 教务处, its head 钱丽 naming 吕萍 the filler: made through the API. */
async function lvpingFill(baseURL: string, name: string) {
  const manager = await apiAs(baseURL, 'hejun');
  const forms = await (
    await manager.api.get(`${COLLECT}/forms`, {
      params: { keyword: '教师基本信息', pageNum: 1, pageSize: 10 },
    })
  ).json();
  const formId = (forms.data.records as { id: string; name: string }[]).find(
    (f) => f.name === '教师基本信息',
  )!.id;
  const task = await manager.post<{ id: string }>(`${COLLECT}/tasks`, {
    name,
    formIds: [formId],
    startAt: new Date(Date.now() - DAY).toISOString(),
    deadline: new Date(Date.now() + 7 * DAY).toISOString(),
    departmentIds: ['d02'],
  });
  const head = await apiAs(baseURL, 'qianli');
  const allocations = await (
    await head.api.get(`${COLLECT}/taskAllocations`, {
      params: { taskId: task.id, pageNum: 1, pageSize: 10 },
    })
  ).json();
  const filler = await apiAs(baseURL, 'lvping');
  await head.post(`${COLLECT}/taskAllocations/batch`, {
    allocationId: allocations.data.records[0].id,
    fillerIds: [filler.userId],
  });
  for (const client of [manager, head, filler]) await client.api.dispose();
}

test('数据采集 by keyboard: a filler opens her fill, types a value and keeps the draft', async ({
  page,
  baseURL,
}) => {
  const taskName = `键盘填报${Date.now().toString(36).slice(-5)}`;
  await lvpingFill(baseURL!, taskName);
  await enterAs(page, 'lvping');
  await page.goto('/#/dataCollection/my-fills');
  // A keyboard user starts once the page is shown: a late redraw would take the focus from under her.
  await drawn(page);
  const fill = page.getByRole('row', { name: new RegExp(taskName) }).getByRole('button', { name: '填报' });
  await tabTo(page, fill);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: '提交' })).toBeVisible();
  // The fill's fields in order after 返回我的填报 and 提交; the draft is saved as she leaves a field.
  const email = page.getByLabel('邮箱');
  await tabTo(page, email, 20);
  await expectFocusRing(page);
  await page.keyboard.type('lvping@example.edu.cn');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('status', { name: '保存状态' })).toContainText('已保存');
  await expectFocusRing(page);
  await page.keyboard.press('Shift+Tab');
  await expect(email).toBeFocused();
  await expect(email).toHaveValue('lvping@example.edu.cn');
  // A select by the arrows: 学历 opens with ArrowDown, Enter takes the option.
  await tabTo(page, page.getByLabel('学历'), 5, 'Shift+Tab');
  await expectFocusRing(page);
  await page.keyboard.press('ArrowDown');
  const options = page.locator('.ant-select-dropdown:visible');
  await expect(options).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(options).toBeHidden();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('status', { name: '保存状态' })).toContainText('已保存');
  await shot(page, '286-keyboard-fill');
});
