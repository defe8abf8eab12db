import { expect, type Page, test } from '@playwright/test';
import { enterAs, shot } from '../support/session.ts';

/**
 * Issue 11's smaller defects, each watched here on a desk (1440×900): ids shown as names, English keys
 * as names, 暂无数据 under a spinner, an empty 操作 column, lists wider than their box.
 */
test.use({ viewport: { width: 1440, height: 900 } });

/** Holds back the answers of matching requests, so the screen can be seen while it loads. */
async function slowDown(page: Page, pattern: string, ms: number) {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** The tables of the page whose content is wider than their box (they would scroll sideways). */
function overflowingTables(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body, .ant-table-header')]
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .map((box) => `${box.scrollWidth} > ${box.clientWidth}`),
  );
}

/** Each header lies inside the viewport and inside its table's box, not behind a sideways scroll. */
async function expectHeadersInView(page: Page, titles: readonly string[]) {
  const viewport = page.viewportSize()!;
  const box = await page.locator('.ant-table-container').first().boundingBox();
  for (const title of titles) {
    const header = await page.getByRole('columnheader', { name: title, exact: true }).first().boundingBox();
    expect(header, title).not.toBeNull();
    const right = header!.x + header!.width;
    expect(right, `${title} ends at ${right}`).toBeLessThanOrEqual(
      Math.min(viewport.width, box!.x + box!.width) + 1,
    );
    expect(header!.x, title).toBeGreaterThanOrEqual(0);
  }
}

test('the department filter of 汇总分析 never shows a raw id while the list loads', async ({ page }) => {
  await enterAs(page, 'qianli');
  await slowDown(page, '**/api/user/departments**', 4000);
  await page.goto('/#/targetTaskManagement/summaryAnalysis');
  const filter = page
    .locator('.ant-select')
    .filter({ has: page.getByRole('combobox', { name: '责任部门' }) });
  await expect(filter).toBeVisible();
  // Read once while the department list is still held back: a retrying assertion would wait it out.
  expect(await filter.innerText()).not.toContain('d02');
  await expect(filter).toContainText('教务处');
  await shot(page, '90-summary-department-named');
});

test('the administrator: 维度管理 in Chinese, no 暂无数据 while loading, no empty 操作 column', async ({
  page,
}) => {
  await enterAs(page, 'admin');

  // While the dimension list loads, the spinner shows alone.
  await slowDown(page, '**/dimension/**', 2500);
  await page.goto('/#/target/dimensions');
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toBeVisible();
  // Read once while loading: a retrying assertion would pass once the rows replaced the placeholder.
  await expect(page.locator('.ant-table-placeholder')).toHaveCount(1);
  expect(await page.locator('.ant-table-placeholder .ant-empty-description').isVisible()).toBe(false);
  await shot(page, '91-table-loading-without-empty-text');

  // The seeded dimension types are named in Chinese, not by the contract's English keys.
  await expect(page.getByRole('row', { name: /学校/ }).first()).toBeVisible();
  for (const key of ['school', 'teachingTeam']) {
    await expect(page.getByRole('cell', { name: key, exact: true })).toHaveCount(0);
  }
  await shot(page, '92-dimensions-in-chinese');

  // 目标报告: a 操作 column shown has something in every row.
  await page.goto('/#/targetTaskManagement/targetReport');
  await expect(page.locator('.ant-table-tbody .ant-table-row').first()).toBeVisible();
  const emptyActionCells = await page.evaluate(() => {
    const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim());
    const index = headers.indexOf('操作');
    if (index < 0) return 0;
    return [...document.querySelectorAll('.ant-table-tbody .ant-table-row')].filter(
      (row) => !row.children[index]?.textContent?.trim(),
    ).length;
  });
  expect(emptyActionCells).toBe(0);
  await shot(page, '93-admin-reports-actions');
});

test('task lists fit 1440 px: 未完成, 未处理预警 and 发布人 in view without scrolling sideways', async ({
  page,
}) => {
  await enterAs(page, 'sunhua');
  await page.goto('/#/improvement/yearTask');
  await expect(page.locator('.ant-table-tbody .ant-table-row').first()).toBeVisible();
  await expectHeadersInView(page, ['未完成', '未处理预警', '发布人']);
  expect(await overflowingTables(page)).toEqual([]);
  await shot(page, '94-task-list-1440');
});

test('a half-filled dialog survives the window narrowed to a phone and widened again', async ({ page }) => {
  await enterAs(page, 'zhengtao');
  await page.goto('/#/dataManage/datasources');
  await page.getByRole('button', { name: '新增数据源' }).click();
  const dialog = page.getByRole('dialog', { name: '新增数据源' });
  await dialog.getByLabel('数据源名称').fill('教务系统库');
  // The sidebar becomes a drawer below 768 px: the page under it must stay the same page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: /^打开数据管理菜单/ })).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('button', { name: '折叠侧边栏' })).toBeVisible();
  await expect(dialog.getByLabel('数据源名称')).toHaveValue('教务系统库');
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  const pages = [
    '/#/improvement/yearTask',
    '/#/targetTaskManagement/yearTargets',
    '/#/targetTaskManagement/myTask',
    '/#/targetTaskManagement/departmentTask',
    '/#/targetTaskManagement/warningTask',
    '/#/targetTaskManagement/urge',
    '/#/targetTaskManagement/departments',
    '/#/targetTaskManagement/targetReport',
    '/#/newTaskManagement/yearTask',
    '/#/newTaskManagement/averageTarget',
    '/#/newTaskManagement/targetType',
    '/#/newTaskManagement/charger',
    '/#/newTaskManagement/missionStatement',
    '/#/target/cycles',
    '/#/target/dimensions',
    '/#/system/users',
    '/#/system/roles',
    '/#/system/departments',
    '/#/system/userTypes',
  ];

  /** Opens each page and lists the tables that would scroll sideways. */
  async function overflowingLists(page: Page, paths: readonly string[]) {
    const overflowing: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // Every page named here is open to the account: a redirect would check nothing.
      expect(page.url(), path).toContain(path.slice(2));
      await expect(page.locator('.ant-table, .ant-card, .ant-empty').first(), path).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      const tables = await overflowingTables(page);
      if (tables.length) overflowing.push(`${path}: ${tables.join(', ')}`);
    }
    return overflowing;
  }

  test('the goals, standards and organisation lists fit without scrolling sideways', async ({ page }) => {
    await enterAs(page, 'admin');
    expect(await overflowingLists(page, pages)).toEqual([]);
  });

  test("a department head's goal and diagnosis lists, full of rows, fit too", async ({ page }) => {
    await enterAs(page, 'qianli');
    const headPages = [
      '/#/improvement/yearTask',
      '/#/targetTaskManagement/departmentTask',
      '/#/targetTaskManagement/warningTask',
      '/#/targetTaskManagement/urge',
      '/#/targetTaskManagement/targetReport',
    ];
    expect(await overflowingLists(page, headPages)).toEqual([]);
  });
});
