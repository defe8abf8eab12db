import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { enterAs, shot } from '../support/session.ts';
import { day, rowOf, toast } from '../support/ui.ts';

/**
 * Issue 13 from the designer to a computed point. The data manager 何军 designs a teaching-research
 * project form (six component types; 必填, 唯一 and a custom pattern) and sends it to 教务处 and 机电工程学院.
 * Each head names a filler; 曹慧 (机电) registers her project first, so when 吕萍 (教务处) types the same
 * project number the live unique check refuses it. 吕萍 meets the custom pattern's message, reloads and finds
 * her draft, commits; her head 钱丽 sends it back with a reason, 吕萍 fixes it, 钱丽 passes it. 何军 syncs the
 * task and finds the row in the form's warehouse table, then extends the algorithm 教师科研项目 to read that
 * table too; after 孙华 collects the teacher task again, 谢芸's point 主持或参与科研项目 reads 有 instead of 无.
 */

test.describe.configure({ mode: 'serial' });
// A step that cannot happen fails with its own message, not with the whole test's timeout.
test.use({ actionTimeout: 20_000 });

const OK = /确\s*定/;
const FORM = '教研项目立项登记';
const TASK = `${FORM}（本学期）`;
/** 谢芸 (艺术设计学院) has no project in the demo warehouse: her point reads 无. */
const TEACHER = { account: 'xieyun', code: 'T11003', name: '谢芸' };
const POINT = '主持或参与科研项目';
const GROUP = '教师科研项目';
/** The project number 曹慧 registers first; 吕萍 tries it again. */
const TAKEN = 'JY2026-01';
const OWN = 'JY2026-07';
const REASON = '请补填项目经费和联系电话';

/** The demo's current teacher task is named after the school's (Asia/Shanghai) calendar year. */
const SCHOOL_YEAR = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(
  new Date(),
);
const TEACHER_TASK = `${SCHOOL_YEAR}年度教师发展诊断`;

async function signedIn(browser: Browser, account: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await enterAs(page, account);
  return { context, page };
}

/** Picks `label` in the open antd select dropdown. */
async function choose(page: Page, label: string) {
  await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
}

/** A multiple select keeps its list open over the fields below: a click on the dialog's title closes it. */
const closeList = (dialog: Locator) => dialog.locator('.ant-modal-title').click();

/** A text box of the properties panel by its label (the panel's labels are not tied to their inputs). */
const property = (properties: Locator, label: string) =>
  properties.locator('.ant-form-item').filter({ hasText: label }).last().locator('input');

/**
 * Adds a component from the palette (dragged onto the canvas or clicked) and names it: the new field is
 * selected, its properties on the right.
 */
async function addField(
  page: Page,
  component: string,
  label: string,
  key: string,
  rules: { require?: boolean; unique?: boolean; custom?: { pattern: string; message: string } } = {},
  how: 'click' | 'drag' = 'click',
) {
  const source = page.getByTestId('field-palette').getByRole('button', { name: component, exact: true });
  if (how === 'drag') await source.dragTo(page.getByTestId('field-canvas'));
  else await source.click();
  const properties = page.getByTestId('field-properties');
  await properties.locator('#field-label').fill(label);
  await properties.locator('#field-key').fill(key);
  if (rules.require) await properties.getByRole('checkbox', { name: '必填' }).check();
  if (rules.unique) await properties.getByRole('checkbox', { name: '唯一' }).check();
  if (rules.custom) {
    await properties.getByRole('checkbox', { name: '自定义' }).check();
    await property(properties, '正则表达式').fill(rules.custom.pattern);
    await expect(properties.getByText('表达式有效')).toBeVisible();
    await property(properties, '不匹配时的提示').fill(rules.custom.message);
  }
}

/** The value cell of a field in the normal layout, found by its label. */
const input = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillText(page: Page, label: string, value: string) {
  const field = input(page, label);
  await field.fill(value);
  await field.blur();
}

async function expectSaved(page: Page) {
  await expect(page.getByRole('status', { name: '保存状态' })).toContainText('已保存');
}

async function commit(page: Page) {
  await page.getByRole('button', { name: '提交' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '提交' }).click();
}

/** The teacher's own row of 主持或参与科研项目 in 我的任务 › the current teacher task. */
async function teacherPoint(browser: Browser) {
  const { context, page } = await signedIn(browser, TEACHER.account);
  await page.goto('/#/improvement/myTask');
  await rowOf(page, TEACHER_TASK).getByRole('button', { name: TEACHER_TASK }).click();
  await rowOf(page, TEACHER.name).getByRole('button', { name: '填报' }).click();
  return { context, page, result: await resultOf(page, POINT) };
}

