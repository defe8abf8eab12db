import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/session.ts';

test('the document draws its own loader and the login page works without the signed-in app', async ({
  page,
}) => {
  // Before any script: index.html itself shows 加载中…, with no inline script for the CSP to refuse.
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('class="boot-loader"');
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

  // The signed-in app cannot be fetched (a dropped connection, or a release that removed it).
  let blocked = true;
  await page.route(/\/assets\/signed-in-app-[^/]+\.js$/, (route) =>
    blocked ? route.abort() : route.continue(),
  );
  await page.goto('/#/login');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(page.locator('.boot-loader')).toHaveCount(0);
  // antd's styles come from its stylesheet (zero runtime: none are computed in the browser); the theme's
  // own primary colour still reaches them, through antd's CSS variables.
  await expect(page.getByRole('button', { name: '登录', exact: true })).toHaveCSS(
    'background-color',
    'rgb(9, 88, 217)',
  );

  // Who asks for less motion (the journeys do) gets no click wave: it faded over the button for 2 s,
  // and every screenshot waited for it.
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByText('请输入用户名', { exact: true }).last()).toBeVisible();
  expect(await page.locator('.ant-wave').count()).toBe(0);

  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('页面文件加载失败');

  // Once the file can be fetched again, 重新加载 brings the signed-in app.
  blocked = false;
  await page.getByRole('button', { name: '重新加载' }).click();
  await expect(page.getByRole('menu', { name: '主菜单' }).getByText('首页')).toBeVisible();
});
