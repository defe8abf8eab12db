import { expect, type Locator, type Page, test } from '@playwright/test';
import { enterAs, shot } from '../support/session.ts';
import { toast } from '../support/ui.ts';

/** DEMO_SCHOOL of the seed: the school object, charged by yangguang. */
const SCHOOL = '青禾职业技术学院（演示）';
const REASON = '佐证材料不足，请补充近三年的统计明细';

/** Opens a Select by its label and picks the option shown as `option`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** The quality table's rows (each a `tr` of the body; fixed cells stay in their row). */
const pointRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

/** A box entirely inside the viewport, and the element itself on top at its centre (not under a fixed column). */
async function expectOnScreen(page: Page, target: Locator, what: string) {
  const viewport = page.viewportSize()!;
  const box = (await target.boundingBox())!;
  expect(box, what).not.toBeNull();
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height);
  const onTop = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (el === hit || el.contains(hit) || hit.contains(el));
  });
  expect(onTop, `${what}: not covered`).toBe(true);
}

/** Scrolls the quality table's body all the way right (or back left). */
async function scrollTable(page: Page, to: 'right' | 'left') {
  const body = page.locator('.ant-table-body').first();
  await body.evaluate((el, end) => {
    el.scrollLeft = end === 'right' ? el.scrollWidth : 0;
  }, to);
  await page.waitForTimeout(200);
}

