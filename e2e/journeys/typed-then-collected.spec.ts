import fs from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { enterAs, shot } from '../support/session.ts';
import { rowOf, toast } from '../support/ui.ts';
import { readZip } from '../support/zip.ts';

// A step that cannot happen fails with its own message, not with the whole test's timeout.
test.use({ actionTimeout: 20_000 });

const OK = /确\s*定/;
/** The demo's current school task is named after the school's (Asia/Shanghai) calendar year. */
const YEAR = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date());
const TASK = `${YEAR}年度学校质量诊断`;
const SCHOOL = '青禾职业技术学院';
/**
 * A computed point of the demo school no other journey rebinds or types into (data-to-result rebinds
 * 新生报到率, collection swaps the first computed row's group and puts it back): the demo's own group
 * computes it, so every collection of the task — ours or another journey's — gives the same value.
 */
const POINT = '双师型教师比例';
/** Typed by hand: no share of double-qualified teachers the demo data can give, and above the warning line. */
const TYPED = '97.31';
const REPORT = `E2E采集覆盖录入${Date.now().toString(36).slice(-5)}`;

async function signedIn(browser: Browser, account: string, options: { downloads?: boolean } = {}) {
  const context = await browser.newContext({ acceptDownloads: options.downloads ?? false });
  const page = await context.newPage();
  await enterAs(page, account);
  return { context, page };
}

/** The charger's table of the school's points (我的任务 → the task → 填报). */
async function pointTable(page: Page) {
  await page.goto('/#/improvement/myTask');
  await rowOf(page, TASK).getByRole('button', { name: TASK }).click();
  await rowOf(page, SCHOOL).getByRole('button', { name: '填报' }).click();
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: POINT, exact: true }) })
    .first();
}

/** A value of the 为什么是这个值 descriptions, by its label. */
const item = (scope: Locator, label: string) =>
  scope.locator('.ant-descriptions-item-label', { hasText: label }).locator('xpath=following-sibling::*[1]');

/** Opens the point's drawer from its row and answers the 为什么是这个值 panel. */
async function openWhy(page: Page, row: Locator): Promise<Locator> {
  await row.getByRole('button', { name: POINT, exact: true }).first().click();
  const drawer = page.getByRole('dialog').filter({ has: page.getByRole('tab', { name: '为什么是这个值' }) });
  await drawer.getByRole('tab', { name: '为什么是这个值' }).click();
  const why = drawer.getByRole('tabpanel', { name: '为什么是这个值' });
  await expect(item(why, '结果来源')).toBeVisible();
  return why;
}

/** The typed sample's row in the lineage's sample table. */
const typedRow = (why: Locator) =>
  why.locator('.ant-table-tbody').getByRole('row').filter({ hasText: TYPED }).first();

/** The collection run named by 结果来源. */
async function runOf(why: Locator): Promise<string> {
  const text = (await item(why, '结果来源').textContent()) ?? '';
  const run = text.match(/采集批次 ([0-9a-f]+)/)?.[1];
  expect(run, `结果来源：${text}`).toBeTruthy();
  return run!;
}

