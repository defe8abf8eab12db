import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { enterAs, shot as fullPageShot } from '../support/session.ts';
import { rowOf, toast } from '../support/ui.ts';
import { readZip } from '../support/zip.ts';

/**
 * Issue 14, 质量报告, from the diagnosis to a sealed Word document. 孙华 (diagnosis publisher) generates the
 * report of this year's school task with the 质量年报模板; its narrative's counts are the diagnosis task's own
 * (read through the diagnosis API in the same browser session) and the 未达标 count opens a table of that
 * many rows. He submits it and assigns 尤海 (outside expert) and 朱青 (in-school expert); 尤海 finds it on his
 * workbench, reviews it and asks a question, 朱青 answers and reviews; 赵明 (school leader) passes the school
 * review, and the report is 已完成 with its score and both seals. The Word document carries the narrative,
 * the statistics tables and the charts as PNG images. Shared with 机电工程学院, its head 王芳 reads it with no
 * action but 下载Word, and a write sent straight to the API is refused.
 */

test.describe.configure({ mode: 'serial' });
// A step that cannot happen fails with its own message, not with the whole test's timeout.
test.use({ actionTimeout: 20_000 });

const OK = /确\s*定/;
const API = '/api/herm-zdgj';
/** The demo's current school task is named after the school's (Asia/Shanghai) calendar year. */
const SCHOOL_YEAR = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(
  new Date(),
);
const SCHOOL_TASK = `${SCHOOL_YEAR}年度学校质量诊断`;
/** The demo's school task has already a report of its default name (in expert review): ours is told apart. */
const REPORT = `E2E${SCHOOL_TASK}质量年报${Date.now().toString(36).slice(-5)}`;
const TEMPLATE = '质量年报模板';
/** The 质量年报模板's section titles (seed reports-demo.ts), as the report numbers them. */
const SECTION = {
  points: '学生发展与教学质量',
  completion: '政策落实与目标完成',
  warnings: '质量监测与预警',
};
const QUESTION = '未达标的质控点中，师资条件一项的整改计划何时完成？';
const ANSWER = '师资补充计划已列入下学期工作要点，预计年底前完成。';
const SHARED_DEPARTMENT = '机电工程学院';

/** What the journey learns on the way: the report's address and the narrative as the page shows it. */
const journey = {
  /** `#/report/list/view/<id>`, the publisher's way back to the report. */
  reportId: '',
  /** Every section's narrative, in order, as shown on the page. */
  narratives: [] as string[],
  belowCount: 0,
  /** The 得分 stamp's text: the school object task's diagnosis score, or null when it has none. */
  stamp: null as string | null,
};

async function signedIn(browser: Browser, account: string, options: { downloads?: boolean } = {}) {
  const context = await browser.newContext({ acceptDownloads: options.downloads ?? false });
  const page = await context.newPage();
  await enterAs(page, account);
  return { context, page };
}

/** Picks `label` in the open antd select dropdown. */
async function choose(page: Page, label: string | RegExp) {
  await page.locator('.ant-select-dropdown:visible').getByTitle(label).click();
}

/** A multiple select keeps its list open over the fields below: a click on the dialog's title closes it. */
const closeList = (dialog: Locator) => dialog.locator('.ant-modal-title').click();

/** A section of 总体概况 (its aria-label is its title) and the narrative paragraph under its heading. */
const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const narrativeOf = (page: Page, title: string) => section(page, title).locator('.ant-typography').nth(1);

/** The numbers a narrative shows, by a pattern whose groups are counts. */
async function countsIn(page: Page, title: string, pattern: RegExp): Promise<number[]> {
  const text = (await narrativeOf(page, title).innerText()).trim();
  const match = text.match(pattern);
  expect(match, `「${title}」的叙述：${text}`).not.toBeNull();
  return match!.slice(1).map(Number);
}

/** The report's state tag beside its name in the card's title. */
const stateTag = (page: Page) => page.locator('.ant-card-head').locator('.ant-tag');