test('the reviewer’s queue: jiangwen refuses one point with a reason and passes the rest; the charger sees the reason; the fill table keeps the point name beside the entry at 1280 px', async ({
  page: auditor,
  browser,
}) => {
  test.setTimeout(180_000);

  // ------------------------------------------------------------------ 1. 待审核 is the auditor's landing auditor
  await enterAs(auditor, 'jiangwen');
  await auditor.goto('/#/improvement');
  await expect(auditor).toHaveURL(/#\/improvement\/review$/);
  await expect(auditor.getByRole('menuitem', { name: /待审核/ })).toBeVisible();
  const queue = auditor.locator('.ant-table').first();
  await expect(queue.locator('tr.ant-table-row').first()).toBeVisible();
  await expect(auditor.getByText(/共\d+条/)).toBeVisible();
  await shot(auditor, '80-review-queue');

  // Filters: level 学校 leaves only the school's object tasks (one per yearly task with points waiting),
  // the latest submission first; the journey reviews that one.
  await choose(auditor, '诊断层级', '学校');
  const rows = queue.locator('tr.ant-table-row');
  await expect(rows.first()).toContainText(SCHOOL);
  const levels = await rows.locator('td:nth-child(3)').allInnerTexts();
  expect(new Set(levels.map((l) => l.trim()))).toEqual(new Set(['学校']));
  expect(await rows.filter({ hasNotText: SCHOOL }).count()).toBe(0);
  const schoolRow = rows.first();
  const reviewedTask = (await schoolRow.locator('td').first().innerText()).trim();
  await expect(schoolRow).toContainText('杨光');
  const waiting = Number((await schoolRow.locator('.ant-badge').innerText()).trim());
  expect(waiting).toBeGreaterThan(1);
  await shot(auditor, '81-review-queue-school');

  // ------------------------------------------------------------------ 2. open it: refuse one, pass the rest
  await schoolRow.getByRole('button', { name: `审核：${SCHOOL}` }).click();
  await expect(auditor).toHaveURL(/#\/improvement\/review\/obj\/[\w-]+$/);
  const objectTaskId = auditor.url().split('/obj/')[1]!;
  const submitted = pointRows(auditor).filter({ has: auditor.locator('.ant-tag', { hasText: '待审核' }) });
  await expect(submitted).toHaveCount(waiting);
  const refusedRow = submitted.first();
  const refusedName = (await refusedRow.locator('td.dq-point-name').innerText()).trim();
  await refusedRow.getByRole('checkbox').check();
  await auditor.getByRole('button', { name: '审核不通过' }).click();
  const refuse = auditor.getByRole('dialog').filter({ hasText: '审核不通过（1个质控点）' });
  await refuse.getByRole('button', { name: /确\s*定/ }).click();
  await expect(refuse.getByText('请输入不通过原因')).toBeVisible();
  await refuse.getByLabel('不通过原因').fill(REASON);
  await shot(auditor, '82-review-refuse-one');
  await refuse.getByRole('button', { name: /确\s*定/ }).click();
  await toast(auditor, '已退回');
  await expect(refuse).toBeHidden();
  await expect(submitted).toHaveCount(waiting - 1);

  // The header checkbox checks every point still waiting (the others cannot be checked).
  await auditor.locator('.ant-table-thead .ant-checkbox-input').check();
  await auditor.getByRole('button', { name: '审核通过' }).click();
  const passBox = auditor
    .getByRole('tooltip')
    .filter({ hasText: `确定审核通过选中的${waiting - 1}个质控点吗？` });
  await passBox.getByRole('button', { name: /通\s*过/ }).click();
  await toast(auditor, `已通过${waiting - 1}个质控点`);
  await expect(submitted).toHaveCount(0);
  await shot(auditor, '83-review-decided');

  // Back in the queue, the school has nothing left to review in that task.
  await auditor.getByRole('button', { name: '返回' }).click();
  await expect(auditor).toHaveURL(/#\/improvement\/review$/);
  await choose(auditor, '诊断层级', '学校');
  await expect(rows.filter({ hasText: reviewedTask })).toHaveCount(0);

  // ------------------------------------------------------------------ 3. the charger sees the refusal and why
  const chargerContext = await browser.newContext();
  const page = await chargerContext.newPage();
  await enterAs(page, 'yangguang');
  await page.goto(`/#/improvement/myTask/obj/${objectTaskId}`);
  const mine = pointRows(page).filter({ hasText: refusedName });
  await expect(mine.first()).toContainText('审核不通过');
  await expect(mine.first().locator('.dq-audit-reason')).toContainText('佐证材料不足');
  await expectOnScreen(page, mine.first().locator('.dq-audit-reason'), '不通过原因 at 1440 px');
  await shot(page, '84-charger-sees-reason');

  // ------------------------------------------------------------------ 4. a 1280 × 800 desk: name and entry side by side
  await page.setViewportSize({ width: 1280, height: 800 });
  const entry = page
    .getByRole('textbox', { name: /本次结果$/ })
    .or(page.getByRole('combobox', { name: /本次结果$/ }));
  const firstEntry = entry.first();
  await expect(firstEntry).toBeVisible();
  const label = (await firstEntry.getAttribute('aria-label'))!;
  const entryRow = pointRows(page)
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .first();
  await entryRow.scrollIntoViewIfNeeded();
  for (const side of ['left', 'right'] as const) {
    await scrollTable(page, side);
    await expectOnScreen(page, entryRow.locator('td.dq-point-name'), `质控点名称 (scrolled ${side})`);
    await expectOnScreen(page, page.getByLabel(label, { exact: true }), `本次结果 (scrolled ${side})`);
    await shot(page, `85-fill-table-1280-${side}`);
  }
  // The point name in the row is the one the entry belongs to.
  expect(label).toBe(`${(await entryRow.locator('td.dq-point-name').innerText()).trim()}本次结果`);

  // The task list fits the same desk: no sideways scroll, 未完成, 未处理预警 and 发布人 in sight.
  await page.goto('/#/improvement/myTask');
  const tasks = page.locator('.ant-table-content').first();
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  const { scroll, client } = await tasks.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
  }));
  expect(scroll, 'task list width at 1280 px').toBeLessThanOrEqual(client);
  for (const title of ['未完成', '未处理预警', '发布人']) {
    await expectOnScreen(page, page.getByRole('columnheader', { name: title, exact: true }), title);
  }
  await shot(page, '86-task-list-1280');
  await chargerContext.close();
});
