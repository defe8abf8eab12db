import type { ObjectTaskWire, TaskWire } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type Session, signIn, type TestApp } from '../../../test/app.ts';
import {
  API,
  failed,
  forbidden,
  notFound,
  ok,
  startTaskWorld,
  type TaskSetup,
  type World,
} from './diagnosis.fixtures.ts';

let t: TestApp;
let w: World;
let s: TaskSetup;
beforeAll(async () => {
  ({ t, w, s } = await startTaskWorld());
});
afterAll(() => t.close());

const taskBody = {
  rwmc: '临时任务',
  level: 'teacher',
  period: '2026',
  startDate: '2026-02-01',
  endDate: '2026-06-30',
};
const names = async (session: Session, pageType: string) =>
  ok<{ records: TaskWire[] }>(await session.get(`${API}/task/selectlist`, { pageType })).records.map(
    (r) => r.rwmc,
  );

describe('tasks', () => {
  it('only a publisher creates, and dates must be in order', async () => {
    forbidden(await w.charger.post(`${API}/task/insert`, taskBody));
    failed(
      await w.publisher.post(`${API}/task/insert`, { ...taskBody, endDate: '2026-01-01' }),
      400,
      '结束日期不能早于开始日期',
    );
    failed(await w.publisher.post(`${API}/task/insert`, { ...taskBody, rwmc: '' }), 400, '请输入任务名称');
    const task = ok<TaskWire>(await w.publisher.post(`${API}/task/insert`, taskBody));
    expect(task).toMatchObject({
      rwmc: '临时任务',
      state: 'normal',
      objectCount: 0,
      publisherId: w.publisher.userId,
    });
    const updated = ok<TaskWire>(
      await w.publisher.post(`${API}/task/update`, { ...taskBody, id: task.id, rwmc: '改名任务' }),
    );
    expect(updated.rwmc).toBe('改名任务');
    ok(await w.publisher.post(`${API}/task/ids/delete`, { ids: [task.id] }));
    notFound(await w.publisher.get(`${API}/task/selectdto`, { id: task.id }));
  });

  it('moves between normal and pause, ends for good, and refuses the rest in Chinese', async () => {
    const task = ok<TaskWire>(await w.publisher.post(`${API}/task/insert`, taskBody));
    const state = (to: string) => w.publisher.post(`${API}/task/updateState`, { id: task.id, state: to });
    failed(await state('normal'), 422, '任务已是该状态');
    expect(ok<TaskWire>(await state('pause')).state).toBe('pause');
    expect(ok<TaskWire>(await state('normal')).state).toBe('normal');
    expect(ok<TaskWire>(await state('finished')).state).toBe('finished');
    failed(await state('normal'), 422, '任务已结束，不能再变更状态');
    failed(await state('pause'), 422, '任务已结束，不能再变更状态');
    forbidden(await w.charger.post(`${API}/task/updateState`, { id: s.taskId, state: 'pause' }));
    failed(await w.publisher.post(`${API}/task/update`, { ...taskBody, id: task.id }), 422, '任务已结束');
    const counts = ok<{ normal: number; pause: number; finished: number }>(
      await w.publisher.get(`${API}/task/selectnum`),
    );
    expect(counts.finished).toBeGreaterThanOrEqual(1);
    expect(counts.normal).toBeGreaterThanOrEqual(1);
  });

  it('a paused task refuses results', async () => {
    ok(await w.publisher.post(`${API}/task/updateState`, { id: s.taskId, state: 'pause' }));
    failed(
      await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: s.pointIds.rate, jgz: '90' }),
      422,
      '任务已暂停',
    );
    ok(await w.publisher.post(`${API}/task/updateState`, { id: s.taskId, state: 'normal' }));
  });

  it('returns the right tasks for each page type', async () => {
    expect(await names(w.publisher, 'yearTask')).toContain('2026年度教师诊断');
    expect(await names(w.auditor, 'yearTask')).toContain('2026年度教师诊断');
    forbidden(await w.charger.get(`${API}/task/selectlist`, { pageType: 'yearTask' }));
    expect(await names(w.publisher, 'myYearTask')).toContain('2026年度教师诊断');
    expect(await names(w.charger, 'myYearTask')).toEqual([]);
    expect(await names(w.charger, 'myTask')).toEqual(['2026年度教师诊断']);
    expect(await names(w.sharer, 'myTask')).toEqual([]);
    expect(await names(w.sharer, 'myCooperativeTask')).toEqual(['2026年度教师诊断']);
    expect(await names(w.charger, 'myCooperativeTask')).toEqual([]);
    expect(await names(w.head, 'departmentTask')).toEqual(['2026年度教师诊断']);
    expect(await names(w.stranger, 'departmentTask')).toEqual([]);
    expect(await names(w.stranger, 'myTask')).toEqual([]);
    // a sharer from the head's department makes the task a cooperative task of that department
    expect(await names(w.head, 'departmentCooperativeTask')).toEqual([]);
    const colleague = await createUser(t, { name: '同部门教师' });
    await t.db.execute(
      (await import('drizzle-orm'))
        .sql`update users set department_id = ${w.headDepartmentId} where id = ${colleague.id}`,
    );
    ok(
      await w.publisher.post(`${API}/obj/updatePushedCharger`, {
        id: s.objectTaskId,
        chargerId: w.charger.userId,
        sharerIds: [w.sharer.userId, colleague.id],
      }),
    );
    expect(await names(w.head, 'departmentCooperativeTask')).toEqual(['2026年度教师诊断']);
    const colleagueSession = await signIn(t, colleague.account, colleague.password);
    expect(await names(colleagueSession, 'myCooperativeTask')).toEqual(['2026年度教师诊断']);
    // no open warning yet
    expect(await names(w.charger, 'warningTask')).toEqual([]);
    ok(
      await w.charger.post(`${API}/quality/sample/insert`, {
        zgzkdid: s.pointIds.score,
        cjz: '10',
        sj: '2026-05-03T10:00:00',
      }),
    );
    expect(await names(w.charger, 'warningTask')).toEqual(['2026年度教师诊断']);
    expect(await names(w.sharer, 'warningTask')).toEqual(['2026年度教师诊断']);
    expect(await names(w.stranger, 'warningTask')).toEqual([]);
    const search = ok<{ records: TaskWire[]; total: number }>(
      await w.publisher.get(`${API}/task/selectlist`, {
        pageType: 'yearTask',
        keyword: '2026年度',
        pageSize: 1,
      }),
    );
    expect(search.total).toBe(1);
    expect(search.records[0]).toMatchObject({ pointCount: 4, objectCount: 1, warnCount: 1 });
  });
});

