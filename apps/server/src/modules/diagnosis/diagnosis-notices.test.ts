import { noticeEndpoints as N, noticeLinks, type QualityRowWire } from '@eduqa/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { notices } from '../notices/notices.table.ts';
import { users } from '../org/org.table.ts';
import {
  API,
  addOtherObject,
  ok,
  setupTask,
  startTaskWorld,
  type TaskSetup,
  type World,
} from './diagnosis.fixtures.ts';

/**
 * The diagnosis messages: after each change, the notices table holds exactly the expected rows — the
 * right people, one message each, with its title, body and link — and nothing for anyone else.
 */
let t: TestApp;
let w: World;
let s: TaskSetup;
let admin: Session;
let everyone: Map<string, string>;
beforeAll(async () => {
  ({ t, w, s } = await startTaskWorld());
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  const people = { ...w, admin } as unknown as Record<string, Session>;
  const names = ['publisher', 'auditor', 'charger', 'sharer', 'stranger', 'head', 'admin'];
  everyone = new Map(names.map((name) => [people[name]!.userId, name]));
}, 120_000);
afterAll(() => t?.close());

type Expected = { to: string[]; kind: string; category: string; title: string; body: string; link: string };

/** Every message written since the last check, as `who: kind title | body | link`, sorted. */
async function written(): Promise<string[]> {
  const rows = await t.db.delete(notices).returning();
  return rows
    .map(
      (r) =>
        `${everyone.get(r.recipientId) ?? r.recipientId}: ${r.category} ${r.kind} ${r.title} | ${r.body} | ${r.link}`,
    )
    .sort();
}
const lines = (...messages: Expected[]) =>
  messages
    .flatMap((m) => m.to.map((who) => `${who}: ${m.category} ${m.kind} ${m.title} | ${m.body} | ${m.link}`))
    .sort();

/** Submitted points reach everyone holding 质控点审核: the auditor, the publisher's role, the administrator. */
const AUDITORS = ['admin', 'auditor', 'publisher'];

describe('an object task handed down', () => {
  it('tells the charger set by the publisher, and no one when the charger stays', async () => {
    // startTaskWorld's setupTask set the charger of the object task it added without one.
    expect(await written()).toEqual(
      lines({
        to: ['charger'],
        category: 'task',
        kind: 'diagnosis.objectTaskAssigned',
        title: '诊断任务下达：张老师',
        body: '2026年度教师诊断',
        link: noticeLinks.objectTask(s.objectTaskId),
      }),
    );
    ok(
      await w.publisher.post(`${API}/obj/updatePushedCharger`, {
        id: s.objectTaskId,
        chargerId: w.charger.userId,
      }),
    );
    expect(await written()).toEqual([]);
    expect((await w.charger.call(N.bell)).unread).toBe(0);
  });

  it('tells the charger of each object task a publisher adds at once', async () => {
    const task = ok<{ id: string }>(
      await w.publisher.post(`${API}/task/insert`, {
        rwmc: '2026年度教师复诊',
        level: 'teacher',
        period: '2026',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      }),
    );
    expect(
      ok(
        await w.publisher.post(`${API}/obj/insertlist`, {
          rwid: task.id,
          objectIds: [w.objectId, w.otherObjectId],
          chargerId: w.sharer.userId,
        }),
      ),
    ).toEqual({ added: 2 });
    const ids = ok<{ records: Array<{ id: string; gzdxmc: string }> }>(
      await w.publisher.get(`${API}/obj/select`, { rwid: task.id }),
    ).records;
    const idOf = (name: string) => ids.find((r) => r.gzdxmc === name)!.id;
    const assigned = (name: string) => ({
      to: ['sharer'],
      category: 'task',
      kind: 'diagnosis.objectTaskAssigned',
      title: `诊断任务下达：${name}`,
      body: '2026年度教师复诊',
      link: noticeLinks.objectTask(idOf(name)),
    });
    expect(await written()).toEqual(lines(assigned('张老师'), assigned('李老师')));
  });
});

