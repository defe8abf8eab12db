import fs from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { enterAs, shot } from '../support/session.ts';
import { rowOf, toast } from '../support/ui.ts';
import { readZip } from '../support/zip.ts';

// A step that cannot happen fails with its own message, not with the whole test's timeout.
test.use({ actionTimeout: 20_000 });

const OK = /确\s*定/;
const DIAGNOSIS = '/api/herm-zdgj';
/** Today in the school's (Asia/Shanghai) calendar, yyyy-MM-dd. */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
const YEAR = TODAY.slice(0, 4);
const SCHOOL = '青禾职业技术学院';
/**
 * A computed point of the demo school whose group (全校双师型教师比例) no other journey rebinds: the
 * demo's own algorithm computes it, from the demo's teacher table.
 */
const POINT = '双师型教师比例';
/** Typed by hand: no share of double-qualified teachers the demo data can give. */
const TYPED = '97.31';
const STAMP = Date.now().toString(36).slice(-5);
/**
 * The journey's own school task holding only POINT, so that no other journey's typing or collecting
 * reaches its samples, and every table of it has the one row. It starts on the first day of this month:
 * the collection then computes one cycle, the one the typed value lies in.
 */
const TASK = `E2E录入后采集${STAMP}`;
const REPORT = `E2E采集覆盖录入${STAMP}`;

/**
 * The publisher's task of one object (the school, charged to 杨光) and one point, made through the API:
 * the setup is not this journey's story (diagnosis-loop tells it through the screens).
 */
async function createTask(baseURL: string) {
  const charger = await apiAs(baseURL, 'yangguang');
  await charger.api.dispose();
  const publisher = await apiAs(baseURL, 'sunhua');
  try {
    const points = await publisher.get<{ records: { zkdid: string; zkdmc: string }[] }>(
      '/api/herm-mbbz/quality/selectPage',
      { keyword: POINT, level: 'school', pageSize: '50' },
    );
    const point = points.records.find((p) => p.zkdmc === POINT);
    expect(point, `质控点「${POINT}」`).toBeTruthy();
    const objects = await publisher.get<{ records: { id: string }[] }>(`${DIAGNOSIS}/obj/objects`, {
      level: 'school',
      keyword: SCHOOL,
    });
    expect(objects.records, `学校「${SCHOOL}」`).toHaveLength(1);
    const task = await publisher.post<{ id: string }>(`${DIAGNOSIS}/task/insert`, {
      rwmc: TASK,
      level: 'school',
      period: YEAR,
      startDate: `${TODAY.slice(0, 8)}01`,
      endDate: `${YEAR}-12-31`,
    });
    await publisher.post(`${DIAGNOSIS}/obj/insertlist`, {
      rwid: task.id,
      objectIds: [objects.records[0]!.id],
      chargerId: charger.userId,
    });
    const objectTasks = await publisher.get<{ records: { id: string }[] }>(`${DIAGNOSIS}/obj/select`, {
      rwid: task.id,
    });
    const assigned = await publisher.post<{ assigned: number }>(`${DIAGNOSIS}/obj/refreshTarget`, {
      dxrwids: objectTasks.records.map((o) => o.id),
      zkdids: [point!.zkdid],
    });
    expect(assigned.assigned).toBe(1);
  } finally {
    await publisher.api.dispose();
  }
}

async function signedIn(browser: Browser, account: string, options: { downloads?: boolean } = {}) {
  const context = await browser.newContext({ acceptDownloads: options.downloads ?? false });
  const page = await context.newPage();
  await enterAs(page, account);
  return { context, page };
}

/** Finds the journey's task in a task list by its search box and opens it by its name. */
async function openTask(page: Page) {
  const search = page.getByPlaceholder('请输入任务名称');
  await search.fill(TASK);
  await search.press('Enter');
  // The search refetches the list: a click on the old row, replaced mid-click, would open nothing.
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await rowOf(page, TASK).getByRole('button', { name: TASK }).click();
  await expect(page).toHaveURL(/\/task\/[\w-]+$/);
}

