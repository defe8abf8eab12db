import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { enterAs, shot } from '../support/session.ts';
import { rowOf, toast } from '../support/ui.ts';

/** A point of the demo school's current diagnosis that its charger (杨光) fills by hand. */
const POINT = '职业技能等级证书获取率';

test('the administrator backs the school up, downloads the archive, and finds a changed grade in 操作日志 with its before and after', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const taskName = `${new Date().getFullYear()}年度学校质量诊断`;

  // The charger lowers the point's result below its target: its grade changes.
  const chargerContext = await browser.newContext();
  const charger = await chargerContext.newPage();
  await enterAs(charger, 'yangguang');
  await charger.goto('/#/improvement/myTask');
  await rowOf(charger, taskName).getByRole('button', { name: taskName }).click();
  await rowOf(charger, '青禾职业技术学院').getByRole('button', { name: '填报' }).click();
  const cell = charger.getByLabel(`${POINT}本次结果`);
  const before = await cell.inputValue();
  const after = Number(before) >= 50 ? '12' : '95';
  await cell.fill(after);
  await cell.press('Enter');
  await toast(charger, `已保存「${POINT}」的结果`);
  await chargerContext.close();

  // 立即备份: a job with its progress; the archive is listed with who made it, and downloads as gzip.
  await enterAs(page, 'admin');
  await page.goto('/#/system/backup');
  await expect(page.getByText('定时备份与日志保留')).toBeVisible();
  await page.getByRole('button', { name: '立即备份' }).click();
  await toast(page, /备份完成/, 90_000);
  const made = rowOf(page, '系统管理员');
  await expect(made).toContainText(/eduqa-backup-\d{8}-\d{6}/);
  await shot(page, '139-admin-backup-made');
  const downloading = page.waitForEvent('download');
  await made.getByRole('button', { name: '下载' }).click();
  const archive = await downloading;
  expect(archive.suggestedFilename()).toMatch(/^eduqa-backup-\d{8}-\d{6}(-\d+)?\.tar\.gz$/);
  const bytes = fs.readFileSync(await archive.path());
  expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  expect(bytes.length).toBeGreaterThan(100_000);

  // 操作日志: the charger's entry names the point and keeps its result and grade before and after.
  await page.goto('/#/system/operationLog');
  await page.getByLabel('人员').fill('杨光');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  const entry = page.getByRole('row', { name: new RegExp(POINT) }).first();
  await expect(entry).toContainText('成功');
  await entry.getByRole('button', { name: '查看' }).click();
  const detail = page.getByRole('dialog', { name: '操作日志详情' });
  await expect(detail.getByRole('row', { name: /^涉及对象/ })).toContainText(
    `诊改质控点「青禾职业技术学院（演示） · ${POINT}」`,
  );
  const result = detail.getByRole('row', { name: /^结果值/ });
  await expect(result.getByRole('cell').nth(1)).toHaveText(before || '—');
  await expect(result.getByRole('cell').nth(2)).toHaveText(after);
  const grade = detail.getByRole('row', { name: /^等级/ });
  await expect(grade.getByRole('cell').nth(2)).not.toHaveText(
    await grade.getByRole('cell').nth(1).innerText(),
  );
  await shot(page, '140-admin-operation-log-grade');
});
