import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { enterAs, shot as fullPageShot, openUserMenu } from '../support/session.ts';

/**
 * Issue 15, 智能分析 to a home page of one's own. 赵明 (school leader) opens 对标分析 and, in the school-selection
 * modal, narrows the national list to 公办 专科 schools of 浙江省 through the common-query tags; he ticks five of
 * them and finds the other checkboxes disabled, saves the five as a common query and confirms. The trend, rank
 * and rival answers carry the five and the own school (flagged, drawn as 本校), and the saved query is offered the
 * next time the modal opens. He opens a major's portrait, then 数据大屏 at 1920×1080 and 1366×768 (the 16:9 stage
 * scaled whole into the window), saves a chart of it as a picture and puts it on the whole display, and on /dashboards makes a bar card of his own, places it and saves the
 * layout; after signing out and in again the card is on 首页 and on /dashboards.
 */

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 20_000 });

const API = '/api/herm-znfx';
const PROVINCE = '浙江省';
const QUERY_NAME = `浙江公办专科${Date.now().toString(36).slice(-4)}`;
const CARD_NAME = `预警等级柱状${Date.now().toString(36).slice(-4)}`;
const OK = /确\s*定/;

/** The five schools ticked in the modal, in the order they were ticked. */
const picked: string[] = [];

/** ECharts draws its series in with an animation of its own, which reduced motion does not stop. */
async function chartShot(page: Page, name: string) {
  await page.waitForTimeout(1500);
  await fullPageShot(page, name);
}

async function signedIn(browser: Browser, account: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await enterAs(page, account);
  return { context, page };
}

function modalOf(page: Page): Locator {
  return page.getByRole('dialog').filter({ hasText: '常用查询' });
}

async function tag(modal: Locator, text: string) {
  await modal
    .getByRole('region', { name: '常用查询' })
    .locator('.ant-tag-checkable')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .click();
}