/** Opens our report from one of the report lists (报告列表, 待我评审, 分享给我的). */
async function openFrom(page: Page, list: 'list' | 'todo' | 'shared') {
  await page.goto(`/#/report/${list}`);
  await page.getByPlaceholder('报告名称').fill(REPORT);
  const row = rowOf(page, REPORT);
  await row.getByRole('link', { name: REPORT }).click();
  await expect(page).toHaveURL(new RegExp(`#/report/${list}/view/${journey.reportId}$`));
  await expect(page.locator('.ant-card-head')).toContainText(REPORT);
}

/** The diagnosis API's answer, fetched in the page's own session (its cookie). */
async function getData<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`${API}/${path}`);
  const body = await response.json();
  expect(body.meta?.success, `${path}: ${JSON.stringify(body.meta)}`).toBe(true);
  return body.data as T;
}

/** Waits until the page's ECharts canvases are drawn (their first frame), for a screenshot worth looking at. */
async function chartsDrawn(scope: Locator) {
  await expect(scope.locator('canvas').first()).toBeVisible();
  await expect
    .poll(() =>
      scope
        .locator('canvas')
        .evaluateAll((canvases) =>
          canvases.every((c) => (c as HTMLCanvasElement).width > 0 && (c as HTMLCanvasElement).height > 0),
        ),
    )
    .toBe(true);
  // ECharts animates its first frame for about a second; the screenshot waits it out.
  await scope.page().waitForTimeout(1500);
}

/**
 * A full-page screenshot from the top: taken scrolled, the layout's fixed header and sidebar are drawn
 * where the viewport stood, halfway down the picture.
 */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await fullPageShot(page, name);
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

