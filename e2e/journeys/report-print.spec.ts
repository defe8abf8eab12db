import { expect, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { enterAs } from '../support/session.ts';

/**
 * Issue 28, 打印/导出PDF: 孙华 (diagnosis publisher) opens the demo's sealed school report, then its print
 * view — the cover, 目录, the sections with their charts and tables, without the app's header and menu — and
 * prints it to PDF as the browser's dialog would (Chromium's page.pdf takes the print styles). The PDF has
 * several pages and reads the report's name.
 */

test('prints a quality report to a PDF of several pages that carries its name', async ({ page }) => {
  await enterAs(page, 'sunhua');
  await page.goto('/#/report/list');
  // The demo's sealed report of last year's school task (seed reports-demo.ts).
  const link = page.getByRole('link', { name: /汇总分析报告$/ }).first();
  const name = (await link.textContent())!.trim();
  await link.click();
  await expect(page.locator('.ant-card-head')).toContainText(name);

  await page.getByRole('button', { name: '打印/导出PDF' }).click();
  await expect(page).toHaveURL(/\/view\/[^/]+\/print$/);
  const sheet = page.locator('.report-print');
  await expect(sheet.getByRole('navigation', { name: '目录' })).toContainText('一、报告信息');
  await expect(sheet.getByRole('heading', { name: '三、评审意见' })).toBeVisible();
  // Every chart drawn before printing: ECharts' canvases, and no spinner left.
  await expect(sheet.locator('.report-print-chart canvas').first()).toBeVisible();
  await expect(sheet.locator('.ant-spin')).toHaveCount(0);
  const print = sheet.getByRole('button', { name: '打印/导出PDF' });
  await expect(print).toBeEnabled();

  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
  expect(document.numPages).toBeGreaterThan(1);
  const text: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    text.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  // NFKC: Chromium's PDF maps some CJK glyphs back to their Kangxi radicals (目 as ⽬), which read the same.
  const all = text.join('\n').normalize('NFKC');
  expect(all).toContain(name);
  expect(all).toContain('目录');
  expect(all).toContain('一、报告信息');
  // Printed without the app around it: no top menu.
  expect(all).not.toContain('目标标准');
});