describe('objects and object tasks', () => {
  it('lists objects of a level, searchable and paged', async () => {
    const page = ok<{ records: Array<{ name: string }>; total: number }>(
      await w.publisher.get(`${API}/obj/objects`, { level: 'teacher', keyword: '张' }),
    );
    expect(page.records.map((r) => r.name)).toEqual(['张老师']);
    const none = ok<{ total: number }>(await w.publisher.get(`${API}/obj/objects`, { level: 'course' }));
    expect(none.total).toBe(0);
    forbidden(await w.charger.get(`${API}/obj/objects`, { level: 'teacher' }));
  });

  it('adds objects of the task level only, once, and removes them', async () => {
    const task = ok<TaskWire>(
      await w.publisher.post(`${API}/task/insert`, { ...taskBody, rwmc: '对象任务测试' }),
    );
    const course = ok<TaskWire>(
      await w.publisher.post(`${API}/task/insert`, { ...taskBody, rwmc: '课程任务', level: 'course' }),
    );
    failed(
      await w.publisher.post(`${API}/obj/insertlist`, { rwid: course.id, objectIds: [w.objectId] }),
      422,
      '只能添加与任务层级相同的诊断对象',
    );
    forbidden(await w.charger.post(`${API}/obj/insertlist`, { rwid: task.id, objectIds: [w.objectId] }));
    const body = { rwid: task.id, objectIds: [w.objectId, w.otherObjectId], chargerId: w.charger.userId };
    expect(ok(await w.publisher.post(`${API}/obj/insertlist`, body))).toEqual({ added: 2 });
    expect(ok(await w.publisher.post(`${API}/obj/insertlist`, body))).toEqual({ added: 0 });
    const list = ok<{ records: ObjectTaskWire[]; total: number }>(
      await w.charger.get(`${API}/obj/select`, { rwid: task.id }),
    );
    expect(list.total).toBe(2);
    expect(list.records.every((r) => r.isEdit && r.chargerId === w.charger.userId)).toBe(true);
    const refreshed = ok<{ assigned: number }>(
      await w.publisher.post(`${API}/obj/refreshTarget`, {
        dxrwids: list.records.map((r) => r.id),
        zkdids: [w.points.rate],
      }),
    );
    expect(refreshed.assigned).toBe(2);
    ok(await w.publisher.post(`${API}/obj/${list.records[0]!.id}/delete`));
    expect(ok<{ total: number }>(await w.charger.get(`${API}/obj/select`, { rwid: task.id })).total).toBe(1);
  });

  it('diagnose again resets the audit to draft', async () => {
    ok(await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: s.pointIds.certified, jgz: '是' }));
    ok(await w.charger.post(`${API}/audit/submit`, { ids: [s.pointIds.certified] }));
    const again = ok<{ points: number }>(
      await w.charger.post(`${API}/obj/diagnoseagain`, { id: s.objectTaskId }),
    );
    expect(again.points).toBe(4);
    const row = ok<{ shzt: string }>(
      await w.charger.get(`${API}/quality/selectbyid`, { zgzkkid: s.pointIds.certified }),
    );
    expect(row.shzt).toBe('draft');
  });
});
