import { expect, type Page, test } from '@playwright/test';
import { apiAs } from '../support/api.ts';
import { startRobotFixture, startSmtpInbox } from '../support/inbox.ts';
import { enterAs } from '../support/session.ts';
import { day, toast } from '../support/ui.ts';

const GOALS = '/api/herm-mbrwgl/';
const DELIVERY = '/api/user/admin/notice-delivery';
const HEAD_NAME = '王芳';
const OK = /确\s*定/;

/** 系统设置 › 消息推送 as the settings endpoint reads it (the password only as whether one is kept). */
interface Settings {
  reminderDays: number[];
  publicUrl: string;
  smtpHost: string;
  smtpPort: number;
  smtpSecure: boolean;
  smtpUser: string;
  hasSmtpPassword: boolean;
  smtpFrom: string;
  emailCategories: string[];
}
const bodyOf = ({ hasSmtpPassword: _kept, ...settings }: Settings) => settings;

const bell = (page: Page) => page.getByRole('button', { name: /^消息（(\d+ 条未读|无未读)）$/ });
const unreadOf = async (page: Page) =>
  Number(/(\d+) 条未读/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1] ?? 0);

test('a 催办 by the department head reaches the principal as a message, an e-mail and a 企业微信 post; the bell opens the task', async ({
  page,
  baseURL,
}) => {
  const stamp = Date.now().toString(36).slice(-5);
  const targetName = `推送年度目标${stamp}`;
  const taskName = `推送催办任务${stamp}`;
  const address = `yangguang.${stamp}@school.edu.cn`;
  const content = '请本周内提交任务分解';

  // The school's mail server and 机电学院's 企业微信 group, here on this machine.
  const inbox = await startSmtpInbox();
  const robot = await startRobotFixture();
  const admin = await apiAs(baseURL!, 'admin');
  const principal = await apiAs(baseURL!, 'yangguang');
  const leader = await apiAs(baseURL!, 'zhaoming', GOALS);
  const settings = await admin.get<Settings>(`${DELIVERY}/settings`, {});
  const contact = await principal.get<{
    email: string | null;
    phone: string | null;
    qq: string | null;
    sex: string | null;
  }>('/api/user/tryLoginUserInfo', {});
  let robotId = '';
  try {
    // The administrator points 消息推送 at them: SMTP, the platform's address for links, 督办/催办 by e-mail
    // by default, and a 企业微信 robot for 机电学院 that takes 督办/催办.
    await admin.post(`${DELIVERY}/settings`, {
      ...bodyOf(settings),
      publicUrl: baseURL,
      smtpHost: '127.0.0.1',
      smtpPort: inbox.port,
      smtpSecure: false,
      smtpUser: '',
      smtpFrom: 'eduqa@school.edu.cn',
      emailCategories: [...new Set([...settings.emailCategories, 'urge'])],
    });
    robotId = (
      await admin.post<{ id: string }>(`${DELIVERY}/robots/save`, {
        name: `机电学院群${stamp}`,
        channel: 'wecom',
        webhook: `${robot.url}/cgi-bin/webhook/send?key=journey-${stamp}`,
        departmentId: 'd08',
        categories: ['urge'],
        enabled: true,
      })
    ).id;

    // 杨光 (机电学院) gives his e-mail address; his 消息设置 take 督办/催办 by e-mail.
    await principal.post('/api/user/users/personalInfo/update', {
      email: address,
      phone: contact.phone ?? '',
      qq: contact.qq ?? '',
      sex: contact.sex ?? '',
    });
    expect(await principal.get('/api/user/notice-preferences', {})).toMatchObject({
      email: address,
      emailCategories: expect.arrayContaining(['urge']),
      digest: false,
    });

    // 赵明 issues a task of 机电学院 to 杨光.
    const target = await leader.post<{ id: string }>('yearTarget', {
      name: targetName,
      cycleYear: new Date().getFullYear(),
    });
    const task = await leader.post<{ id: string }>('targetTask', {
      yearTargetId: target.id,
      name: taskName,
      type: 'A',
      examType: 'score',
      targetValue: '100%',
      departmentId: 'd08',
      principalId: principal.userId,
      startDate: day(-10),
      endDate: day(60),
    });
    const link = `${baseURL}/#/targetTaskManagement/myTask?open=${task.id}`;

    // 王芳, who heads 机电学院, opens it on 部门任务 and presses him: 催办 beside the principal.
    await enterAs(page, 'wangfang');
    // 机电学院 named in the address: an earlier journey of the lane may have made her head of another one too.
    await page.goto('/#/targetTaskManagement/departmentTask?departmentId=d08');
    await expect(page.getByRole('combobox', { name: '部门' }).locator('..')).toContainText('机电工程学院');
    const search = page.getByRole('searchbox', { name: '请输入任务名称' });
    await search.fill(taskName);
    await search.press('Enter');
    await page.getByRole('article', { name: taskName }).getByRole('button', { name: '详情' }).click();
    const details = page.getByRole('dialog', { name: `任务详情：${taskName}` });
    await details.getByRole('button', { name: /催\s*办/ }).click();
    const urge = page.getByRole('dialog', { name: '催办（杨光）' });
    await expect(urge).toContainText('杨光会收到一条消息，点开即到本任务。');
    await urge.getByRole('textbox', { name: '催办内容' }).fill(content);
    await page.screenshot({ path: '/tmp/msg-delivery-urge.png' });
    await urge.getByRole('button', { name: OK }).click();
    await toast(page, '已催办杨光');
    await expect(urge).toBeHidden();

    // The e-mail reaches his address: the task in the subject, the year target, the head's words and a link
    // to the task in the text.
    await expect
      .poll(() => inbox.mails.find((m) => m.to === address && m.subject.includes(taskName)), {
        timeout: 30_000,
      })
      .toBeTruthy();
    const mail = inbox.mails.find((m) => m.to === address && m.subject.includes(taskName))!;
    expect(mail.subject).toBe(`【教学质量监测】催办：${taskName}`);
    expect(mail.text).toContain(`${targetName} · 催办内容：${content}（${HEAD_NAME}）`);
    expect(mail.text).toContain(`打开：${link}`);

    // 机电学院's group reads it once, as 企业微信 markdown with the same link.
    const posted = () => robot.posts.filter((p) => JSON.stringify(p.body).includes(`催办：${taskName}`));
    await expect.poll(() => posted().length, { timeout: 30_000 }).toBe(1);
    const [post] = posted();
    expect(post!.path).toBe('/cgi-bin/webhook/send');
    expect(post!.body.msgtype).toBe('markdown');
    const markdown = (post!.body.markdown as { content: string }).content;
    expect(markdown).toContain(`**催办：${taskName}**`);
    expect(markdown).toContain(`${content}（${HEAD_NAME}）`);
    expect(markdown).toContain(`[在平台中打开](${link})`);

    // In the platform the bell counts it; from the drawer it opens the task's details in 我的任务.
    await enterAs(page, 'yangguang');
    await expect.poll(() => unreadOf(page)).toBeGreaterThanOrEqual(1);
    const before = await unreadOf(page);
    await bell(page).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '查看全部' });
    const message = drawer.getByRole('button', { name: `未读：催办：${taskName}` });
    await expect(message).toContainText(content);
    await expect(message).toContainText(HEAD_NAME);
    await page.screenshot({ path: '/tmp/msg-delivery-drawer.png' });
    await message.click();
    await expect(details).toBeVisible();
    await expect(page).toHaveURL(/#\/targetTaskManagement\/myTask$/);
    await expect(bell(page)).toHaveAccessibleName(
      before === 1 ? '消息（无未读）' : `消息（${before - 1} 条未读）`,
    );
    await page.screenshot({ path: '/tmp/msg-delivery.png' });

    // The e-mail's link opens the same task.
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await page.goto(link);
    await expect(details).toBeVisible();
  } finally {
    // Other journeys of the lane meet the settings as they were: no mail server, no robot, no address.
    await admin.post(`${DELIVERY}/settings`, bodyOf(settings));
    if (robotId) await admin.post(`${DELIVERY}/robots/${robotId}/delete`, {});
    await principal.post('/api/user/users/personalInfo/update', {
      email: contact.email ?? '',
      phone: contact.phone ?? '',
      qq: contact.qq ?? '',
      sex: contact.sex ?? '',
    });
    for (const client of [admin, principal, leader]) await client.api.dispose();
    await inbox.close();
    await robot.close();
  }
});