/**
 * The 本次结果 cell of a point's row. The first columns span several rows (the indicator), so the cell
 * is counted from the end of the row, as its header is counted from the end of the header row.
 */
async function resultOf(page: Page, point: string) {
  const row = rowOf(page, point);
  await expect(row).toBeVisible();
  const names = (await page.getByRole('columnheader').allTextContents()).map((t) => t.trim());
  expect(names).toContain('本次结果');
  const fromEnd = names.length - names.indexOf('本次结果');
  const cells = row.getByRole('cell');
  return cells.nth((await cells.count()) - fromEnd);
}

test('the data manager designs a project form with six components and rules, publishes it and sends it to two departments', async ({
  page,
}) => {
  await enterAs(page, 'hejun');
  await page.goto('/#/dataCollection/forms');
  await page.getByRole('button', { name: '新建表单' }).click();
  const create = page.getByRole('dialog', { name: '新建表单' });
  await create.getByLabel('表单名称').fill(FORM);
  await create.getByRole('button', { name: OK }).click();
  await expect(page.getByTestId('form-designer')).toBeVisible();

  // The first field is dragged onto the empty canvas; the others are clicked in the palette.
  await addField(page, '单行文本', '项目编号', 'xmbh', { require: true, unique: true }, 'drag');
  await expect(page.getByText('画布（1 个字段）')).toBeVisible();
  await addField(page, '单行文本', '项目名称', 'xmmc', { require: true });
  await addField(page, '单行文本', '负责人工号', 'gh', {
    require: true,
    custom: { pattern: '^T\\d{5}$', message: '负责人工号为 T 加 5 位数字' },
  });
  await addField(page, '下拉单选', '项目类型', 'xmlx', { require: true });
  const properties = page.getByTestId('field-properties');
  await properties.locator('.ant-form-item').filter({ hasText: '选项来源' }).getByRole('combobox').click();
  await choose(page, '项目类型（xmlx）');
  await addField(page, '日期', '立项日期', 'lxrq', { require: true });
  await addField(page, '小数', '经费（万元）', 'jf');
  await addField(page, '整数', '参与人数', 'cyrs');
  await addField(page, '电话', '联系电话', 'dh');
  await expect(page.getByText('画布（8 个字段）')).toBeVisible();
  await expect(page.getByText(/保存前请处理/)).toHaveCount(0);
  await shot(page, '130-form-designer');

  await page.getByRole('button', { name: '保存' }).click();
  await toast(page, '设计已保存');
  await page.getByRole('button', { name: '发布' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '发布' }).click();
  await toast(page, '表单已发布');
  await page.getByRole('button', { name: '返回表单管理' }).click();
  await expect(rowOf(page, FORM)).toContainText('已发布');

  await page.goto('/#/dataCollection/tasks');
  await page.getByRole('button', { name: '新建采集任务' }).click();
  const task = page.getByRole('dialog', { name: '新建采集任务' });
  await task.getByLabel('任务名称').fill(TASK);
  await task.getByLabel('采集表单').click();
  await choose(page, FORM);
  await closeList(task);
  await task.getByLabel('截止时间').click();
  await task.getByLabel('截止时间').fill(`${day(30)} 18:00:00`);
  await task.getByLabel('截止时间').press('Enter');
  await task.getByLabel('下发部门').click();
  await choose(page, '教务处');
  await choose(page, '机电工程学院');
  await closeList(task);
  await shot(page, '131-collect-task');
  await task.getByRole('button', { name: OK }).click();
  await toast(page, '采集任务已下发');
  await expect(rowOf(page, TASK)).toContainText(FORM);
  await expect(rowOf(page, TASK)).toContainText('2');
});

test('each head names a filler; 曹慧 registers the first project', async ({ browser }) => {
  const allocate = async (head: string, department: string, filler: string) => {
    const { context, page } = await signedIn(browser, head);
    await page.goto('/#/dataCollection/allocations');
    const line = rowOf(page, TASK);
    await expect(line).toContainText(department);
    await expect(line).toContainText('待分配');
    await line.getByRole('button', { name: '分配' }).click();
    const dialog = page.getByRole('dialog', { name: `分配：${TASK}` });
    await dialog.getByLabel('填报人').click();
    await choose(page, filler);
    await closeList(dialog);
    await dialog.getByRole('button', { name: OK }).click();
    await toast(page, '已分配');
    await expect(rowOf(page, TASK)).toContainText('已分配');
    return { context, page };
  };
  const wangfang = await allocate('wangfang', '机电工程学院', '曹慧（caohui）');
  await wangfang.context.close();

  const caohui = await signedIn(browser, 'caohui');
  await caohui.page.goto('/#/dataCollection/my-fills');
  await rowOf(caohui.page, FORM).getByRole('button', { name: '填报' }).click();
  const page = caohui.page;
  await fillText(page, '项目编号', TAKEN);
  await fillText(page, '项目名称', '工业机器人实训课程模块化改革');
  await fillText(page, '负责人工号', 'T08005');
  await input(page, '项目类型').click();
  await choose(page, '纵向');
  await input(page, '立项日期').fill(day(-20));
  await input(page, '立项日期').press('Enter');
  await expectSaved(page);
  await commit(page);
  await toast(page, '已提交，等待审核');
  await caohui.context.close();

  const qianli = await allocate('qianli', '教务处', '吕萍（lvping）');
  await shot(qianli.page, '132-allocated');
  await qianli.context.close();
});

