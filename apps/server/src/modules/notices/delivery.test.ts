import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { noticeDeliveryEndpoints as D, ROLE_IDS } from '@eduqa/contract';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type Session, signIn } from '../../../test/app.ts';
import { API, createYearTarget, type GoalWorld, ok, startGoalWorld } from '../goals/goals.fixtures.ts';
import { users } from '../org/org.table.ts';
import { createDeliveryRepo } from './delivery.repo.ts';
import { createDeliveryService } from './delivery.service.ts';

/**
 * 消息推送 against a local SMTP server (smtp-server, reading what arrives) and a local HTTP fixture standing in
 * for each group robot: a 督办 reaches the urged department's head by e-mail and its 企业微信 robot, the
 * administrators' 钉钉 robot signs its post, a refusing robot is a visible failure that never failed the urge,
 * and no secret is ever sent back.
 */
interface Mail {
  to: string;
  raw: string;
}
interface Post {
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

const mails: Mail[] = [];
const posts: Post[] = [];
let smtp: SMTPServer;
let fixture: http.Server;
let smtpPort = 0;
let fixtureUrl = '';
let w: GoalWorld;
let admin: Session;

const until = async <T>(read: () => T | undefined, ms = 20_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('nothing arrived');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) mails.push({ to: to.address, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  fixture = http.createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fixture');
      posts.push({ path: url.pathname, query: url.searchParams, body: JSON.parse(text) });
      response.setHeader('content-type', 'application/json');
      if (url.pathname === '/refuse')
        response.end(JSON.stringify({ errcode: 310000, errmsg: '关键词不匹配' }));
      else if (url.pathname === '/feishu') response.end(JSON.stringify({ code: 0, msg: 'success' }));
      else response.end(JSON.stringify({ errcode: 0, errmsg: 'ok' }));
    });
  });
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve));
  fixtureUrl = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  const t = await createTestApp({ notices: { delivery: true, reminders: false } });
  w = await startGoalWorld(t);
  const a = await createUser(t, { roles: [ROLE_IDS.admin], name: '管理员甲' });
  admin = await signIn(t, a.account, a.password);
}, 120_000);
afterAll(async () => {
  await w?.t.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await new Promise((resolve) => fixture?.close(resolve));
});