test('a leader compares the school with five 公办 专科 schools of 浙江省 and saves them as a common query', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, 'zhaoming');
  await page.getByRole('menu', { name: '主菜单' }).getByRole('menuitem', { name: '智能分析' }).click();
  await expect(page).toHaveURL(/#\/analysis\/rival/);
  await page.getByRole('button', { name: '选择学校' }).click();
  const modal = modalOf(page);
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('school-select-rule')).toContainText('最多选择 5 所');

  const list = modal.getByRole('region', { name: '高校列表' });
  const count = modal.getByTestId('school-count');
  await expect(count).not.toHaveText('共 0 所');
  const all = Number((await count.textContent())?.match(/\d+/)?.[0]);
  expect(all).toBeGreaterThan(3000);
  await tag(modal, '专科');
  await tag(modal, '公办');
  await tag(modal, PROVINCE);
  await expect(count).not.toContainText(`共 ${all} 所`);
  const filtered = Number((await count.textContent())?.match(/\d+/)?.[0]);
  expect(filtered).toBeGreaterThan(10);
  expect(filtered).toBeLessThan(100);

  // Schools with values of the chosen indicators and years come first, tagged 有数据.
  await expect(count).toContainText('其中有数据');
  await fullPageShot(page, 'analysis-picker-with-data');
  // Every row shown is in 浙江省; the own school (本校) is always compared and is not ticked here.
  const rows = list.locator('li[data-code]');
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allTextContents()) expect(text).toContain(PROVINCE);
  const candidates = rows.filter({ hasNotText: '本校' });
  for (let i = 0; i < 5; i++) {
    const row = candidates.nth(i);
    const name = (await row.getAttribute('data-name'))?.trim() ?? '';
    expect(name).not.toBe('');
    await row.getByRole('checkbox').check();
    picked.push(name);
  }
  await expect(modal.getByTestId('school-select-rule')).toContainText('已选择 5 所');
  // The maximum reached: every other checkbox is disabled.
  await expect(candidates.nth(5).getByRole('checkbox')).toBeDisabled();
  await candidates.nth(5).click();
  await expect(modal.getByTestId('school-select-rule')).toContainText('已选择 5 所');
  const selected = modal.getByRole('region', { name: '已选学校' });
  for (const name of picked) await expect(selected.getByText(name, { exact: true })).toBeVisible();

  await modal.getByLabel('常用查询名称').fill(QUERY_NAME);
  const saved = page.waitForResponse((r) => r.url().includes(`${API}/schoolScreen/saveSchoolHistory`));
  await modal.getByRole('button', { name: '保存', exact: true }).click();
  expect((await (await saved).json()).meta.success).toBe(true);

  // The trend answer over the chosen five (earlier answers, for the own school alone, don't count).
  const trend = page.waitForResponse(async (r) => {
    if (!r.url().includes(`${API}/rivalAnalysis/queryTrendAnalysis`)) return false;
    const text = await r.text();
    return picked.every((name) => text.includes(name));
  });
  await modal.getByRole('button', { name: OK }).click();
  await expect(modal).toBeHidden();
  for (const name of picked) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();

  // 趋势分析: the five and the own school, exactly one flagged as ours.
  const trendBody = await (await trend).json();
  expect(trendBody.meta.success).toBe(true);
  const trendText = JSON.stringify(trendBody.data);
  for (const name of picked) expect(trendText).toContain(name);
  await expect(page.getByText('演示数据').first()).toBeVisible();
  await chartShot(page, 'analysis-trend');

  // 排名分析: the own school's place among the schools of its level with data, and how many the list has.
  await page.getByRole('tab', { name: '排名分析' }).click();
  await expect(page.getByTestId('level-rank')).toHaveText(
    /在有数据的 \d+ 所专科院校中第 \d+（名单中专科院校共 [\d,]+ 所）|暂无数据/,
  );
  await chartShot(page, 'analysis-rank');

  // 竞争对手分析: a table of the five and 本校 with their ranks.
  await page.getByRole('tab', { name: '竞争对手分析' }).click();
  const table = page.getByRole('tabpanel').locator('table').first();
  await expect(table).toBeVisible();
  for (const name of picked) await expect(table.getByText(name).first()).toBeVisible();
  await expect(table.getByText('本校').first()).toBeVisible();

  // The saved selection is a common query the next time.
  await page.getByRole('button', { name: '选择学校' }).click();
  const again = modalOf(page);
  await expect(again.getByRole('region', { name: '常用查询' }).getByText(QUERY_NAME)).toBeVisible();
  await again.getByRole('button', { name: '取消', exact: true }).click();
  await context.close();
});

test('the leader opens a major portrait', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'zhaoming');
  await page.goto('/#/analysis/portrait');
  await page.getByText('专业画像', { exact: true }).click();
  const picker = page.getByLabel('画像对象');
  await expect(picker).toBeVisible();
  // The first major is chosen by itself; its header shows one of the five grade labels.
  await expect(
    page
      .locator('.ant-tag')
      .filter({ hasText: /^(优秀|良好|合格|不合格|未评)$/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByText('等级分布')).toBeVisible();
  await expect(page.getByText('动态图表')).toBeVisible();
  await chartShot(page, 'analysis-major-portrait');
  await context.close();
});