test('吕萍 meets the rules, keeps her draft over a reload, commits; 钱丽 sends it back, then passes the fix', async ({
  page,
  browser,
}) => {
  await enterAs(page, 'lvping');
  await page.goto('/#/dataCollection/my-fills');
  await rowOf(page, FORM).getByRole('button', { name: '填报' }).click();

  // The number 曹慧 committed is taken: the server says so while 吕萍 types, and 提交 is refused.
  await fillText(page, '项目编号', TAKEN);
  await expect(page.getByText('该值已存在，不能重复！')).toBeVisible();
  await fillText(page, '项目名称', '艺术设计专业课程思政教学改革研究');
  await fillText(page, '负责人工号', 'T1103');
  await expect(page.getByText('负责人工号为 T 加 5 位数字')).toBeVisible();
  await shot(page, '133-fill-refused');
  await fillText(page, '负责人工号', TEACHER.code);
  await expect(page.getByText('负责人工号为 T 加 5 位数字')).toHaveCount(0);
  await input(page, '项目类型').click();
  await choose(page, '纵向');
  await input(page, '立项日期').fill(day(-1));
  await input(page, '立项日期').press('Enter');
  // The fields are checked before 「确定提交吗？」 is asked: a fill that cannot be committed gets no question.
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('请先修正标红的字段')).toBeVisible();
  await expect(page.getByText('确定提交吗？')).toHaveCount(0);
  await expect(page.getByText('该值已存在，不能重复！')).toBeVisible();

  await fillText(page, '项目编号', OWN);
  await expect(page.getByText('该值已存在，不能重复！')).toHaveCount(0);
  await expectSaved(page);
  // Mid-way she reloads: the draft was saved as she typed.
  await page.reload();
  await expect(input(page, '项目编号')).toHaveValue(OWN);
  await expect(input(page, '负责人工号')).toHaveValue(TEACHER.code);
  await expect(input(page, '立项日期')).toHaveValue(day(-1));
  await shot(page, '134-fill-draft-after-reload');
  await commit(page);
  await toast(page, '已提交，等待审核');

  // 钱丽 heads 教务处: she reads the record and sends it back.
  const head = await signedIn(browser, 'qianli');
  await head.page.goto('/#/dataCollection/audit');
  await rowOf(head.page, FORM).getByRole('button', { name: '审核' }).click();
  const drawer = head.page.getByRole('dialog', { name: new RegExp(`${FORM} · 吕萍`) });
  await expect(input(head.page, '项目编号')).toHaveValue(OWN);
  await drawer.getByRole('button', { name: '退回' }).click();
  const back = head.page.getByRole('dialog', { name: '退回填报' });
  await back.getByLabel('退回原因').fill(REASON);
  await back.getByRole('button', { name: OK }).click();
  await toast(head.page, '已退回填报人');

  // 吕萍, back at her list later (a fresh load), reads the reason, fixes the record and commits again.
  await page.reload();
  const returned = rowOf(page, FORM);
  await expect(returned).toContainText('已退回');
  await expect(returned).toContainText(REASON);
  await shot(page, '135-my-fills-returned');
  await returned.getByRole('button', { name: '填报' }).click();
  await expect(page.getByText(`退回原因：${REASON}`)).toBeVisible();
  await fillText(page, '经费（万元）', '3.5');
  await fillText(page, '参与人数', '4');
  await fillText(page, '联系电话', '0571-86005678');
  await expectSaved(page);
  await commit(page);
  await toast(page, '已提交，等待审核');

  await head.page.reload();
  await rowOf(head.page, FORM).getByRole('button', { name: '审核' }).click();
  await expect(input(head.page, '经费（万元）')).toHaveValue('3.5');
  await expect(input(head.page, '联系电话')).toHaveValue('0571-86005678');
  await shot(head.page, '136-audit-fixed');
  await drawer.getByRole('button', { name: '通过', exact: true }).click();
  await head.page.getByRole('tooltip').getByRole('button', { name: '通过' }).click();
  await toast(head.page, '已审核通过');
  await head.context.close();
});

