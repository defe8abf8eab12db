import { chromium } from 'playwright';
const base = process.env.BASE ?? 'http://localhost:3300';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto(`${base}/#/login`);
await page.getByPlaceholder(/账号|用户名/).first().fill('admin');
await page.getByPlaceholder(/密码/).first().fill(process.env.PW ?? 'Admin@12345');
await page.keyboard.press('Enter');
await page.waitForTimeout(3000);
for (const p of (process.env.PAGES ?? '/system/operationLog,/system/loginLog').split(',')) {
  await page.goto(`${base}/#${p}`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/${p.replaceAll('/', '_')}.png`, fullPage: false });
}
if (process.env.DETAIL) {
  await page.goto(`${base}/#/system/operationLog`);
  await page.waitForTimeout(2000);
  await page.getByText('详情').first().click();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/shots/detail.png` });
}
await browser.close();
