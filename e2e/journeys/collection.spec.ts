import { expect, test } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { enterAs, shot } from '../support/session.ts';
import { rowOf, toast } from '../support/ui.ts';

const OK = /确\s*定/;

/** A group with no version yet: the binding names it, the gate then reports that it has none. */
async function createGroup(baseURL: string, name: string) {
  const { post } = await apiAs(baseURL, 'hejun', '/api/herm-sjgl');
  const source = await post<{ id: string }>('/datasource/insert', { name: `${name}-源`, type: 'builtin' });
  const folder = await post<{ id: string }>('/algorithmcontent/insert', { name: `${name}-目录` });
  await post('/algorithmgroup/insert', { name, folderId: folder.id, dataSourceId: source.id });
}

/**
 * Results computed, not typed (issue 12): the data manager binds a computed point to its algorithm
 * group; the publisher collects the school task — a job with progress — and meets the data-quality
 * gate, which holds everything until accepted; here the run is discarded, so nothing is stored.
 */
test('the data manager binds a point, the publisher collects a task and decides at the data-quality gate', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await createGroup(baseURL!, 'e2e-group');
  await enterAs(page, 'hejun');
  await page.goto('/#/dataManage/collection-bindings');
  // A point the demo computes: its group is swapped for another and then put back.
  const point = page.getByRole('row').filter({ hasText: '算法' }).filter({ hasText: '已配置' }).first();
  const cells = point.getByRole('cell');
  const pointName = (await cells.first().textContent()) ?? '';
  const demoGroup = ((await cells.nth(4).textContent()) ?? '').trim();
  expect(demoGroup).not.toBe('');
  await point.getByRole('button', { name: '配置' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '采集配置：' });
  const groupField = dialog.locator('.ant-form-item').filter({ hasText: '结果算法组' });
  await groupField.locator('.ant-select-clear').click({ force: true });
  await dialog.getByRole('button', { name: OK }).click();
  await expect(dialog.getByText('请选择结果算法组')).toBeVisible();
  await dialog.getByLabel('结果算法组').fill('e2e');
  await page.locator('.ant-select-item-option', { hasText: 'e2e-group' }).click();
  await dialog.getByLabel('合理范围下限').fill('0');
  await dialog.getByLabel('合理范围上限').fill('100');
  await dialog.getByRole('button', { name: OK }).click();
  await toast(page, '保存成功');
  await expect(rowOf(page, pointName)).toContainText('已配置');
  await expect(rowOf(page, pointName)).toContainText('e2e-group');
  await shot(page, 'c1-collection-binding');
  // Put the demo's group back, so that the point goes on being computed.
  await rowOf(page, pointName).getByRole('button', { name: '配置' }).click();
  await dialog.getByLabel('结果算法组').fill(demoGroup);
  await page.locator('.ant-select-item-option', { hasText: demoGroup }).first().click();
  await dialog.getByRole('button', { name: OK }).click();
  await toast(page, '保存成功');
  await expect(rowOf(page, pointName)).toContainText(demoGroup);

  const context = await browser.newContext();
  const publisher = await context.newPage();
  await enterAs(publisher, 'sunhua');
  await publisher.goto('/#/improvement/yearTask');
  const task = rowOf(publisher, '2026年度学校质量诊断');
  await task.getByRole('button', { name: '采集' }).click();
  const collect = publisher.getByRole('dialog').filter({ hasText: '采集：' });
  await expect(collect).toBeVisible();
  await collect.getByRole('button', { name: '开始采集' }).click();
  await expect(collect.getByLabel('采集进度')).toBeVisible();
  // The gate report: the run waits for the publisher; nothing is a sample yet.
  await expect(collect.locator('.ant-descriptions')).toContainText('待确认', { timeout: 90_000 });
  await expect(collect.getByRole('button', { name: /全部入库|其余入库/ })).toBeVisible();
  await publisher.waitForTimeout(1500);
  await expect(collect).toBeVisible();
  await shot(publisher, 'c2-collection-gate');
  await collect.getByRole('button', { name: /放\s*弃/ }).click();
  const box = publisher.getByRole('tooltip').filter({ hasText: '确定放弃这次采集吗？' });
  await box.getByRole('button', { name: /放\s*弃/ }).click();
  await toast(publisher, '已放弃本次采集');
  await expect(collect.locator('.ant-descriptions')).toContainText('已放弃');
  await shot(publisher, 'c3-collection-discarded');
  // 版本对比: two versions of a point's result algorithm side by side; the form asks for what it needs.
  await collect.getByRole('tab', { name: '版本对比' }).click();
  await collect.getByRole('button', { name: /对\s*比/ }).click();
  await expect(collect.getByText('请选择质控点')).toBeVisible();
  await expect(collect.getByText('请选择原版本')).toBeVisible();
  await context.close();

  // The charger's drawer of a computed point: 详细数据 and 为什么是这个值.
  const chargerContext = await browser.newContext();
  const charger = await chargerContext.newPage();
  await enterAs(charger, 'yangguang');
  await charger.goto('/#/improvement/myTask');
  await rowOf(charger, '2026年度学校质量诊断').getByRole('button', { name: '2026年度学校质量诊断' }).click();
  await rowOf(charger, '青禾职业技术学院').getByRole('button', { name: '填报' }).click();
  await rowOf(charger, '新生报到率').getByRole('button', { name: '新生报到率' }).first().click();
  const drawer = charger
    .getByRole('dialog')
    .filter({ has: charger.getByRole('tab', { name: '为什么是这个值' }) });
  await drawer.getByRole('tab', { name: '为什么是这个值' }).click();
  const why = drawer.getByRole('tabpanel', { name: '为什么是这个值' });
  await expect(why).toContainText('采集方式');
  await expect(why).toContainText('算法');
  await drawer.getByRole('tab', { name: '详细数据' }).click();
  await expect(drawer.getByRole('tabpanel', { name: '详细数据' })).toBeVisible();
  await shot(charger, 'c4-collection-drawer');
  await chargerContext.close();
});
