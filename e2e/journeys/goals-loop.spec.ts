import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { enterAs, shot } from '../support/session.ts';
import { day, rowOf, toast } from '../support/ui.ts';
import { readZip } from '../support/zip.ts';

const OK = /确\s*定/;

/** Types into a searchable Select found by its label and picks the option shown as `option`. */
async function pick(page: Page, scope: Locator, label: string, search: string, option: string) {
  await scope.getByLabel(label, { exact: true }).fill(search);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** Answers a ConfirmLink: the popconfirm with `title`, its button `ok`. */
async function confirm(page: Page, title: string | RegExp, ok: string) {
  const box = page.getByRole('tooltip').filter({ hasText: title });
  await expect(box).toBeVisible();
  await box.getByRole('button', { name: new RegExp(ok.split('').join('\\s*')) }).click();
  await expect(box).toBeHidden();
}

async function signedIn(browser: Browser, account: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await enterAs(page, account);
  return page;
}

function sidebar(page: Page) {
  return page.getByRole('menu', { name: '目标任务管理菜单' });
}

/** Opens a task's detail drawer from its card on a task page. */
async function openCard(page: Page, view: 'myTask' | 'departmentTask', taskName: string) {
  await page.goto(`/#/targetTaskManagement/${view}`);
  await page.getByRole('searchbox', { name: '请输入任务名称' }).fill(taskName);
  await page.getByRole('searchbox', { name: '请输入任务名称' }).press('Enter');
  const card = page.getByRole('article', { name: taskName });
  await card.getByRole('button', { name: '详情' }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `任务详情：${taskName}` });
  await expect(drawer.getByText('任务节点（')).toBeVisible();
  return { card, drawer };
}

/** Answers a ReasonModal (return reason, plan, audit opinion). */
async function answer(page: Page, title: string, text: string) {
  const dialog = page.getByRole('dialog', { name: title });
  if (text) await dialog.getByRole('textbox').fill(text);
  await dialog.getByRole('button', { name: OK }).click();
  await expect(dialog).toBeHidden();
}

/** Resolves once the page's chart canvases draw the same picture 300 ms apart (ECharts animates its first draw). */
async function chartsSettled(page: Page) {
  await expect
    .poll(() =>
      page.locator('main canvas').evaluateAll(async (canvases) => {
        const picture = () => canvases.map((c) => (c as HTMLCanvasElement).toDataURL()).join('|');
        const before = picture();
        await new Promise((resolve) => setTimeout(resolve, 300));
        return before === picture();
      }),
    )
    .toBe(true);
}

/** The text of a WordprocessingML part: the tags taken out, the five XML entities read. */
function textOf(xml: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return xml.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => entities[e] ?? '');
}

/** The value of a statistic (the warning page, 汇总分析). */
function statistic(page: Page, title: string) {
  return page
    .locator('.ant-statistic')
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator('.ant-statistic-content-value');
}