describe('消息推送', () => {
  it('keeps the settings for the administrator only, and never sends a secret back', async () => {
    const refused = await w.head.send(D.settings);
    expect(refused.json().meta.statusCode).toBe(403);
    const settings = await admin.call(D.saveSettings, {
      body: {
        reminderDays: [1, 3],
        publicUrl: 'https://eduqa.school.edu.cn',
        smtpHost: '127.0.0.1',
        smtpPort,
        smtpSecure: false,
        smtpUser: '',
        smtpPassword: 'smtp-秘密',
        smtpFrom: 'eduqa@school.edu.cn',
        emailCategories: ['urge'],
      },
    });
    expect(settings).toMatchObject({ reminderDays: [3, 1], hasSmtpPassword: true });
    expect(JSON.stringify(settings)).not.toContain('smtp-秘密');
    const bad = await admin.send(D.saveSettings, {
      body: { ...settings, smtpFrom: 'not-an-address', publicUrl: '' } as never,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().meta.message).toContain('发件人地址格式不正确');
  });

  it('sends a test e-mail at once, and says why when it cannot', async () => {
    expect(await admin.call(D.testEmail, { body: { to: 'admin@school.edu.cn' } })).toEqual({ sent: true });
    const mail = await until(() => mails.find((m) => m.to === 'admin@school.edu.cn'));
    expect(mail.raw).toContain('eduqa@school.edu.cn');
  });

  it('posts a 督办 once to the department’s robot and e-mails its head, no one else', async () => {
    const wecom = await admin.call(D.saveRobot, {
      body: {
        name: '教务处群',
        channel: 'wecom',
        webhook: `${fixtureUrl}/wecom?key=wecom-secret-key`,
        departmentId: w.departmentId,
        categories: ['urge'],
        enabled: true,
      },
    });
    expect(wecom.webhookHint).not.toContain('wecom-secret-key');
    await admin.call(D.saveRobot, {
      body: {
        name: '其他部门群',
        channel: 'feishu',
        webhook: `${fixtureUrl}/feishu`,
        departmentId: w.outsiderDepartmentId,
        categories: ['urge'],
        enabled: true,
      },
    });
    await w.t.db.update(users).set({ email: 'head@school.edu.cn' }).where(eq(users.id, w.head.userId));
    await w.t.db
      .update(users)
      .set({ email: 'outsider@school.edu.cn' })
      .where(eq(users.id, w.outsider.userId));
    const target = await createYearTarget(w, '提升专业建设水平');
    ok(
      await w.creator.post(`${API}/yearTargetUrge/batchInsert`, {
        list: [
          { yearTargetId: target.id, departmentId: w.departmentId, currentStatus: 2, content: '请尽快分解' },
        ],
      }),
    );
    const mail = await until(() => mails.find((m) => m.to === 'head@school.edu.cn'));
    expect(mail.raw).toContain('=?UTF-8?');
    const post = await until(() => posts.find((p) => p.path === '/wecom'));
    const content = (post.body.markdown as { content: string }).content;
    expect(post.body.msgtype).toBe('markdown');
    expect(content).toContain('督办：提升专业建设水平');
    expect(content).toContain('https://eduqa.school.edu.cn/#/targetTaskManagement/urge?urgeType=0&mine=true');
    // One post per robot and event, though the head and the auditor both received it.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(posts.filter((p) => p.path === '/wecom')).toHaveLength(1);
    expect(posts.filter((p) => p.path === '/feishu')).toHaveLength(0);
    expect(mails.filter((m) => m.to === 'outsider@school.edu.cn')).toHaveLength(0);
  });

  it('signs a 钉钉 post, and shows a refused post as a failure that did not fail the change', async () => {
    const dingtalk = await admin.call(D.saveRobot, {
      body: {
        name: '管理员钉钉群',
        channel: 'dingtalk',
        webhook: `${fixtureUrl}/dingtalk?access_token=tok`,
        secret: 'SEC-ding',
        departmentId: null,
        categories: ['urge', 'account'],
        enabled: true,
      },
    });
    expect(dingtalk.hasSecret).toBe(true);
    expect(await admin.call(D.testRobot, { params: { id: dingtalk.id } })).toEqual({ sent: true });
    const post = posts.find((p) => p.path === '/dingtalk')!;
    const timestamp = post.query.get('timestamp')!;
    const expected = createHmac('sha256', 'SEC-ding').update(`${timestamp}\nSEC-ding`).digest('base64');
    expect(post.query.get('sign')).toBe(expected);
    expect(post.query.get('access_token')).toBe('tok');

    const refusing = await admin.call(D.saveRobot, {
      body: {
        name: '拒收群',
        channel: 'wecom',
        webhook: `${fixtureUrl}/refuse`,
        departmentId: w.departmentId,
        categories: ['urge'],
        enabled: true,
      },
    });
    const test = await admin.send(D.testRobot, { params: { id: refusing.id } });
    expect(test.statusCode).toBe(422);
    expect(test.json().meta.message).toBe('发送失败：关键词不匹配');
    const target = await createYearTarget(w, '第二个目标');
    ok(
      await w.creator.post(`${API}/yearTargetUrge/batchInsert`, {
        list: [{ yearTargetId: target.id, departmentId: w.departmentId, currentStatus: 1 }],
      }),
    );
    const record = await untilAsync(async () => {
      const page = await admin.call(D.deliveries, { query: { pageNum: 1, pageSize: 20, channel: 'wecom' } });
      return page.records.find((d) => d.recipientName === '拒收群' && d.lastError);
    });
    expect(record).toMatchObject({
      subject: '督办：第二个目标',
      lastError: '关键词不匹配',
      attempts: 1,
      state: 'pending',
    });
  });

  it('lets a person choose what reaches them by e-mail', async () => {
    expect(await w.head.call(D.preferences)).toMatchObject({
      email: 'head@school.edu.cn',
      emailCategories: ['urge'],
      isDefault: true,
    });
    const saved = await w.head.call(D.savePreferences, { body: { emailCategories: [], digest: false } });
    expect(saved).toMatchObject({ emailCategories: [], isDefault: false });
  });

  it('sends a daily digest instead of single e-mails, once a day, from 8 o’clock', async () => {
    await w.auditor.call(D.savePreferences, { body: { emailCategories: ['urge'], digest: true } });
    await w.t.db.update(users).set({ email: 'auditor@school.edu.cn' }).where(eq(users.id, w.auditor.userId));
    const target = await createYearTarget(w, '第三个目标');
    ok(
      await w.creator.post(`${API}/yearTargetUrge/batchInsert`, {
        list: [{ yearTargetId: target.id, departmentId: w.departmentId, currentStatus: 1 }],
      }),
    );
    const at = (iso: string) =>
      createDeliveryService({
        repo: createDeliveryRepo(w.t.db),
        key: randomBytes(32),
        log: () => {},
        now: () => new Date(iso),
      });
    // 07:30 and 09:00 in Asia/Shanghai, the school's default zone.
    expect(await at('2026-12-01T23:30:00Z').sendDigests()).toBe(0);
    expect(await at('2026-12-02T01:00:00Z').sendDigests()).toBe(1);
    expect(await at('2026-12-02T02:00:00Z').sendDigests()).toBe(0);
    const digest = await untilAsync(async () => {
      const page = await admin.call(D.deliveries, {
        query: { pageNum: 1, pageSize: 50, keyword: '每日消息汇总' },
      });
      return page.records[0];
    });
    expect(digest).toMatchObject({
      channel: 'email',
      subject: expect.stringMatching(/^每日消息汇总（\d+ 条）$/),
    });
    await until(() => mails.find((m) => m.to === 'auditor@school.edu.cn'));
    expect(mails.filter((m) => m.to === 'auditor@school.edu.cn')).toHaveLength(1);
  });
});

async function untilAsync<T>(read: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('nothing arrived');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}