for (const [width, height] of [
  [1920, 1080],
  [1366, 768],
] as const) {
  test(`the data screen fits ${width}×${height} whole, keeping 16:9`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await enterAs(page, 'zhaoming');
    await page.getByRole('menu', { name: '主菜单' }).getByRole('menuitem', { name: '数据大屏' }).click();
    const stage = page.locator('.ds-stage');
    await expect(page.getByRole('region', { name: '质控点达标率' })).toBeVisible();
    await expect(page.getByRole('region', { name: '同类院校排名' })).toBeVisible();
    await expect(page.getByRole('region', { name: '同类院校排名' }).getByText('演示数据')).toBeVisible();
    const box = await stage.boundingBox();
    if (!box) throw new Error('no stage');
    expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.01);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width + 1);
    expect(box.y + box.height).toBeLessThanOrEqual(height + 1);
    // Whole, not cropped: one side fills the space below the header.
    const viewport = await page.getByTestId('data-screen').boundingBox();
    if (!viewport) throw new Error('no viewport');
    expect(
      Math.min(Math.abs(box.width - viewport.width), Math.abs(box.height - viewport.height)),
    ).toBeLessThan(2);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `screenshots/data-screen-${width}x${height}.png` });
    await context.close();
  });
}

test('on the data screen a chart saves as a PNG from the keyboard, and 全屏 enters and leaves', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, 'zhaoming');
  await page.getByRole('menu', { name: '主菜单' }).getByRole('menuitem', { name: '数据大屏' }).click();
  const panel = page.getByRole('region', { name: '月度预警' });
  const save = panel.getByRole('button', { name: '保存为图片' });
  await expect(save).toBeVisible();
  await page.waitForTimeout(800);
  const downloading = page.waitForEvent('download');
  await save.focus();
  await page.keyboard.press('Enter');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('月度预警.png');
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');

  const fullscreenId = () =>
    page.evaluate(() => document.fullscreenElement?.getAttribute('data-testid') ?? null);
  await page.getByRole('button', { name: '全屏', exact: true }).click();
  await expect.poll(fullscreenId).toBe('data-screen');
  await page.getByRole('button', { name: '退出全屏' }).click();
  await expect.poll(fullscreenId).toBeNull();
  await expect(page.getByRole('button', { name: '全屏', exact: true })).toBeVisible();
  await context.close();
});

test('a card the leader places on /dashboards is on 首页 after signing out and in', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'zhaoming');
  await page.goto('/#/dashboards');
  await page.getByRole('button', { name: '添加卡片' }).first().click();
  const drawer = page.locator('.ant-drawer').filter({ hasText: '添加卡片' });
  await drawer.getByRole('button', { name: '新建卡片' }).click();
  const editor = page.getByRole('dialog', { name: '新建卡片' });
  await editor.getByLabel('卡片名称').fill(CARD_NAME);
  await editor.getByRole('combobox', { name: /卡片类型/ }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('柱状图', { exact: true }).click();
  await editor.getByRole('combobox', { name: /内置指标/ }).click();
  await page.locator('.ant-select-dropdown:visible').getByText('预警等级分布', { exact: true }).click();
  await editor.getByRole('button', { name: OK }).click();
  await expect(editor).toBeHidden();
  const row = drawer.locator('.dashboard-card-row').filter({ hasText: CARD_NAME });
  await expect(row.getByText('仅自己')).toBeVisible();
  await row.getByRole('button', { name: '添加' }).click();
  await expect(row.getByRole('button', { name: '已添加' })).toBeVisible();
  await drawer.locator('.ant-drawer-close').click();
  await expect(page.getByText(CARD_NAME).first()).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().includes('/api/herm-sjgl/ybpdy/save'));
  await page.getByRole('button', { name: '保存布局' }).click();
  expect((await (await saved).json()).meta.success).toBe(true);
  await fullPageShot(page, 'dashboards-saved');

  await openUserMenu(page, '退出登录');
  await expect(page).toHaveURL(/#\/login/);
  await enterAs(page, 'zhaoming');
  await page.goto('/#/index');
  const myBoard = page.getByText('我的仪表盘');
  await expect(myBoard).toBeVisible();
  await expect(page.getByText(CARD_NAME)).toBeVisible();
  await fullPageShot(page, 'home-with-card');
  await page.getByRole('link', { name: '定制仪表盘' }).click();
  await expect(page).toHaveURL(/#\/dashboards/);
  await expect(page.getByText(CARD_NAME)).toBeVisible();
  await context.close();
});
