import { type QualityRowWire, type ReviewObjectTaskWire, ROLE_IDS } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestApp } from '../../../test/app.ts';
import {
  API,
  failed,
  forbidden,
  ok,
  setupTask,
  startTaskWorld,
  type TaskSetup,
  type World,
} from './diagnosis.fixtures.ts';

/** 待审核 (obj/selectbyshjd): the auditor's queue of object tasks with submitted points. */

let t: TestApp;
let w: World;
let a: TaskSetup;
let b: TaskSetup;
beforeAll(async () => {
  ({ t, w, s: a } = await startTaskWorld());
  b = await setupTask(w, { name: '2026年度教师复诊' });
  // Task A: three of four points submitted; task B: one.
  const submitted = ok<{ updated: number }>(
    await w.charger.post(`${API}/audit/submit`, {
      ids: [a.pointIds.rate, a.pointIds.complaints, a.pointIds.certified],
    }),
  );
  expect(submitted.updated).toBe(3);
  ok(await w.charger.post(`${API}/audit/submit`, { ids: [b.pointIds.rate] }));
});
afterAll(() => t.close());

type Page = { records: ReviewObjectTaskWire[]; total: number; pages: number };
const queue = async (query: Record<string, string | number> = {}) =>
  ok<Page>(await w.auditor.get(`${API}/obj/selectbyshjd`, query));
const pointsOf = async (objectTaskId: string) =>
  ok<QualityRowWire[]>(await w.charger.get(`${API}/quality/select`, { dxrwid: objectTaskId }));

describe('the review queue', () => {
  it('lists each object task with submitted points once, with its count and facts', async () => {
    const page = await queue();
    expect(page.total).toBe(2);
    const rowA = page.records.find((r) => r.id === a.objectTaskId)!;
    const rowB = page.records.find((r) => r.id === b.objectTaskId)!;
    const detail = ok<{ chargerName: string; departmentName: string }>(
      await w.charger.get(`${API}/obj/selectdto`, { dxrwid: a.objectTaskId }),
    );
    expect(rowA).toMatchObject({
      rwid: a.taskId,
      rwmc: '2026年度教师诊断',
      gzdxid: w.objectId,
      gzdxmc: '张老师',
      level: 'teacher',
      departmentId: w.headDepartmentId,
      departmentName: detail.departmentName,
      chargerId: w.charger.userId,
      chargerName: detail.chargerName,
      submittedCount: 3,
    });
    expect(rowA.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rowB).toMatchObject({ rwmc: '2026年度教师复诊', submittedCount: 1 });
  });

  it('filters by task, level, department and keyword, and pages', async () => {
    const ids = async (query: Record<string, string | number>) =>
      (await queue(query)).records.map((r) => r.id);
    expect(await ids({ rwid: a.taskId })).toEqual([a.objectTaskId]);
    expect(await ids({ level: 'teacher' })).toHaveLength(2);
    expect(await ids({ level: 'major' })).toEqual([]);
    expect(await ids({ departmentId: w.headDepartmentId })).toHaveLength(2);
    expect(await ids({ departmentId: 'no-such-department' })).toEqual([]);
    expect(await ids({ keyword: '复诊' })).toEqual([b.objectTaskId]);
    expect(await ids({ keyword: '张老师' })).toHaveLength(2);
    const first = await queue({ pageNum: 1, pageSize: 1 });
    const second = await queue({ pageNum: 2, pageSize: 1 });
    expect([first.total, first.pages, first.records.length, second.records.length]).toEqual([2, 2, 1, 1]);
    expect(first.records[0]!.id).not.toBe(second.records[0]!.id);
  });

  it('answers auditors and administrators, and refuses everyone else', async () => {
    ok(await w.publisher.get(`${API}/obj/selectbyshjd`));
    const admin = await createUser(t, { roles: [ROLE_IDS.admin] });
    const adminSession = await signIn(t, admin.account, admin.password);
    expect(ok<Page>(await adminSession.get(`${API}/obj/selectbyshjd`)).total).toBe(2);
    for (const other of [w.charger, w.sharer, w.head, w.stranger]) {
      const answer = await other.get(`${API}/obj/selectbyshjd`);
      forbidden(answer);
      expect(answer.json().meta.message).toBe('只有审核人可以查看待审核');
    }
  });
});

describe('deciding from the queue', () => {
  it('refuses one and passes the rest in one batch each; the charger sees the reason', async () => {
    failed(
      await w.auditor.post(`${API}/audit/refuse`, { ids: [a.pointIds.rate], reason: '' }),
      400,
      '不通过原因',
    );
    expect(
      ok(
        await w.auditor.post(`${API}/audit/refuse`, {
          ids: [a.pointIds.rate],
          reason: '佐证材料不足，请补充课程合格率明细',
        }),
      ),
    ).toEqual({ updated: 1 });
    expect(
      ok(await w.auditor.post(`${API}/audit/pass`, { ids: [a.pointIds.complaints, a.pointIds.certified] })),
    ).toEqual({ updated: 2 });

    const rows = await pointsOf(a.objectTaskId);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a.pointIds.rate)).toMatchObject({
      shzt: 'refused',
      shyj: '佐证材料不足，请补充课程合格率明细',
    });
    expect(byId.get(a.pointIds.complaints)).toMatchObject({ shzt: 'passed', shyj: null });
    expect(byId.get(a.pointIds.certified)).toMatchObject({ shzt: 'passed' });
    expect(byId.get(a.pointIds.score)).toMatchObject({ shzt: 'draft' });

    // Task A has nothing left to review.
    expect((await queue()).records.map((r) => r.id)).toEqual([b.objectTaskId]);
  });

  it('a batch with a point not waiting for audit changes nothing', async () => {
    failed(
      await w.auditor.post(`${API}/audit/pass`, { ids: [b.pointIds.rate, a.pointIds.complaints] }),
      422,
      '只有待审核的质控点可以审核',
    );
    expect((await pointsOf(b.objectTaskId)).find((r) => r.id === b.pointIds.rate)!.shzt).toBe('submitted');
  });

  it('a refused point submitted again returns to the queue', async () => {
    ok(await w.charger.post(`${API}/audit/submit`, { ids: [a.pointIds.rate] }));
    const rowA = (await queue({ rwid: a.taskId })).records[0]!;
    expect(rowA).toMatchObject({ id: a.objectTaskId, submittedCount: 1 });
    expect((await queue()).total).toBe(2);
  });
});