/** The charger's row of the point (我的任务 → the task → 填报). */
async function pointRow(page: Page) {
  await page.goto('/#/improvement/myTask');
  await openTask(page);
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

/** The value, grade and source of 为什么是这个值, wherever it is shown. */
async function whyFacts(why: Locator) {
  const text = async (label: string) => ((await item(why, label).textContent()) ?? '').trim();
  return { value: await text('当前结果'), grade: await text('等级'), source: await text('结果来源') };
}

/** The typed sample's row in the lineage's sample table. */
const typedRow = (why: Locator) =>
  why.locator('.ant-table-tbody').getByRole('row').filter({ hasText: TYPED }).first();

/**
 * The one data row of a paged table whose answer has arrived: not busy any more (antd marks the spinning
 * table aria-busy), the pager saying it holds one row, and that row drawn. The task has one point, so
 * there is nothing to page through; counting before the answer came is what failed in a lane.
 */
async function onlyRow(table: Locator): Promise<Locator> {
  await expect(table.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(table.getByText('当前页1条，共1条', { exact: true })).toBeVisible();
  const rows = table.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('cell', { name: POINT, exact: true })).toBeVisible();
  return rows;
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
 * Issue 26: a charger types a value into a computed point of a task with no collection yet, and the typed
 * value is the result, 手工录入. The publisher collects the task and accepts it at the gate: by
 * RESULT_SOURCE_RULE the collected value of the cycle replaces the typed one, which stays listed. The
 * drawer's 为什么是这个值, the point table, the quality report's table and its 为什么是这个值, the school's
 * portrait and the report's Word file then show the same value, grade and source: the algorithm's accepted
 * run, named in full by 为什么是这个值 and as 算法计算 in the tables.
 */
test('a value typed into a computed point, then collected: the same value, grade and source everywhere', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await createTask(baseURL!);

  // ---------------------------------------------------------------- 1. the charger types a value
  const charger = await signedIn(browser, 'yangguang');
  let row = await pointRow(charger.page);
  await row.getByRole('button', { name: `采样分析：${POINT}` }).click();
  const sampling = charger.page.getByRole('dialog', { name: `采样分析 - ${POINT}` });
  await sampling.getByLabel('采集值').fill(TYPED);
  await sampling.getByRole('button', { name: '录入采样值' }).click();
  await toast(charger.page, '采样值已录入');
  await sampling.getByRole('tab', { name: '采样记录' }).click();
  await expect(sampling.getByRole('row').filter({ hasText: `${TYPED}%` })).toContainText('手工录入');
  await shot(charger.page, 'tc1-typed');
  await sampling.getByRole('button', { name: '关闭' }).click();
  // Nothing collected yet: the typed value is the result, and the lineage says a person typed it.
  const before = await openWhy(charger.page, row);
  const typedFacts = await whyFacts(before);
  expect(typedFacts.value).toBe(TYPED);
  expect(typedFacts.grade).toMatch(/^[A-D]$/);
  expect(typedFacts.source).toMatch(/^手工录入.*杨光 于 .* 录入$/);
  await expect(typedRow(before)).toContainText('当前结果所用');
  await charger.page.keyboard.press('Escape');
  await expect(before).toBeHidden();
  await expect(row).toContainText(`${TYPED}%`);
  await expect(row).toContainText(typedFacts.grade);
  await charger.context.close();

  // ---------------------------------------------------------------- 2. the publisher collects and accepts
  const publisher = await signedIn(browser, 'sunhua', { downloads: true });
  const page = publisher.page;
  await page.goto('/#/improvement/yearTask');
  const search = page.getByPlaceholder('请输入任务名称');
  await search.fill(TASK);
  await search.press('Enter');
  const collect = page.getByRole('dialog', { name: `采集：${TASK}` });
  // The search's answer may re-render the list under the click (a loaded lane lost it once): click again
  // until the dialog is there.
  await expect(async () => {
    await rowOf(page, TASK).getByRole('button', { name: '采集', exact: true }).click();
    await expect(collect.getByRole('button', { name: '开始采集' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await collect.getByRole('button', { name: '开始采集' }).click();
  await expect(collect.locator('.ant-descriptions')).toContainText('待确认', { timeout: 90_000 });
  await collect.getByRole('button', { name: /全部入库|其余入库/ }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '入库' }).click();
  await toast(page, /评级已更新/);
  await page.keyboard.press('Escape');

  // ---------------------------------------------------------------- 3. the drawer says what and why
  const reader = await signedIn(browser, 'yangguang');
  row = await pointRow(reader.page);
  const why = await openWhy(reader.page, row);
  const source = item(why, '结果来源');
  await expect(source).toContainText('算法计算');
  const drawer = await whyFacts(why);
  // What the report, its Word file and the portrait must agree on.
  const shown = { value: drawer.value, grade: drawer.grade };
  expect(shown.value).toMatch(/^\d+(\.\d+)?$/);
  expect(shown.grade).toMatch(/^[A-D]$/);
  expect(Number(shown.value)).not.toBe(Number(TYPED));
  // The source names the demo's group, its version and the run the publisher just started.
  expect(drawer.source).toMatch(
    /^算法计算.*全校双师型教师比例 · 版本 \d+ · .+ · 孙华 于 .+ 发起的采集 · 输入 \d+ 行$/,
  );
  await expect(why).toContainText('采集值替换了同周期手工录入的值');
  // Both samples of the cycle are listed: the typed one kept but replaced, the computed one used.
  const typed = typedRow(why);
  await expect(typed).toContainText('手工录入');
  await expect(typed).toContainText('已被同周期采集值替换');
  await expect(typed).not.toContainText('当前结果所用');
  const used = why.locator('.ant-table-tbody').getByRole('row').filter({ hasText: '当前结果所用' });
  await expect(used).toHaveCount(1);
  await expect(used).toContainText('算法计算');
  await expect(used.getByRole('cell').nth(2)).toHaveText(shown.value);
  // The drawer scrolls inside itself: bring the lineage into view for the picture.
  await source.scrollIntoViewIfNeeded();
  await shot(reader.page, 'tc2-drawer-why');
  await typed.scrollIntoViewIfNeeded();
  await shot(reader.page, 'tc3-drawer-samples');
  // The point table agrees with the lineage.
  await reader.page.keyboard.press('Escape');
  await expect(why).toBeHidden();
  await expect(row).toContainText(`${shown.value}%`);
  await expect(row).toContainText(shown.grade);
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
  await toast(page, '报告已生成', 30_000);
  await page.getByTitle('查看目标监测统计').first().click();
  const table = page.getByRole('dialog', { name: '目标监测统计' });
  const reportRow = await onlyRow(table);
  // 所属指标 质控点名称 诊断对象 内涵 标准值 目标值 本次结果 本次等级 结果来源 上次结果 上次等级
  await expect(reportRow.getByRole('cell').nth(6)).toHaveText(`${shown.value}%`);
  await expect(reportRow.getByRole('cell').nth(7)).toHaveText(shown.grade);
  await expect(reportRow.getByRole('cell').nth(8)).toHaveText('算法计算');
  await shot(page, 'tc4-report-table');
  // The report's reader asks the same question of the point and gets the same answer.
  await reportRow.getByTitle('为什么是这个值').click();
  const reportWhy = page.getByRole('dialog', { name: `为什么是这个值：${POINT}` });
  await expect(item(reportWhy, '结果来源')).toContainText('算法计算');
  expect(await whyFacts(reportWhy)).toEqual(drawer);
  await shot(page, 'tc5-report-why');
  await page.keyboard.press('Escape');
  await expect(reportWhy).toBeHidden();
  // Escape reaches the modal only while the focus is inside it, and closing the inner dialog may leave it
  // on the page: the table is closed as a reader closes it.
  await table.getByRole('button', { name: '关闭' }).click();
  await expect(table).toBeHidden();

  // ---------------------------------------------------------------- 5. the Word document
  await page.getByRole('button', { name: '生成Word' }).click();
  // A background job draws the charts: on a busy machine it outlasts its toast.
  await expect(page.getByRole('button', { name: '下载Word' })).toBeVisible({ timeout: 120_000 });
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
  // 序号 指标 质控点 诊断对象 标准值 目标值 本次结果 本次等级 结果来源 上次结果 上次等级
  expect(cells[6]).toBe(`${shown.value}%`);
  expect(cells[7]).toBe(shown.grade);
  expect(cells[8]).toBe('算法计算');

  // ---------------------------------------------------------------- 6. the school's portrait
  await page.goto('/#/analysis/portrait?subject=school');
  await expect(page.getByRole('heading', { name: new RegExp(`^${SCHOOL}`) })).toBeVisible();
  await page.getByLabel('诊断任务', { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(`${YEAR}　${TASK}`).click();
  // 质控点明细: the one table of the page with a 结果值 column.
  const portraitPoints = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: '结果值', exact: true }) });
  const portraitRow = await onlyPortraitRow(portraitPoints);
  // 一级指标 质控点 目标值 结果值 等级 结果来源 预警次数
  await expect(portraitRow.getByRole('cell').nth(3)).toHaveText(`${shown.value}%`);
  await expect(portraitRow.getByRole('cell').nth(4)).toHaveText(shown.grade);
  await expect(portraitRow.getByRole('cell').nth(5)).toHaveText('算法计算');
  await portraitPoints.scrollIntoViewIfNeeded();
  await shot(page, 'tc6-portrait');
  await publisher.context.close();
});

/** The portrait's point table (read whole, paged in the browser) once it shows the task's one point. */
async function onlyPortraitRow(table: Locator): Promise<Locator> {
  const rows = table.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('cell', { name: POINT, exact: true })).toBeVisible();
  return rows;
}
