import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { enterAs, shot } from '../support/session.ts';
import { rowOf, toast } from '../support/ui.ts';
import { crc32Of, readZip } from '../support/zip.ts';

const OK = /确\s*定/;
/** NORMAL_UPLOAD_MB of the contract: above it an attachment goes up in chunks. */
const NORMAL_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The background of a below-standard row (ROW_FLAG_LEGEND '未达标' #fff1f0). */
const BELOW_STANDARD_RGB = 'rgb(255, 241, 240)';

/** Opens a Select by its label and picks the option shown as `option`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Answers a ConfirmLink of a row: the popconfirm with `title`, its button `ok`. */
async function confirm(page: Page, title: string | RegExp, ok: string) {
  const box = page.getByRole('tooltip').filter({ hasText: title });
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: new RegExp(ok.split('').join('\\s*')) }).click();
  await expect(box).toBeHidden();
}

/** The value shown under a statistic's title (预警次数, 已处理次数, 未处理次数). */
function statistic(scope: Locator, title: string) {
  return scope
    .locator('.ant-statistic')
    .filter({ has: scope.page().getByText(title, { exact: true }) })
    .locator('.ant-statistic-content');
}

test('the diagnosis loop: a point and a task configured, a result below target diagnosed, evidence attached and zipped, a warning raised and handled', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).slice(-5);
  const pointName = `E2E毕业生就业率${stamp}`;
  const taskName = `E2E学校诊断${stamp}`;
  const year = new Date().getFullYear();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-e2e-loop-'));

  try {
    // ------------------------------------------------------------------ 1. the publisher configures a point
    await enterAs(page, 'sunhua');
    await page.goto('/#/target/indicators');
    const categories = page.locator('.ant-card').filter({ hasText: '指标分类' }).first();
    await categories
      .getByRole('listitem')
      .filter({ hasText: '人才培养' })
      .filter({ hasText: '学校' })
      .getByRole('button', { name: /人才培养/ })
      .first()
      .click();
    await expect(page.getByText('「人才培养」指标树')).toBeVisible();
    await page.locator('.ant-tree').getByText('就业质量', { exact: true }).click();
    await page.getByRole('button', { name: '新增质控点' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '新增质控点（就业质量）' });
    await expect(drawer).toBeVisible();
    await drawer.getByLabel('质控点名称').fill(pointName);
    await drawer.getByLabel('内涵').fill('当年毕业生的就业人数占毕业生总数的比例');
    await expect(drawer.getByLabel('数据类型')).toBeVisible();
    await expect(drawer.locator('.ant-form-item').filter({ hasText: '数据类型' })).toContainText('百分比');
    await expect(drawer.locator('.ant-form-item').filter({ hasText: '期望方向' })).toContainText('越大越好');
    await drawer.getByPlaceholder('请输入标准值').fill('90');
    await drawer.getByPlaceholder('第1项的值').fill('95');
    await drawer.getByPlaceholder('第2项的值').fill('90');
    await drawer.getByPlaceholder('第3项的值').fill('80');
    await choose(page, drawer, '预警方式', '结果值比较');
    await choose(page, drawer, '预警条件', '结果值 < 预警值');
    await drawer.getByPlaceholder('请输入预警值').fill('60');
    await expect(drawer.locator('.ant-form-item').filter({ hasText: '采样周期' })).toContainText('月');
    await expect(drawer.locator('.ant-form-item').filter({ hasText: '采集方式' })).toContainText('填报');
    await shot(page, '50-publisher-new-point');
    await drawer.getByRole('button', { name: OK }).click();
    await expect(page.getByText('质控点已新增')).toBeVisible();
    await expect(drawer).toBeHidden();
    const pointRow = rowOf(page, pointName);
    await expect(pointRow).toContainText('百分比');
    await expect(pointRow).toContainText('90%');
    await expect(pointRow).toContainText('越大越好');
    await expect(pointRow).toContainText('< 60');
    await shot(page, '51-publisher-point-listed');

    // ------------------------------------------------------------------ 2. the publisher creates a task
    await page.goto('/#/improvement/yearTask');
    await page.getByRole('button', { name: '新建任务' }).click();
    const taskDialog = page.getByRole('dialog', { name: '新建诊断任务' });
    await taskDialog.getByLabel('任务名称').fill(taskName);
    await expect(taskDialog.locator('.ant-form-item').filter({ hasText: '诊断层级' })).toContainText('学校');
    await expect(taskDialog.getByLabel('诊断期间')).toHaveValue(String(year));
    await expect(taskDialog.getByPlaceholder('开始日期')).toHaveValue(`${year}-01-01`);
    await expect(taskDialog.getByPlaceholder('结束日期')).toHaveValue(`${year}-12-31`);
    await shot(page, '52-publisher-new-task');
    await taskDialog.getByRole('button', { name: OK }).click();
    await expect(page.getByText('新建成功')).toBeVisible();
    await expect(taskDialog).toBeHidden();
    await page.getByPlaceholder('请输入任务名称').fill(taskName);
    await page.getByPlaceholder('请输入任务名称').press('Enter');
    await rowOf(page, taskName).getByRole('button', { name: taskName }).click();

    await page.getByRole('button', { name: '添加诊断对象' }).click();
    const objectsDialog = page.getByRole('dialog', { name: '添加诊断对象（学校）' });
    await rowOf(objectsDialog, '青禾职业技术学院').getByRole('checkbox').check();
    await objectsDialog.getByRole('button', { name: /确\s*定（1）/ }).click();
    await toast(page, '已添加1个诊断对象');
    await expect(objectsDialog).toBeHidden();
    const objectRow = rowOf(page, '青禾职业技术学院');
    await expect(objectRow).toBeVisible();

    await objectRow.getByRole('button', { name: '设置负责人' }).click();
    const chargerDialog = page.getByRole('dialog').filter({ hasText: '设置负责人 - 青禾职业技术学院' });
    await chargerDialog.getByLabel('负责人').fill('杨光');
    await page.locator('.ant-select-dropdown:visible').getByTitle('杨光（yangguang）').click();
    await chargerDialog.getByRole('button', { name: OK }).click();
    await expect(page.getByText('设置成功')).toBeVisible();
    await expect(chargerDialog).toBeHidden();
    await expect(objectRow).toContainText('杨光');

    await objectRow.getByRole('button', { name: '下达质控点' }).click();
    await confirm(page, '确定向「青禾职业技术学院（演示）」下达质控点吗？', '下达');
    await expect(page.getByText(/已下达质控点：新增\d+个，更新0个/)).toBeVisible();
    await expect(objectRow.locator('td').nth(5)).not.toHaveText('0');
    await shot(page, '53-publisher-task-objects');

    // ------------------------------------------------------------------ 3. the charger enters a result below target
    const chargerContext = await browser.newContext({ acceptDownloads: true });
    const charger = await chargerContext.newPage();
    await enterAs(charger, 'yangguang');
    await charger.goto('/#/improvement/myTask');
    await charger.getByPlaceholder('请输入任务名称').fill(taskName);
    await charger.getByPlaceholder('请输入任务名称').press('Enter');
    await rowOf(charger, taskName).getByRole('button', { name: taskName }).click();
    await rowOf(charger, '青禾职业技术学院').getByRole('button', { name: '填报' }).click();
    await expect(charger.getByText(`青禾职业技术学院（演示） - ${taskName}`)).toBeVisible();

    const resultRow = rowOf(charger, pointName);
    await expect(resultRow).toContainText('90%');
    const resultCell = resultRow.getByLabel(`${pointName}本次结果`);
    await resultCell.fill('70');
    await resultCell.press('Enter');
    await toast(charger, `已保存「${pointName}」的结果`);
    await expect(resultRow).toHaveClass(/dq-row-dis/);
    await expect(resultRow.getByRole('cell', { name: pointName, exact: true })).toHaveCSS(
      'background-color',
      BELOW_STANDARD_RGB,
    );
    const legend = charger.getByLabel('图例');
    await expect(legend).toContainText('未完成');
    await expect(legend).toContainText('未达标');
    await expect(legend.locator('.dq-legend-swatch').nth(1)).toHaveCSS(
      'background-color',
      BELOW_STANDARD_RGB,
    );
    await expect(resultRow).toContainText('D');
    await shot(charger, '54-charger-result-below-target');

    // 未达标质控点: listed; cause and measure required, at most 500 characters.
    await charger.getByRole('tab', { name: '未达标质控点' }).click();
    const disPanel = charger.getByRole('tabpanel', { name: '未达标质控点' });
    const disRow = rowOf(disPanel, pointName);
    await expect(disRow).toContainText('70%');
    await disRow.getByRole('button', { name: '编辑' }).click();
    const causeDialog = charger.getByRole('dialog', { name: `原因分析与改进措施 - ${pointName}` });
    await causeDialog.getByRole('button', { name: OK }).click();
    await expect(causeDialog.getByText('此项必填')).toHaveCount(2);
    await causeDialog.getByLabel('原因分析').fill('因'.repeat(501));
    await expect(causeDialog.getByText('501 / 500')).toBeVisible();
    await expect(causeDialog.getByText('最多只能输入500个字符')).toBeVisible();
    await shot(charger, '55-charger-cause-limit');
    const cause = '受行业招聘周期影响，部分专业毕业生签约推迟。';
    const measure = '联合合作企业开展专场招聘，建立未就业毕业生帮扶台账。';
    await causeDialog.getByLabel('原因分析').fill(cause);
    await causeDialog.getByLabel('改进措施').fill(measure);
    await expect(causeDialog.getByText(`${cause.length} / 500`)).toBeVisible();
    await causeDialog.getByRole('button', { name: OK }).click();
    await expect(charger.getByText('保存成功')).toBeVisible();
    await expect(causeDialog).toBeHidden();
    await disRow.getByRole('button', { name: '展开行' }).click();
    await expect(disPanel.getByText(cause)).toBeVisible();
    await expect(disPanel.getByText(measure)).toBeVisible();
    await shot(charger, '56-charger-cause-measure-saved');

    // ------------------------------------------------------------------ 4. two attachments, one chunked
    const txtPath = path.join(work, '就业数据说明.txt');
    const txt = '2026届毕业生就业数据：毕业生1200人，已就业840人。\n';
    fs.writeFileSync(txtPath, txt);
    const zipPath = path.join(work, '就业佐证材料.zip');
    const big = crypto.randomBytes(NORMAL_UPLOAD_BYTES + 1_500_000);
    fs.writeFileSync(zipPath, big);

    const chunkRequests: string[] = [];
    charger.on('request', (request) => {
      if (request.url().includes('/file/burster/upload')) chunkRequests.push(request.url());
    });
    await disRow.getByRole('button', { name: `附件：${pointName}` }).click();
    const files = charger.getByRole('dialog', { name: '支撑附件' });
    await expect(files).toBeVisible();
    // The upload's stage is chosen in the dialog (issue 11): these files support the target standard.
    await files.getByRole('combobox', { name: '上传阶段' }).click();
    await charger.locator('.ant-select-item-option[title="目标标准"]').click();
    await files.locator('input[type=file]').setInputFiles([txtPath, zipPath]);
    const pending = files.getByRole('region', { name: '本次上传' });
    await expect(pending.getByText('就业数据说明.txt')).toBeVisible();
    await expect(pending.getByText('就业佐证材料.zip')).toBeVisible();
    await expect(pending.locator('.ant-progress-status-success')).toHaveCount(2, { timeout: 60_000 });
    expect(chunkRequests.length).toBeGreaterThanOrEqual(Math.ceil(big.length / 614_400));
    await shot(charger, '57-charger-attachments-uploaded');
    await files.getByRole('button', { name: OK }).click();
    await expect(charger.getByText('导入成功！')).toBeVisible();
    await expect(files).toBeHidden();
    await expect(disRow.getByRole('button', { name: `附件：${pointName}` })).toHaveText('2');

    // ------------------------------------------------------------------ 5. download all as one zip
    await disRow.getByRole('button', { name: `附件：${pointName}` }).click();
    const standardGroup = files.getByRole('region', { name: '目标标准' });
    await expect(standardGroup.getByText('就业数据说明.txt')).toBeVisible();
    await expect(standardGroup.getByText('就业佐证材料.zip')).toBeVisible();
    await shot(charger, '58-charger-attachments-saved');
    const [download] = await Promise.all([
      charger.waitForEvent('download'),
      files.getByRole('button', { name: '下载全部' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${pointName}支撑附件.zip`);
    const saved = path.join(work, 'all.zip');
    await download.saveAs(saved);
    const entries = readZip(fs.readFileSync(saved));
    expect(entries.map((e) => e.name).sort()).toEqual(['就业佐证材料.zip', '就业数据说明.txt'].sort());
    const bigEntry = entries.find((e) => e.name === '就业佐证材料.zip');
    const txtEntry = entries.find((e) => e.name === '就业数据说明.txt');
    expect(bigEntry?.size).toBe(big.length);
    expect(bigEntry?.crc32).toBe(crc32Of(big));
    expect(txtEntry?.size).toBe(Buffer.byteLength(txt));
    expect(txtEntry?.data().toString('utf8')).toBe(txt);
    await files.getByRole('button', { name: /取\s*消/ }).click();
    await expect(files).toBeHidden();

    // ------------------------------------------------------------------ 6. a sample crosses the warning value
    await charger.getByRole('tab', { name: /^质控点/ }).click();
    await resultRow.getByRole('button', { name: `采样分析：${pointName}` }).click();
    const sampling = charger.getByRole('dialog', { name: `采样分析 - ${pointName}` });
    await sampling.getByLabel('采集值').fill('50');
    await sampling.getByRole('button', { name: '录入采样值' }).click();
    await expect(charger.getByText('采样值已录入')).toBeVisible();
    await sampling.getByRole('tab', { name: '采样记录' }).click();
    await expect(sampling.getByRole('row').filter({ hasText: '50%' })).toBeVisible();
    await shot(charger, '59-charger-sample-entered');
    await sampling.getByRole('button', { name: '关闭' }).click();
    await expect(sampling).toBeHidden();

    await charger.getByRole('tab', { name: '预警' }).click();
    const warnPanel = charger.getByRole('tabpanel', { name: '预警' });
    await expect(statistic(warnPanel, '预警次数')).toHaveText('1');
    await expect(statistic(warnPanel, '已处理次数')).toHaveText('0');
    await expect(statistic(warnPanel, '未处理次数')).toHaveText('1');
    const warnRow = rowOf(warnPanel, pointName);
    const warnCells = warnRow.getByRole('cell');
    await expect(warnCells.nth(1)).toHaveText('60%');
    await expect(warnCells.nth(4)).toHaveText('1');
    await expect(warnCells.nth(5)).toHaveText('0');
    await shot(charger, '5a-charger-warning-raised');

    // The drawer's 预警历史 shows the record, not yet handled.
    await warnRow.getByRole('button', { name: pointName }).click();
    const pointDrawer = charger.getByRole('dialog').filter({ has: charger.getByText('预警历史') });
    await pointDrawer.getByRole('tab', { name: '预警历史' }).click();
    const history = pointDrawer.getByRole('tabpanel', { name: '预警历史' });
    const historyRow = history.getByRole('row').filter({ hasText: '未处理' });
    await expect(historyRow).toHaveCount(1);
    await expect(historyRow).toContainText('60%');
    await expect(historyRow).toContainText('50%');
    await shot(charger, '5b-charger-warning-history');
    await pointDrawer.getByRole('button', { name: '关闭' }).click();
    await expect(pointDrawer).toBeHidden();

    // 处理: cause and measure; the counts follow.
    await warnRow.getByRole('button', { name: '处理' }).click();
    const dispose = charger.getByRole('dialog', { name: `处理预警 - ${pointName}` });
    await dispose.getByLabel('原因分析').fill('本月就业数据为阶段性统计，部分签约未录入。');
    await dispose.getByLabel('处理措施').fill('督促各二级学院当周补录签约数据并复核。');
    await dispose.getByRole('button', { name: OK }).click();
    await expect(charger.getByText('预警已处理')).toBeVisible();
    await expect(dispose).toBeHidden();
    await expect(statistic(warnPanel, '已处理次数')).toHaveText('1');
    await expect(statistic(warnPanel, '未处理次数')).toHaveText('0');
    await expect(warnCells.nth(5)).toHaveText('1');
    await expect(warnRow).toContainText('杨光');
    await shot(charger, '5c-charger-warning-handled');

    await warnRow.getByRole('button', { name: pointName }).click();
    await pointDrawer.getByRole('tab', { name: '预警历史' }).click();
    await expect(history.getByText('未处理')).toHaveCount(0);
    await expect(history.getByRole('button', { name: '查看处理详情' })).toHaveCount(1);
    await shot(charger, '5d-charger-warning-history-handled');
    await chargerContext.close();

    // The publisher's task list counts the handled warning out.
    await page.goto('/#/improvement/yearTask');
    await page.getByPlaceholder('请输入任务名称').fill(taskName);
    await page.getByPlaceholder('请输入任务名称').press('Enter');
    const taskRow = rowOf(page, taskName);
    await expect(taskRow.locator('.ant-badge')).toHaveText('0');
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