/** The SQL of the editor, one line, as its text is shown. */
async function editorSql(editor: Locator) {
  return ((await editor.innerText()) ?? '').replace(/\s+/g, ' ').trim();
}

test('the synced row feeds the teacher point: the algorithm reads the new table and 谢芸 reads 有', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const before = await teacherPoint(browser);
  await expect(before.result).toHaveText('无');
  await before.context.close();

  await enterAs(page, 'hejun');
  await page.goto('/#/dataCollection/tasks');
  await rowOf(page, TASK).getByRole('button', { name: '详情' }).click();
  await page.getByRole('button', { name: '同步到数据仓库' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '同步' }).click();
  await expect(page.getByTestId('sync-outcome')).toContainText('已同步1个表单、1行数据', {
    timeout: 30_000,
  });

  await page.goto('/#/dataManage/warehouse');
  await page.getByTestId('warehouse-card-数据采集').click();
  await page.getByTestId(`table-card-${FORM}`).click();
  const facts = page.locator('.ant-descriptions').first();
  const physicalItem = facts
    .locator('.ant-descriptions-item')
    .filter({ hasText: '物理表' })
    .locator('.ant-descriptions-item-content');
  await expect(physicalItem).toHaveText(/^dw\.\w+$/);
  const physical = ((await physicalItem.textContent()) ?? '').trim();
  await expect(rowOf(page, OWN)).toContainText(TEACHER.code);
  await shot(page, '137-warehouse-row');

  // 教师科研项目 reads the demo's project tables; a new version reads the new form's table as well.
  await page.goto('/#/dataManage/algorithms');
  // The list is paged by last change: the group is found by its name.
  const search = page.getByPlaceholder('请输入算法组名称');
  await search.fill(GROUP);
  await search.press('Enter');
  await page.getByRole('link', { name: GROUP, exact: true }).click();
  await expect(page.locator('.ant-card-head-title').first()).toContainText(GROUP);
  const editor = page.getByRole('textbox', { name: 'SQL 编辑器' });
  await expect(editor).toContainText('union all');
  const current = await editorSql(editor);
  expect(current).toMatch(/\) p /);
  const extended = current.replace(/\) p /, ` union all select c_gh, c_lxrq from ${physical}) p `);
  // Tried on 谢芸 first as it stands (无), then as extended (有), before anything is saved.
  const objectPicker = page.getByRole('combobox', { name: '诊断对象' });
  await objectPicker.click();
  await objectPicker.fill(TEACHER.code);
  await page.locator('.ant-select-item-option').filter({ hasText: TEACHER.code }).first().click();
  const tried = page.getByTestId('algorithm-test-result').getByRole('row').nth(1);
  await page.getByRole('button', { name: '在对象上测试' }).click();
  await expect(tried).toContainText('无', { timeout: 30_000 });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(extended);
  expect(await editorSql(editor)).toBe(extended);
  await page.getByRole('button', { name: '在对象上测试' }).click();
  await expect(page.getByTestId('algorithm-test-result')).toContainText('未保存的 SQL');
  await expect(tried).toContainText('有');
  await page.getByRole('button', { name: '保存' }).first().click();
  await toast(page, '已保存为版本 V2');
  await page.getByRole('row', { name: /^V2/ }).getByRole('button', { name: '发布' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '发布' }).click();
  // A group that already has a current version asks whether the new one should take its place.
  await page
    .getByRole('dialog')
    .filter({ hasText: '设为当前版本？' })
    .getByRole('button', { name: '设为当前' })
    .click();
  await toast(page, '当前版本已切换为 V2');
  await expect(page.getByRole('row', { name: /^V2/ })).toContainText('当前');
  await shot(page, '138-algorithm-extended');

  // 孙华 publishes the teacher task: she collects it again and accepts the run at the gate.
  const publisher = await signedIn(browser, 'sunhua');
  await publisher.page.goto('/#/improvement/yearTask');
  await rowOf(publisher.page, TEACHER_TASK).getByRole('button', { name: '采集' }).click();
  const collect = publisher.page.getByRole('dialog').filter({ hasText: '采集：' });
  await collect.getByRole('button', { name: '开始采集' }).click();
  await expect(collect.locator('.ant-descriptions')).toContainText('待确认', { timeout: 120_000 });
  await collect.getByRole('button', { name: /全部入库|其余入库/ }).click();
  await publisher.page.getByRole('tooltip').getByRole('button', { name: '入库' }).click();
  await toast(publisher.page, /评级已更新/);
  await publisher.context.close();

  const after = await teacherPoint(browser);
  await expect(after.result).toHaveText('有');
  await shot(after.page, '139-teacher-point-changed');
  await after.context.close();
});