/** The texts of a Word table row (`<w:tr>`) holding `name` in a cell of its own. */
function wordRowOf(documentXml: string, name: string): string[] {
  const rows = documentXml.match(/<w:tr[ >][\s\S]*?<\/w:tr>/g) ?? [];
  const cells = rows.map((row) =>
    (row.match(/<w:tc[ >][\s\S]*?<\/w:tc>/g) ?? []).map((cell) =>
      (cell.match(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')).join(''),
    ),
  );
  const found = cells.find((row) => row.includes(name));
  expect(found, `Word 中「${name}」所在的表格行`).toBeTruthy();
  return found!;
}

/**
 * Issue 26: a charger types a value into a computed point; the publisher collects the task and accepts it
 * at the gate; the collected value of that cycle replaces the typed one. The drawer's 为什么是这个值, the
 * point table, the task's quality report and its Word document then show the same value and grade, and
 * the lineage names the algorithm's version and run as the source.
 */
test('a value typed into a computed point, then collected: the same value, grade and source everywhere', async ({
  browser,
}) => {
  test.setTimeout(300_000);

  // ---------------------------------------------------------------- 1. the charger types a value
  const charger = await signedIn(browser, 'yangguang');
  let row = await pointTable(charger.page);
  await row.getByRole('button', { name: `采样分析：${POINT}` }).click();
  const sampling = charger.page.getByRole('dialog', { name: `采样分析 - ${POINT}` });
  await sampling.getByLabel('采集值').fill(TYPED);
  await sampling.getByRole('button', { name: '录入采样值' }).click();
  await toast(charger.page, '采样值已录入');
  await sampling.getByRole('tab', { name: '采样记录' }).click();
  await expect(sampling.getByRole('row').filter({ hasText: `${TYPED}%` })).toContainText('手工录入');
  await shot(charger.page, 'tc1-typed');
  await sampling.getByRole('button', { name: '关闭' }).click();
  // The demo's own collection already has a value in this cycle: by the rule the typed value is kept and
  // listed, but the cycle's computed value stays the result. The run that computed it, before ours:
  const before = await openWhy(charger.page, row);
  await expect(item(before, '结果来源')).toContainText('算法计算');
  await expect(typedRow(before)).toContainText('已被同周期采集值替换');
  const firstRun = await runOf(before);
  await charger.context.close();

  // ---------------------------------------------------------------- 2. the publisher collects and accepts
  const publisher = await signedIn(browser, 'sunhua', { downloads: true });
  const page = publisher.page;
  await page.goto('/#/improvement/yearTask');
  await rowOf(page, TASK).getByRole('button', { name: '采集' }).click();
  const collect = page.getByRole('dialog').filter({ hasText: '采集：' });
  await collect.getByRole('button', { name: '开始采集' }).click();
  await expect(collect.locator('.ant-descriptions')).toContainText('待确认', { timeout: 90_000 });
  await collect.getByRole('button', { name: /全部入库|其余入库/ }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '入库' }).click();
  await expect(page.locator('.ant-message')).toContainText('评级已更新');
  await page.keyboard.press('Escape');

  // ---------------------------------------------------------------- 3. the drawer says what and why
  const reader = await signedIn(browser, 'yangguang');
  row = await pointTable(reader.page);
  const why = await openWhy(reader.page, row);
  const source = item(why, '结果来源');
  await expect(source).toContainText('算法计算');
  const value = ((await item(why, '当前结果').textContent()) ?? '').trim();
  const grade = ((await item(why, '等级').textContent()) ?? '').trim();
  expect(value).toMatch(/^\d+(\.\d+)?$/);
  expect(grade).toMatch(/^[A-D]$/);
  expect(Number(value)).not.toBe(Number(TYPED));
  // The source names the demo's group, its version and the accepted run.
  await expect(source).toContainText('全校双师型教师比例 · 版本');
  await expect(source).toContainText(/采集批次 [0-9a-f]+ · 输入 \d+ 行/);
  // Ours, not the demo's: the value is the run the publisher just accepted.
  expect(await runOf(why)).not.toBe(firstRun);
  await expect(why).toContainText('采集值替换了同周期手工录入的值');
  // Both samples of the cycle are listed: the typed one kept but replaced, the computed one used.
  const samples = why.locator('.ant-table-tbody');
  const typed = typedRow(why);
  await expect(typed).toContainText('手工录入');
  await expect(typed).toContainText('已被同周期采集值替换');
  const used = samples.getByRole('row').filter({ hasText: '当前结果所用' }).first();
  await expect(used).toContainText('算法计算');
  await expect(used.getByRole('cell').nth(2)).toHaveText(value);
  // The drawer scrolls inside itself: bring the lineage into view for the picture.
  await source.scrollIntoViewIfNeeded();
  await shot(reader.page, 'tc2-drawer-why');
  await typed.scrollIntoViewIfNeeded();
  await shot(reader.page, 'tc3-drawer-samples');
  // The drawer's facts and the point table agree with the lineage.
  await reader.page.keyboard.press('Escape');
  await expect(why).toBeHidden();
  await expect(row).toContainText(`${value}%`);
  await expect(row).toContainText(grade);
  await reader.context.close();

  // ---------------------------------------------------------------- 4. the report of the task
  await page.goto('/#/report/list');
  await page.getByRole('button', { name: '生成报告' }).click();
  const dialog = page.getByRole('dialog', { name: '生成报告' });
  await dialog.getByLabel('诊断任务').fill(TASK);
  await page.locator('.ant-select-dropdown:visible').getByTitle(TASK).click();
  await dialog.getByLabel('报告名称').fill(REPORT);
  await dialog.getByLabel('报告模板').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('质量年报模板').click();
  await dialog.getByRole('button', { name: OK }).click();
  await toast(page, '报告已生成');
  await page.getByTitle('查看目标监测统计').first().click();
  const table = page.getByRole('dialog', { name: '目标监测统计' });
  await expect(table).toBeVisible();
  const reportRow = await findPointRow(page, table);
  await expect(reportRow.getByRole('cell').nth(6)).toHaveText(`${value}%`);
  await expect(reportRow.getByRole('cell').nth(7)).toHaveText(grade);
  await reportRow.scrollIntoViewIfNeeded();
  await shot(page, 'tc4-report-table');
  await page.keyboard.press('Escape');
  await expect(table).toBeHidden();

  // ---------------------------------------------------------------- 5. the Word document
  await page.getByRole('button', { name: '生成Word' }).click();
  await toast(page, 'Word 报告已生成，可以下载');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '下载Word' }).click(),
  ]);
  const entries = readZip(fs.readFileSync(await download.path()));
  const documentXml =
    entries
      .find((e) => e.name === 'word/document.xml')
      ?.data()
      .toString('utf8') ?? '';
  const cells = wordRowOf(documentXml, POINT);
  // 序号 指标 质控点 诊断对象 标准值 目标值 本次结果 本次等级 上次结果 上次等级
  expect(cells[6]).toBe(`${value}%`);
  expect(cells[7]).toBe(grade);
  await publisher.context.close();
});

/** The row of the point in the paged 目标监测统计 table, paging on until it shows. */
async function findPointRow(page: Page, table: Locator): Promise<Locator> {
  const byName = table.getByRole('row').filter({ has: page.getByRole('cell', { name: POINT, exact: true }) });
  for (let i = 0; i < 20; i++) {
    if ((await byName.count()) > 0) return byName.first();
    const next = table.locator('.ant-pagination-next');
    if ((await next.getAttribute('aria-disabled')) === 'true') break;
    await next.click();
  }
  await expect(byName.first()).toBeVisible();
  return byName.first();
}