test('the publisher generates the school task report; its counts match the task and the 未达标 count opens its table', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, 'sunhua');
  await page.goto('/#/report/list');
  await page.getByRole('button', { name: '生成报告' }).click();
  const dialog = page.getByRole('dialog', { name: '生成报告' });
  await dialog.getByLabel('诊断任务').fill(SCHOOL_TASK);
  await choose(page, SCHOOL_TASK);
  await expect(dialog.getByRole('radio', { name: '任务汇总分析' })).toBeChecked();
  await dialog.getByLabel('报告名称').fill(REPORT);
  await dialog.getByLabel('报告模板').click();
  await choose(page, TEMPLATE);
  await shot(page, 'qr-01-generate');
  await dialog.getByRole('button', { name: OK }).click();
  await toast(page, '报告已生成', 30_000);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#\/report\/list\/view\/[0-9a-f]+$/);
  journey.reportId = page.url().split('/').pop()!;
  await expect(stateTag(page)).toHaveText('草稿');
  await expect(page.getByRole('heading', { name: `1. ${SECTION.points}` })).toBeVisible();

  // ------------------------------------------------------------------ the narrative's counts are the task's
  // Each rate names what it is taken over (the figure catalogue): 达标率 over the points with a result.
  const [
    points = Number.NaN,
    evaluated = Number.NaN,
    reached = Number.NaN,
    reachedRate = Number.NaN,
    below = Number.NaN,
  ] = await countsIn(
    page,
    SECTION.points,
    /监测质控点(\d+)个，已出结果的(\d+)个质控点中达标(\d+)个，达标率([\d.]+)%；未达标(\d+)个/,
  );
  // With every point's result in, the sentence says 质控点均已出结果 and has no count to read (NaN).
  const [unfinishedRead = Number.NaN] = await countsIn(
    page,
    SECTION.completion,
    /尚有(\d+)个质控点未完成|质控点均已出结果/,
  );
  const unfinished = Number.isNaN(unfinishedRead) ? 0 : unfinishedRead;
  const [warnings = Number.NaN, warnedPoints = Number.NaN, handled = Number.NaN] = await countsIn(
    page,
    SECTION.warnings,
    /全年触发质量预警(\d+)次，涉及质控点(\d+)个，\d+次预警中已处理(\d+)次/,
  );
  expect(below, '演示的学校任务有未达标的质控点').toBeGreaterThan(0);
  expect(warnings, '演示的学校任务有预警').toBeGreaterThan(0);
  expect(reached + below).toBe(evaluated);
  expect(evaluated + unfinished).toBe(points);
  expect(reachedRate).toBe(Math.round((reached / evaluated) * 10_000) / 100);
  journey.belowCount = below;

  // The header's 任务项 names the school's object task by 序号 and name, never by its raw id; the API keeps
  // the id (cjdmid), and the diagnosis screens read the same object task.
  const items = page.locator('.ant-descriptions-item').filter({ hasText: '任务项' });
  await expect(items).toContainText('1. 青禾职业技术学院（演示）');
  expect(await items.innerText()).not.toMatch(/\b[0-9a-f]{32}\b/);
  const view = await getData<{ reportHeaderVos: Array<{ cjdmid: string }> }>(
    page,
    `report/selectbybgid?bgid=${journey.reportId}`,
  );
  const objectTaskId = view.reportHeaderVos[0]?.cjdmid;
  expect(objectTaskId, '任务项的对象任务').toBeTruthy();
  type QualityRowWire = {
    rwid: string;
    rwmc: string;
    dis: boolean;
    jgz: string | null;
    xzjgz: string | null;
  };
  const rows = await getData<QualityRowWire[]>(page, `quality/select?dxrwid=${objectTaskId}`);
  expect(rows.length).toBe(points);
  expect(rows.filter((r) => r.dis).length).toBe(below);
  // 未完成 in the report: no result (nor a revised one) yet; the open task's own flag waits for its close.
  expect(rows.filter((r) => !(r.xzjgz ?? '').trim() && !(r.jgz ?? '').trim()).length).toBe(unfinished);
  const taskId = rows[0]!.rwid;
  expect(rows[0]!.rwmc).toBe(SCHOOL_TASK);
  const disqualified = await getData<{ total: number }>(
    page,
    `quality/disqualified?rwid=${taskId}&pageNum=1&pageSize=10`,
  );
  expect(disqualified.total).toBe(below);
  const warnGrid = await getData<{ total: number }>(
    page,
    `warningflow/queryWarnGrid?rwid=${taskId}&pageNum=1&pageSize=10`,
  );
  expect(warnGrid.total).toBe(warnedPoints);
  const warnCount = await getData<{ allNum: number; disposeNum: number }>(
    page,
    `warningflow/queryWarnCount?rwid=${taskId}`,
  );
  expect(warnCount.allNum).toBe(warnings);
  expect(warnCount.disposeNum).toBe(handled);

  // 得分 is the diagnosis score of the object task, stamped on the report as soon as there is one.
  const score = await getData<{ df: number | null }>(page, `obj/selectScore?dxrwid=${objectTaskId}`);
  const stamp = page.getByLabel('评审结果').getByRole('img', { name: /^得分/ });
  if (score.df === null) await expect(stamp).toHaveCount(0);
  else {
    journey.stamp = `得分 ${score.df.toFixed(2)}`;
    await expect(stamp).toHaveAccessibleName(journey.stamp);
  }

  await chartsDrawn(page.locator('.ant-card-body'));
  await shot(page, 'qr-02-report-page');

  // ------------------------------------------------------------------ a count opens its table
  await section(page, SECTION.points).getByTitle('查看未达标指标统计').click();
  const table = page.getByRole('dialog', { name: '未达标指标统计' });
  await expect(table).toBeVisible();
  const shownOnPage = Math.min(below, 10);
  await expect(table.locator('.ant-pagination-total-text')).toHaveText(
    `当前页${shownOnPage}条，共${below}条`,
  );
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(shownOnPage);
  await shot(page, 'qr-03-below-standard-table');
  await page.keyboard.press('Escape');
  await expect(table).toBeHidden();

  await section(page, SECTION.warnings).getByTitle('查看预警记录').click();
  const warningTable = page.getByRole('dialog', { name: '预警记录' });
  await expect(warningTable.locator('.ant-pagination-total-text')).toHaveText(
    `当前页${Math.min(warnedPoints, 10)}条，共${warnedPoints}条`,
  );
  await page.keyboard.press('Escape');
  await expect(warningTable).toBeHidden();

  journey.narratives = (await page.locator('section[aria-label] > .ant-typography:not(h4)').allInnerTexts())
    .map((t) => t.trim())
    .filter(Boolean);
  expect(journey.narratives.length).toBeGreaterThanOrEqual(3);
  await context.close();
});

