import { noticeEndpoints as N, noticeLinks } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signIn, type TestApp } from '../../../test/app.ts';
import { fillDueIn } from './reminders.fixtures.ts';
import { sendReminders } from './reminders.ts';

/** 到期提醒 on the embedded database: the set days before, the day after, once per person and step. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

describe('到期提醒', () => {
  it('reminds a filler 3 and 1 days before and the day after the deadline, each once, and no one else', async () => {
    const filler = await createUser(t, { heads: true });
    const other = await createUser(t, { heads: true });
    const session = await signIn(t, filler.account, filler.password);
    const otherSession = await signIn(t, other.account, other.password);
    const base = { fillerId: filler.id, departmentId: filler.departmentId! };
    const tomorrow = await fillDueIn(t.db, { ...base, daysLeft: 1, name: '本学期教师信息采集' });
    await fillDueIn(t.db, { ...base, daysLeft: 2, name: '不在提醒日' });
    await fillDueIn(t.db, { ...base, daysLeft: -1, name: '昨天截止' });

    const first = await sendReminders(t.db, { days: [3, 1] });
    expect(first['reminder.fill']).toBe(2);
    expect(await sendReminders(t.db, { days: [3, 1] })).toMatchObject({ 'reminder.fill': 0 });

    const page = await session.call(N.list, { query: { pageNum: 1, pageSize: 10, category: 'reminder' } });
    const byTitle = new Map(page.records.map((m) => [m.title, m]));
    expect([...byTitle.keys()].sort()).toEqual(['填报提醒：昨天截止', '填报提醒：本学期教师信息采集']);
    expect(byTitle.get('填报提醒：本学期教师信息采集')).toMatchObject({
      kind: 'reminder.fill',
      link: noticeLinks.fill(tomorrow),
      actorName: null,
    });
    expect(byTitle.get('填报提醒：本学期教师信息采集')!.body).toMatch(
      /^表单「本学期教师信息采集信息表」将于 \d{4}-\d{2}-\d{2} 截止（还有 1 天）$/,
    );
    expect(byTitle.get('填报提醒：昨天截止')!.body).toMatch(/已逾期$/);
    expect((await otherSession.call(N.bell)).unread).toBe(0);
  });
});