test('the goal loop: a year target decomposed for three departments, a node accepted and defined, progress with a file rejected then passed, an overdue warning counted, an urge accepted, the summary counting it all and the report downloaded with every task', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36).slice(-5);
  const targetName = `E2E年度目标${stamp}`;
  const task1 = `E2E课程思政建设${stamp}`;
  const task2 = `E2E学生资助工作${stamp}`;
  const task3 = `E2E人才引进计划${stamp}`;
  const nodeName = `E2E完成课程思政示范课${stamp}`;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-e2e-goals-'));
  const evidence = path.join(work, '课程思政进展.txt');
  fs.writeFileSync(evidence, '已完成示范课3门，另有2门在建设中。\n');

  try {
    // ------------------------------------------------------------------ 1. the publisher creates a year target
    const publisher = await signedIn(browser, 'zhaoming');
    await publisher.goto('/#/targetTaskManagement/warningTask');
    await expect(statistic(publisher, '逾期预警')).toBeVisible();
    const expiredBefore = Number(await statistic(publisher, '逾期预警').innerText());

    await publisher.goto('/#/targetTaskManagement/yearTargets');
    await publisher.getByRole('button', { name: '新建年度目标' }).click();
    const targetDialog = publisher.getByRole('dialog', { name: '新建年度目标' });
    await targetDialog.getByRole('button', { name: OK }).click();
    await expect(
      targetDialog.locator('.ant-form-item-explain-error').getByText('请输入年度目标名称'),
    ).toBeVisible();
    await targetDialog.getByLabel('目标名称').fill(targetName);
    await targetDialog.getByLabel('目标说明').fill('推进课程思政、学生资助与人才引进三项重点工作。');
    await shot(publisher, '60-goals-new-year-target');
    await targetDialog.getByRole('button', { name: OK }).click();
    await toast(publisher, '年度目标已新建');
    await expect(targetDialog).toBeHidden();
    await publisher.getByRole('searchbox', { name: '请输入年度目标名称' }).fill(targetName);
    await publisher.getByRole('searchbox', { name: '请输入年度目标名称' }).press('Enter');
    const targetRow = rowOf(publisher, targetName);
    await expect(targetRow).toContainText(String(new Date().getFullYear()));
    await expect(targetRow.getByRole('button', { name: '编辑' })).toBeVisible();

    // ------------------------------------------------------------------ 2. decomposed into tasks for three departments
    await targetRow.getByRole('button', { name: '分解' }).click();
    const decompose = publisher.getByRole('dialog').filter({ hasText: `分解年度目标：${targetName}` });
    await expect(decompose.getByText('暂无数据')).toBeVisible();
    const tasks = [
      { name: task1, department: '教务处', account: 'hanbing', person: '韩冰（hanbing）', end: null },
      { name: task2, department: '学生工作处', account: 'liqiang', person: '李强（liqiang）', end: null },
      { name: task3, department: '人事处', account: 'zhoujing', person: '周静（zhoujing）', end: day(-1) },
    ];
    for (const task of tasks) {
      await decompose.getByRole('button', { name: '新增任务' }).click();
      const dialog = publisher.getByRole('dialog', { name: '新增目标任务' });
      if (task === tasks[0]) {
        await dialog.getByRole('button', { name: OK }).click();
        await expect(
          dialog.locator('.ant-form-item-explain-error').getByText('请输入任务名称'),
        ).toBeVisible();
        await expect(
          dialog.locator('.ant-form-item-explain-error').getByText('请选择责任部门'),
        ).toBeVisible();
        await expect(
          dialog.locator('.ant-form-item-explain-error').getByText('请选择任务负责人'),
        ).toBeVisible();
      }
      await dialog.getByLabel('任务名称').fill(task.name);
      await pick(publisher, dialog, '责任部门', task.department, task.department);
      await pick(publisher, dialog, '任务负责人', task.account, task.person);
      if (task.end) {
        await dialog.getByPlaceholder('开始日期').click();
        await dialog.getByPlaceholder('开始日期').fill(day(-60));
        await dialog.getByPlaceholder('开始日期').press('Enter');
        await dialog.getByPlaceholder('结束日期').fill(task.end);
        await dialog.getByPlaceholder('结束日期').press('Enter');
        await dialog.getByLabel('任务类型').click();
        await publisher
          .locator('.ant-select-dropdown:visible')
          .getByTitle('A类·重点', { exact: true })
          .click();
      }
      if (task === tasks[0]) await shot(publisher, '61-goals-new-task');
      await dialog.getByRole('button', { name: OK }).click();
      await toast(publisher, '任务已下发');
      await expect(dialog).toBeHidden();
      await expect(rowOf(decompose, task.name)).toContainText(task.department);
    }
    await expect(rowOf(decompose, task3)).toContainText('逾期预警');
    // The catalogue: the second task becomes a sub-task of the first.
    await rowOf(decompose, task2).getByRole('button', { name: '调整目录' }).click();
    const catalog = publisher.getByRole('dialog', { name: `调整目录（${task2}）` });
    await catalog.getByLabel('上级任务').click();
    await publisher.locator('.ant-select-dropdown:visible').getByTitle(task1, { exact: true }).click();
    await catalog.getByRole('button', { name: OK }).click();
    await toast(publisher, '目录已调整');
    await expect(rowOf(decompose, task2)).toContainText(`└ ${task2}`);
    await shot(publisher, '62-goals-decomposed');
    await decompose.getByRole('button', { name: '关闭' }).click();
    await expect(decompose).toBeHidden();

    // ------------------------------------------------------------------ 3. the department head defines a node and submits it
    const head = await signedIn(browser, 'qianli');
    await head.goto('/#/targetTaskManagement/departmentTask');
    await expect(head.getByText('负责人：钱丽')).toBeVisible();
    const headCard = head.getByRole('article', { name: task1 });
    await expect(headCard).toContainText('教务处');
    await expect(headCard).toContainText('韩冰');
    await expect(headCard).toContainText('未开始');
    // Edit and delete are the creator's only.
    await expect(headCard.getByRole('button', { name: '编辑' })).toHaveCount(0);
    await expect(headCard.getByRole('button', { name: '删除' })).toHaveCount(0);
    await shot(head, '63-goals-department-tasks');
    let { drawer } = await openCard(head, 'departmentTask', task1);
    await drawer.getByRole('button', { name: '新增节点' }).click();
    const nodeDialog = head.getByRole('dialog', { name: '新增任务节点' });
    await nodeDialog.getByLabel('节点名称').fill(nodeName);
    await nodeDialog.getByLabel('节点说明').fill('建设并验收课程思政示范课5门。');
    await nodeDialog.getByRole('button', { name: OK }).click();
    await toast(head, '节点已新增');
    await expect(rowOf(drawer, nodeName)).toContainText('未推送');
    await drawer.getByRole('button', { name: '提交分解审核' }).click();
    await toast(head, '任务分解已提交审核');
    await expect(drawer.getByRole('button', { name: '提交分解审核' })).toHaveCount(0);

    // The creator passes the decomposition.
    await publisher.goto('/#/targetTaskManagement/yearTargets');
    await rowOf(publisher, targetName).getByRole('button', { name: '分解' }).click();
    await rowOf(decompose, task1).getByRole('button', { name: '详情' }).click();
    let publisherDrawer = publisher.getByRole('dialog').filter({ hasText: `任务详情：${task1}` });
    await publisherDrawer.getByRole('button', { name: '分解审核通过' }).click();
    await answer(publisher, '分解审核通过', '分解合理，同意。');
    await toast(publisher, '分解审核通过');
    await publisherDrawer.getByRole('button', { name: '关闭' }).click();
    await decompose.getByRole('button', { name: '关闭' }).click();
    await expect(decompose).toBeHidden();

    // The head pushes the node.
    ({ drawer } = await openCard(head, 'departmentTask', task1));
    await rowOf(drawer, nodeName).getByRole('button', { name: '推送' }).click();
    await toast(head, '已推送');
    await expect(rowOf(drawer, nodeName)).toContainText('待接收');

    // ------------------------------------------------------------------ 4. the principal accepts and plans; the head defines
    const principal = await signedIn(browser, 'hanbing');
    let principalDrawer = (await openCard(principal, 'myTask', task1)).drawer;
    await rowOf(principalDrawer, nodeName).getByRole('button', { name: '接收' }).click();
    await toast(principal, '已接收');
    await rowOf(principalDrawer, nodeName).getByRole('button', { name: '提交落实方案' }).click();
    await answer(principal, `提交落实方案（${nodeName}）`, '分三批建设示范课，每月验收一次。');
    await toast(principal, '已提交落实方案');
    await expect(rowOf(principalDrawer, nodeName)).toContainText('待确认');

    ({ drawer } = await openCard(head, 'departmentTask', task1));
    await rowOf(drawer, nodeName).getByRole('button', { name: '确认落实方案' }).click();
    await toast(head, '已确认落实方案');
    await expect(rowOf(drawer, nodeName)).toContainText('执行中');

    // ------------------------------------------------------------------ 5. progress with a file; rejected, then passed
    principalDrawer = (await openCard(principal, 'myTask', task1)).drawer;
    const report = async (content: string, kind: '过程进度' | '最终成果', completion: number) => {
      await rowOf(principalDrawer, nodeName).getByRole('button', { name: '上报进度' }).click();
      const dialog = principal.getByRole('dialog', { name: `上报进度（${nodeName}）` });
      await dialog.getByRole('radio', { name: kind }).check();
      await dialog.getByLabel('进度内容').fill(content);
      await dialog.getByLabel('完成度（%）').fill(String(completion));
      await dialog.locator('input[type=file]').setInputFiles(evidence);
      await expect(dialog.locator('.ant-upload-list-item-done').getByText('课程思政进展.txt')).toBeVisible();
      return dialog;
    };
    let progressDialog = await report('已完成示范课3门。', '过程进度', 60);
    await shot(principal, '64-goals-progress-with-file');
    await progressDialog.getByRole('button', { name: OK }).click();
    await toast(principal, '进度已上报');
    await principalDrawer.getByRole('tab', { name: /进度上报/ }).click();
    await expect(rowOf(principalDrawer, '已完成示范课3门。')).toContainText('审核中');
    await expect(
      rowOf(principalDrawer, '已完成示范课3门。').getByRole('link', { name: /课程思政进展\.txt/ }),
    ).toBeVisible();
    await principalDrawer.getByRole('tab', { name: /任务节点/ }).click();
    await expect(rowOf(principalDrawer, nodeName).getByRole('button', { name: '上报进度' })).toHaveCount(0);

    // The department rejects with a reason (required).
    ({ drawer } = await openCard(head, 'departmentTask', task1));
    await drawer.getByRole('tab', { name: /进度上报/ }).click();
    await rowOf(drawer, '已完成示范课3门。').getByRole('button', { name: '驳回' }).click();
    const reject = head.getByRole('dialog', { name: `驳回（${nodeName}）` });
    await expect(reject.getByRole('textbox')).toBeEditable();
    await reject.getByRole('button', { name: OK }).click();
    await expect(reject.locator('.ant-form-item-explain-error').getByText('请输入审核意见')).toBeVisible();
    await reject.getByRole('textbox').fill('请补充示范课的验收材料。');
    await shot(head, '65-goals-reject-progress');
    await reject.getByRole('button', { name: OK }).click();
    await toast(head, '已驳回');
    await expect(rowOf(drawer, '已完成示范课3门。')).toContainText('请补充示范课的验收材料。');

    // The principal reports again, now the final result; the department passes; the creator passes,
    // which finishes the node and with it the task (its only node).
    principalDrawer = (await openCard(principal, 'myTask', task1)).drawer;
    progressDialog = await report('已完成示范课5门，验收材料见附件。', '最终成果', 100);
    await progressDialog.getByRole('button', { name: OK }).click();
    await toast(principal, '进度已上报');

    ({ drawer } = await openCard(head, 'departmentTask', task1));
    await drawer.getByRole('tab', { name: /进度上报/ }).click();
    await rowOf(drawer, '验收材料见附件').getByRole('button', { name: '部门审核通过' }).click();
    await answer(head, `部门审核通过（${nodeName}）`, '');
    await toast(head, '已部门审核通过');

    await publisher.goto('/#/targetTaskManagement/yearTargets');
    await rowOf(publisher, targetName).getByRole('button', { name: '分解' }).click();
    await rowOf(decompose, task1).getByRole('button', { name: '详情' }).click();
    publisherDrawer = publisher.getByRole('dialog').filter({ hasText: `任务详情：${task1}` });
    await publisherDrawer.getByRole('tab', { name: /进度上报/ }).click();
    const passedRow = rowOf(publisherDrawer, '验收材料见附件');
    await expect(passedRow).toContainText('部门审核通过');
    await passedRow.getByRole('button', { name: '审核通过' }).click();
    await answer(publisher, `审核通过（${nodeName}）`, '材料齐全。');
    await toast(publisher, '已审核通过');
    await expect(passedRow).toContainText('审核通过');
    await expect(rowOf(publisherDrawer, '已完成示范课3门。')).toContainText('已驳回');
    await shot(publisher, '66-goals-progress-audited');
    // The final result passed: the node is finished.
    await publisherDrawer.getByRole('tab', { name: /任务节点/ }).click();
    await expect(rowOf(publisherDrawer, nodeName)).toContainText('已完成');
    await publisherDrawer.getByRole('button', { name: '关闭' }).click();
    await decompose.getByRole('button', { name: '关闭' }).click();

    // ------------------------------------------------------------------ 6. the overdue task in the counts and the badge
    await publisher.goto('/#/targetTaskManagement/warningTask');
    await expect(statistic(publisher, '逾期预警')).toHaveText(String(expiredBefore + 1));
    await publisher.locator('.ant-segmented').getByText('逾期预警', { exact: true }).click();
    await publisher.getByRole('searchbox', { name: '请输入任务名称' }).fill(task3);
    await publisher.getByRole('searchbox', { name: '请输入任务名称' }).press('Enter');
    await expect(rowOf(publisher, task3)).toContainText('逾期预警 1');
    await expect(rowOf(publisher, task3)).toContainText('人事处');
    const total = await statistic(publisher, '预警总数').innerText();
    const badge = sidebar(publisher)
      .getByRole('menuitem', { name: /预警任务/ })
      .locator('.ant-badge');
    await expect(badge).toHaveAttribute('aria-label', `全部预警数 ${total}`);
    await shot(publisher, '67-goals-overdue-warning');

    // ------------------------------------------------------------------ 7. an urge sent and accepted
    await publisher.goto('/#/targetTaskManagement/yearTargets');
    await rowOf(publisher, targetName).getByRole('button', { name: '督办' }).click();
    const urgeDialog = publisher.getByRole('dialog', { name: '督办' });
    await urgeDialog.getByRole('button', { name: OK }).click();
    await expect(
      urgeDialog.locator('.ant-form-item-explain-error').getByText('请选择督办部门'),
    ).toBeVisible();
    await pick(publisher, urgeDialog, '督办部门', '教务处', '教务处');
    await urgeDialog.getByLabel('督办内容').fill('请尽快完成课程思政任务的分解。');
    await urgeDialog.getByText('督办部门').first().click();
    await shot(publisher, '68-goals-urge');
    await urgeDialog.getByRole('button', { name: OK }).click();
    await toast(publisher, '已督办1个部门');

    await head.goto('/#/targetTaskManagement/urge');
    const urgeRow = rowOf(head, targetName);
    await expect(urgeRow).toContainText('目标未分解');
    await expect(urgeRow).toContainText('待处理');
    await urgeRow.getByRole('button', { name: '处理' }).click();
    await confirm(head, '确定已处理该督办吗？', '处理');
    await toast(head, '督办已处理');
    await expect(urgeRow).toContainText('已处理');
    await expect(urgeRow).toContainText('钱丽');
    await shot(head, '69-goals-urge-accepted');

    // ------------------------------------------------------------------ 8. the summary charts reflect it
    await publisher.goto('/#/targetTaskManagement/summaryAnalysis');
    // The publisher heads 党政办公室, so the page starts on that department (spec 2 §2.7): clear it.
    await expect(publisher.getByTestId('department-head')).toHaveText('负责人：赵明');
    const departmentFilter = publisher
      .locator('.ant-select')
      .filter({ has: publisher.getByLabel('责任部门', { exact: true }) });
    await departmentFilter.hover();
    await departmentFilter.locator('.ant-select-clear').click();
    await expect(publisher.getByTestId('department-head')).toHaveCount(0);
    const year = new Date().getFullYear();
    await pick(publisher, publisher.locator('main'), '年度目标', targetName, `${targetName}（${year}）`);
    // Task 1 finished, task 2 not started, task 3 past its end: one overdue and one overdue warning.
    const cards = {
      任务总数: '3',
      已完成: '1',
      进行中: '0',
      未开始: '1',
      已逾期: '1',
      逾期预警: '1',
      完成率: '33.33',
    };
    for (const [title, value] of Object.entries(cards)) {
      await expect(statistic(publisher, title), title).toHaveText(value);
    }
    // The department × type grid: per department the A, B, C and total groups of 任务 / 完成 / 逾期 / 完成率.
    const grid = publisher.locator('.ant-card').filter({ has: publisher.getByText('部门 × 任务类型') });
    const none = ['0', '0', '0', '-'];
    const gridRows: [string, string, string[], string[]][] = [
      ['教务处', '钱丽', none, ['1', '1', '0', '100%']],
      ['学生工作处', '李强', none, ['1', '0', '0', '0%']],
      ['人事处', '周静', ['1', '0', '1', '0%'], none],
    ];
    for (const [department, departmentHead, typeA, typeB] of gridRows) {
      const total = typeA === none ? typeB : typeA;
      await expect(rowOf(grid, department).getByRole('cell')).toHaveText([
        department,
        departmentHead,
        ...typeA,
        ...typeB,
        ...none,
        ...total,
      ]);
    }
    await expect(grid.locator('.ant-table-summary').getByRole('row').getByRole('cell')).toHaveText([
      '合计',
      ...['1', '0', '1', '0%'],
      ...['2', '1', '0', '50%'],
      ...none,
      ...['3', '1', '1', '33.33%'],
    ]);
    await expect(publisher.locator('main canvas')).toHaveCount(5);
    await chartsSettled(publisher);
    // A full-page shot of a scrolled page draws the sticky header midway.
    await publisher.evaluate(() => window.scrollTo(0, 0));
    await shot(publisher, '77-goals-summary-analysis');

    // ------------------------------------------------------------------ 9. the report generated and downloaded
    await publisher.goto('/#/targetTaskManagement/targetReport');
    await publisher.getByRole('searchbox', { name: '名称' }).fill(targetName);
    await publisher.getByRole('searchbox', { name: '名称' }).press('Enter');
    await publisher.getByLabel('报告对象', { exact: true }).click();
    await publisher
      .locator('.ant-select-dropdown:visible')
      .getByTitle('年度目标报告', { exact: true })
      .click();
    const reportRow = rowOf(publisher, targetName);
    await expect(
      publisher.locator('.ant-table-tbody').getByRole('row').filter({ hasText: targetName }),
    ).toHaveCount(1);
    await expect(reportRow).toContainText('年度目标报告');
    await expect(reportRow).toContainText('未生成');
    await expect(reportRow.getByRole('button', { name: '下载' })).toHaveCount(0);
    await reportRow.getByLabel('自评等级').click();
    await publisher.locator('.ant-select-dropdown:visible').getByTitle('A 优秀', { exact: true }).click();
    await toast(publisher, '自评等级已保存');
    await reportRow.getByRole('button', { name: '生成' }).click();
    const generateDialog = publisher.getByRole('dialog', { name: '生成报告' });
    await expect(generateDialog).toContainText(`为「${targetName}」生成 Word 报告`);
    // The job's first answer is held back so the progress bar can be seen; then it runs to the end.
    const jobPoll = '**/targetReport/getFutureTaskResult**';
    let releaseJob = () => {};
    const jobHeld = new Promise<void>((resolve) => {
      releaseJob = resolve;
    });
    await publisher.route(jobPoll, async (route) => {
      await jobHeld;
      await route.fallback();
    });
    await generateDialog.getByRole('button', { name: OK }).click();
    await expect(generateDialog).toBeHidden();
    const progressBar = reportRow.getByRole('progressbar', { name: '报告生成进度' });
    await expect(progressBar).toBeVisible();
    await expect(reportRow.getByRole('button', { name: '生成' })).toBeDisabled();
    await shot(publisher, '78-goals-report-generating');
    releaseJob();
    await publisher.unroute(jobPoll);
    await toast(publisher, '报告已生成，可以下载');
    await expect(progressBar).toHaveCount(0);
    await expect(reportRow).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? 生成/);
    await shot(publisher, '79-goals-report-generated');
    const [download] = await Promise.all([
      publisher.waitForEvent('download'),
      reportRow.getByRole('button', { name: '下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${targetName}目标报告.docx`);
    const docx = path.join(work, 'report.docx');
    await download.saveAs(docx);
    const documentXml = readZip(fs.readFileSync(docx))
      .find((e) => e.name === 'word/document.xml')
      ?.data()
      .toString('utf8');
    expect(documentXml, 'word/document.xml').toBeDefined();
    // Word may split a text into runs: compare the text with the tags taken out.
    const documentText = textOf(documentXml ?? '');
    for (const name of [targetName, task1, task2, task3, nodeName]) {
      expect(documentText, name).toContain(name);
    }
    expect(documentText).toContain('任务数3');
    expect(documentText).toContain('已完成任务数1');
    expect(documentText).toContain('自评等级A（优秀）');
    expect(documentText).toContain('已完成示范课5门，验收材料见附件。');
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
});