test('the publisher submits it and assigns 尤海 and 朱青', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'sunhua');
  await openFrom(page, 'list');
  await page.getByRole('button', { name: '提交评审' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '提交' }).click();
  await toast(page, '报告已提交评审');
  await expect(stateTag(page)).toHaveText('待分配专家');
  await expect(page.getByRole('button', { name: '编辑' })).toHaveCount(0);

  await page.getByRole('button', { name: '分配专家' }).click();
  const dialog = page.getByRole('dialog', { name: '分配评审专家' });
  await dialog.getByLabel('评审专家').fill('尤海');
  await choose(page, /^尤海/);
  await dialog.getByLabel('评审专家').fill('朱青');
  await choose(page, /^朱青/);
  await closeList(dialog);
  await shot(page, 'qr-04-assign-experts');
  await dialog.getByRole('button', { name: OK }).click();
  await toast(page, '评审专家已分配');
  await expect(dialog).toBeHidden();
  await expect(stateTag(page)).toHaveText('专家评审中');
  const review = section(page, '评审');
  await expect(review.getByText('尤海（待评审）')).toBeVisible();
  await expect(review.getByText('朱青（待评审）')).toBeVisible();
  await context.close();
});

test('尤海 finds it on his workbench, reviews it and asks; 朱青 answers and reviews', async ({ browser }) => {
  // 尤海: the workbench counts what 待我评审 lists, ours among them.
  const expert = await signedIn(browser, 'youhai');
  const page = expert.page;
  await expect(page).toHaveURL(/#\/index/);
  const tile = page.getByRole('link', { name: /^\d+\s*待我评审的质量报告$/ });
  await expect(tile).toBeVisible();
  const tileCount = Number((await tile.innerText()).match(/\d+/)![0]);
  await tile.click();
  await expect(page).toHaveURL(/#\/report\/todo$/);
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(
    `当前页${Math.min(tileCount, 10)}条，共${tileCount}条`,
  );
  await expect(rowOf(page, REPORT)).toContainText('专家评审中');
  await openFrom(page, 'todo');

  await page.getByRole('button', { name: '专家评审' }).click();
  const dialog = page.getByRole('dialog', { name: '专家评审' });
  await dialog.getByRole('radio', { name: '优秀', exact: true }).check();
  await dialog.getByLabel('评分').fill('90');
  await dialog.getByLabel('评审意见').fill('数据与诊断任务一致，图表清楚；建议补充预警处理的时效分析。');
  await shot(page, 'qr-05-expert-review');
  await dialog.getByRole('button', { name: OK }).click();
  await toast(page, '评审已提交');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: '专家评审' })).toHaveCount(0);
  await expect(section(page, '评审').getByText('尤海（已评审）')).toBeVisible();
  await expect(stateTag(page)).toHaveText('专家评审中');

  const discussion = section(page, '讨论');
  await discussion.getByLabel('讨论内容').fill(QUESTION);
  await discussion.getByRole('button', { name: '发表' }).click();
  await toast(page, '已发表');
  await expect(discussion.getByText(QUESTION)).toBeVisible();
  await expert.context.close();

  // 朱青 answers 尤海's question, then reviews: the last expert moves the report on to the school.
  const second = await signedIn(browser, 'zhuqing');
  const page2 = second.page;
  await openFrom(page2, 'todo');
  const thread = section(page2, '讨论');
  const question = thread.getByText(QUESTION, { exact: true });
  await question.locator('xpath=..').getByRole('button', { name: '回复' }).click();
  await expect(thread.locator('.ant-tag').filter({ hasText: '回复 尤海' })).toBeVisible();
  await thread.getByLabel('讨论内容').fill(ANSWER);
  await thread.getByRole('button', { name: '发表' }).click();
  await toast(page2, '已发表');
  const answer = thread.getByText(ANSWER, { exact: true }).locator('xpath=..');
  await expect(answer).toContainText('朱青');
  await expect(answer).toContainText('回复 尤海');
  await shot(page2, 'qr-06-discussion');

  await page2.getByRole('button', { name: '专家评审' }).click();
  const dialog2 = page2.getByRole('dialog', { name: '专家评审' });
  await dialog2.getByRole('radio', { name: '合格', exact: true }).check();
  await dialog2.getByLabel('评分').fill('84');
  await dialog2.getByLabel('评审意见').fill('结构完整，改进措施需要落实到责任部门。');
  await dialog2.getByRole('button', { name: OK }).click();
  await toast(page2, '评审已提交');
  await expect(stateTag(page2)).toHaveText('学校审核中');
  await second.context.close();
});