describe('the audit of points', () => {
  it('asks every auditor when the charger submits, one message per object task', async () => {
    ok(await w.charger.post(`${API}/audit/submit`, { ids: [s.pointIds.complaints, s.pointIds.rate] }));
    expect(await written()).toEqual(
      lines({
        to: AUDITORS,
        category: 'request',
        kind: 'diagnosis.pointSubmitted',
        title: '质控点待审核：课程合格率等2项',
        body: '张老师 · 2026年度教师诊断',
        link: noticeLinks.pointAudits(),
      }),
    );
  });

  it('tells the charger a refusal with its reason, and a pass', async () => {
    ok(await w.auditor.post(`${API}/audit/refuse`, { ids: [s.pointIds.rate], reason: '数据来源不完整' }));
    expect(await written()).toEqual(
      lines({
        to: ['charger'],
        category: 'audit',
        kind: 'diagnosis.pointRefused',
        title: '质控点审核退回：课程合格率',
        body: '张老师 · 退回原因：数据来源不完整',
        link: noticeLinks.objectTask(s.objectTaskId),
      }),
    );
    ok(await w.auditor.post(`${API}/audit/pass`, { ids: [s.pointIds.complaints] }));
    expect(await written()).toEqual(
      lines({
        to: ['charger'],
        category: 'audit',
        kind: 'diagnosis.pointPassed',
        title: '质控点审核通过：学生投诉次数',
        body: '张老师 · 2026年度教师诊断',
        link: noticeLinks.objectTask(s.objectTaskId),
      }),
    );
  });

  it('writes a batch 上报 and 退回 as one message per object task', async () => {
    const b = await setupTask(w, { name: '批量上报任务' });
    const other = await addOtherObject(w, b);
    ok(await w.publisher.post(`${API}/obj/updatePushedCharger`, { id: other, chargerId: w.charger.userId }));
    await written();
    // The first point as the points list orders them names the four.
    const [first] = ok<QualityRowWire[]>(await w.charger.get(`${API}/quality/select`, { dxrwid: other }));
    const label = `${first!.zkdmc}等4项`;
    ok(await w.charger.post(`${API}/obj/updateuplist`, { dxrwids: [b.objectTaskId, other] }));
    const submitted = (objectName: string) => ({
      to: AUDITORS,
      category: 'request',
      kind: 'diagnosis.pointSubmitted',
      title: `质控点待审核：${label}`,
      body: `${objectName} · 批量上报任务`,
      link: noticeLinks.pointAudits(),
    });
    expect(await written()).toEqual(lines(submitted('张老师'), submitted('李老师')));
    ok(
      await w.auditor.post(`${API}/obj/updatedownlist`, {
        dxrwids: [b.objectTaskId, other],
        reason: '佐证不全',
      }),
    );
    const refused = (objectName: string, id: string) => ({
      to: ['charger'],
      category: 'audit',
      kind: 'diagnosis.pointRefused',
      title: `质控点审核退回：${label}`,
      body: `${objectName} · 退回原因：佐证不全`,
      link: noticeLinks.objectTask(id),
    });
    expect(await written()).toEqual(lines(refused('张老师', b.objectTaskId), refused('李老师', other)));
  });
});

describe('a warning raised', () => {
  it('tells the point’s charger once, however many cycles fired', async () => {
    await written();
    const sample = (cjz: string, sj: string) =>
      w.charger.post(`${API}/quality/sample/insert`, { zgzkdid: s.pointIds.score, cjz, sj });
    ok(await sample('40', '2026-03-03T09:00:00'));
    const warned = {
      to: ['charger'],
      category: 'warning',
      kind: 'diagnosis.pointWarned',
      title: '质控点预警：科研得分',
      body: '张老师 · 监测值 40，预警值 50',
      link: noticeLinks.warnings(),
    };
    expect(await written()).toEqual(lines(warned));
    // Same cycle: no new warning, no message; a sample above the warning value: neither.
    ok(await sample('45', '2026-03-20T09:00:00'));
    ok(await sample('85', '2026-04-05T09:00:00'));
    expect(await written()).toEqual([]);
    ok(await sample('30', '2026-05-02T09:00:00'));
    expect(await written()).toEqual(lines({ ...warned, body: '张老师 · 监测值 30，预警值 50' }));
  });
});

describe('a task paused or resumed', () => {
  it('tells the charger of each object task with points to fill or correct, and no one else', async () => {
    const b = await setupTask(w, { name: '2026年度教师抽检' });
    const other = await addOtherObject(w, b);
    // 李老师's charger submits every point: nothing left to do in this task, so not told.
    ok(await w.publisher.post(`${API}/obj/updatePushedCharger`, { id: other, chargerId: w.sharer.userId }));
    ok(await w.sharer.post(`${API}/obj/updateuplist`, { dxrwids: [other] }));
    await written();
    const [publisher] = await t.db.select().from(users).where(eq(users.id, w.publisher.userId));
    const moved = (state: 'pause' | 'normal', kind: string, title: string) => ({
      to: ['charger'],
      category: 'task',
      kind,
      title,
      body: `张老师 · 操作人：${publisher!.name}`,
      link: noticeLinks.objectTask(b.objectTaskId),
      state,
    });
    for (const m of [
      moved('pause', 'diagnosis.taskPaused', '诊断任务已暂停：2026年度教师抽检'),
      moved('normal', 'diagnosis.taskResumed', '诊断任务已恢复：2026年度教师抽检'),
    ]) {
      ok(await w.publisher.post(`${API}/task/updateState`, { id: b.taskId, state: m.state }));
      expect(await written()).toEqual(lines(m));
    }
    // A refused change writes nothing; finishing is not a pause.
    expect(
      (await w.publisher.post(`${API}/task/updateState`, { id: b.taskId, state: 'normal' })).json().meta
        .success,
    ).toBe(false);
    ok(await w.publisher.post(`${API}/task/updateState`, { id: b.taskId, state: 'finished' }));
    expect(await written()).toEqual([]);
  });
});