test('赵明 passes the school review: the report is 已完成 with its score and both seals', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, 'zhaoming');
  await openFrom(page, 'todo');
  await expect(stateTag(page)).toHaveText('学校审核中');
  await page.getByRole('button', { name: '学校审核' }).click();
  const dialog = page.getByRole('dialog', { name: '学校审核' });
  await dialog.getByRole('radio', { name: '优秀', exact: true }).check();
  await dialog.getByLabel('审核意见').fill('同意专家意见，报告予以通过。');
  await dialog.getByRole('button', { name: OK }).click();
  await toast(page, '审核已完成');
  await expect(dialog).toBeHidden();
  await expect(stateTag(page)).toHaveText('已完成');

  // The seals of the experts' band (mean of 90 and 84: 优秀) and of the school's result, both drawn.
  const outcome = page.getByLabel('评审结果');
  if (journey.stamp) await expect(outcome.getByRole('img', { name: journey.stamp })).toBeVisible();
  for (const [seal, kind] of [
    ['专家评审章', 'expert'],
    ['学校审核章', 'school'],
  ] as const) {
    const image = outcome.getByRole('img', { name: seal, exact: true });
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute('src', new RegExp(`kind=${kind}&fhjg=excellent`));
    await expect
      .poll(() =>
        image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
  }
  const reviews = section(page, '评审');
  await expect(rowOf(reviews, '赵明')).toContainText('学校审核');
  await expect(rowOf(reviews, '赵明')).toContainText('优秀');
  await expect(rowOf(reviews, '尤海')).toContainText('90.00');
  await expect(rowOf(reviews, '朱青')).toContainText('84.00');
  // The review is over: the discussion is closed, nothing is left to act on but the Word document.
  await expect(section(page, '讨论').getByLabel('讨论内容')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '学校审核' })).toHaveCount(0);
  await shot(page, 'qr-07-sealed');
  await context.close();
});

test('the Word document holds the narrative, the statistics tables and the charts', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'sunhua', { downloads: true });
  await openFrom(page, 'list');
  await expect(page.getByRole('button', { name: '下载Word' })).toHaveCount(0);
  await page.getByRole('button', { name: '生成Word' }).click();
  await expect(page.getByLabel('Word 报告生成进度')).toBeVisible();
  // Drawing the charts and building the file is a job: it took over ten seconds on a loaded CI machine.
  await toast(page, 'Word 报告已生成，可以下载', 60_000);
  const downloadButton = page.getByRole('button', { name: '下载Word' });
  await expect(downloadButton).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
  expect(download.suggestedFilename()).toBe(`${REPORT}.docx`);
  const file = await download.path();
  const entries = readZip(fs.readFileSync(file));
  const names = entries.map((e) => e.name);
  const documentXml =
    entries
      .find((e) => e.name === 'word/document.xml')
      ?.data()
      .toString('utf8') ?? '';
  expect(documentXml.length).toBeGreaterThan(0);

  for (const narrative of journey.narratives) expect(documentXml).toContain(xmlEscape(narrative));
  expect(documentXml).toContain(xmlEscape(REPORT));
  for (const title of ['目标监测统计', '未达标指标统计', '预警记录']) expect(documentXml).toContain(title);
  expect(documentXml).toContain(`未达标指标统计（共${journey.belowCount}条）`);

  const media = entries.filter((e) => e.name.startsWith('word/media/'));
  const pngs = media.filter((e) =>
    e
      .data()
      .subarray(0, 8)
      .equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  );
  // Charts of three sections and the two seals.
  expect(
    pngs.length,
    `word/media: ${names.filter((n) => n.startsWith('word/media/')).join(', ')}`,
  ).toBeGreaterThanOrEqual(5);
  await context.close();
});

test('王芳 reads it shared with her department: no action, and a write through the API is refused', async ({
  browser,
}) => {
  // Before the share the head of 机电工程学院 cannot read it; the refusal reads like a missing report.
  const head = await signedIn(browser, 'wangfang');
  const before = await head.page.request.get(`${API}/report/selectbybgid?bgid=${journey.reportId}`);
  expect((await before.json()).meta.success).toBe(false);

  const publisher = await signedIn(browser, 'sunhua');
  await openFrom(publisher.page, 'list');
  await publisher.page.getByRole('button', { name: '分享' }).click();
  const dialog = publisher.page.getByRole('dialog', { name: '分享报告' });
  await dialog.getByLabel('部门').click();
  await choose(publisher.page, SHARED_DEPARTMENT);
  await closeList(dialog);
  await dialog.getByRole('button', { name: OK }).click();
  await toast(publisher.page, '分享已保存');
  await publisher.context.close();

  const page = head.page;
  await openFrom(page, 'shared');
  await expect(page.getByText('（分享给我，只读）')).toBeVisible();
  await expect(stateTag(page)).toHaveText('已完成');
  await expect(page.getByRole('heading', { name: `1. ${SECTION.points}` })).toBeVisible();
  await expect(
    page.getByLabel('评审结果').getByRole('img', { name: '学校审核章', exact: true }),
  ).toBeVisible();
  for (const action of [
    '编辑',
    '自我诊断总结',
    '提交评审',
    '分配专家',
    '专家评审',
    '学校审核',
    '驳回',
    '分享',
    '生成Word',
    '删除',
  ]) {
    await expect(page.getByRole('button', { name: action, exact: true })).toHaveCount(0);
  }
  // The one thing a reader it was shared with may do: download the document the publisher generated.
  await expect(page.getByRole('button', { name: '下载Word', exact: true })).toBeVisible();
  await chartsDrawn(page.locator('.ant-card-body'));
  await shot(page, 'qr-08-shared-read-only');
  // Reading is whole: the counts still open their tables.
  await section(page, SECTION.points).getByTitle('查看未达标指标统计').click();
  const table = page.getByRole('dialog', { name: '未达标指标统计' });
  await expect(table.locator('.ant-pagination-total-text')).toHaveText(
    `当前页${Math.min(journey.belowCount, 10)}条，共${journey.belowCount}条`,
  );
  await page.keyboard.press('Escape');
  await expect(table).toBeHidden();

  // A write sent as the app sends it (session cookie, CSRF pair from the signed-in session) is refused.
  const secret = await page.evaluate(() => {
    const stored = JSON.parse(sessionStorage.getItem('eduqa.session') ?? 'null');
    return (stored?.csrfSecret ?? stored?.user?.csrfSecret ?? '') as string;
  });
  expect(secret).not.toBe('');
  const csrfTimestamp = String(Date.now());
  const csrfToken = createHmac('sha256', secret).update(csrfTimestamp).digest('hex');
  const write = await page.request.post(`${API}/report/update`, {
    params: { csrfTimestamp, csrfToken },
    data: { bgid: journey.reportId, reportName: '王芳改过的名字' },
  });
  const refused = await write.json();
  expect(refused.meta.success).toBe(false);
  expect(refused.meta.statusCode).toBe(403);
  await page.reload();
  await expect(page.locator('.ant-card-head')).toContainText(REPORT);
  await head.context.close();
});
