import { type FutureTask, isJobActive, type QualityRowWire } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, postMultipart, type Session, type TestApp } from '../../../test/app.ts';
import {
  API,
  failed,
  forbidden,
  notFound,
  ok,
  setupTask,
  startTaskWorld,
  type TaskSetup,
  type World,
} from './diagnosis.fixtures.ts';

/**
 * The calls over whole object tasks and tasks: obj/authority, batch 上报/退回 and their jobs,
 * quality/updatembzcommit, analysis/*, file/list.
 */

let t: TestApp;
let w: World;
let s: TaskSetup;
beforeAll(async () => {
  ({ t, w, s } = await startTaskWorld());
});
afterAll(() => t.close());

const pointsOf = async (objectTaskId: string) =>
  ok<QualityRowWire[]>(await w.charger.get(`${API}/quality/select`, { dxrwid: objectTaskId }));
const statesOf = async (objectTaskId: string) => (await pointsOf(objectTaskId)).map((p) => p.shzt);

async function ended(session: Session, taskId: string): Promise<FutureTask> {
  for (;;) {
    const job = ok<FutureTask>(await session.get(`${API}/obj/getFutureTaskResult`, { taskId }));
    if (!isJobActive(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('obj/authority', () => {
  const authority = (session: Session, dxrwid: string) => session.get(`${API}/obj/authority`, { dxrwid });

  it('answers each standing what it may do with the object task', async () => {
    expect(ok(await authority(w.charger, s.objectTaskId))).toEqual({
      dxrwid: s.objectTaskId,
      qx: 'edit',
      isEdit: true,
      canSubmit: true,
      canAudit: false,
      canManage: false,
      canRecompute: true,
      taskOpen: true,
    });
    expect(ok(await authority(w.sharer, s.objectTaskId))).toMatchObject({
      qx: 'read',
      isEdit: false,
      canSubmit: false,
      canAudit: false,
      canRecompute: false,
    });
    expect(ok(await authority(w.auditor, s.objectTaskId))).toMatchObject({ qx: 'read', canAudit: true });
    expect(ok(await authority(w.publisher, s.objectTaskId))).toMatchObject({
      qx: 'read',
      canManage: true,
      canRecompute: true,
    });
    expect(ok(await authority(w.head, s.objectTaskId))).toMatchObject({ qx: 'read', canManage: false });
  });

  it('is not found for a stranger and for an unknown id; a missing id is a Chinese 400', async () => {
    notFound(await authority(w.stranger, s.objectTaskId));
    notFound(await authority(w.charger, 'no-such-object-task'));
    failed(await w.charger.get(`${API}/obj/authority`, {}), 400, '请选择对象任务');
  });

  it('says when the task is no longer open', async () => {
    const paused = await setupTask(w, { name: '暂停的任务' });
    ok(await w.publisher.post(`${API}/task/updateState`, { id: paused.taskId, state: 'pause' }));
    expect(ok(await authority(w.charger, paused.objectTaskId))).toMatchObject({ taskOpen: false });
  });
});

describe('batch 上报 and 退回 (obj/updateuplist, obj/updatedownlist)', () => {
  let b: TaskSetup;
  beforeAll(async () => {
    b = await setupTask(w, { name: '批量上报任务' });
  });

  it('refuses strangers, readers and bad input before anything moves', async () => {
    notFound(await w.stranger.post(`${API}/obj/updateuplist`, { dxrwids: [b.objectTaskId] }));
    forbidden(await w.sharer.post(`${API}/obj/updateuplist`, { dxrwids: [b.objectTaskId] }));
    // One unknown id among known ones refuses the whole list.
    notFound(await w.charger.post(`${API}/obj/updateuplist`, { dxrwids: [b.objectTaskId, 'nope'] }));
    failed(await w.charger.post(`${API}/obj/updateuplist`, { dxrwids: [] }), 400, '请选择对象任务');
    forbidden(
      await w.charger.post(`${API}/obj/updatedownlist`, { dxrwids: [b.objectTaskId], reason: '数据不全' }),
    );
    failed(await w.auditor.post(`${API}/obj/updatedownlist`, { dxrwids: [b.objectTaskId] }), 400, '退回原因');
    expect(await statesOf(b.objectTaskId)).toEqual(['draft', 'draft', 'draft', 'draft']);
  });

  it('submits every open point of the charger’s object tasks, then refuses them back with the reason', async () => {
    // Form-encoded, comma-joined, as the spec's client posts lists.
    expect(
      ok(await w.charger.post(`${API}/obj/updateuplist`, { dxrwids: b.objectTaskId }, { form: true })),
    ).toEqual({ objectTasks: 1, updated: 4 });
    expect(await statesOf(b.objectTaskId)).toEqual(['submitted', 'submitted', 'submitted', 'submitted']);
    failed(
      await w.charger.post(`${API}/obj/updateuplist`, { dxrwids: [b.objectTaskId] }),
      422,
      '没有未提交或审核不通过的质控点',
    );

    expect(
      ok(
        await w.auditor.post(`${API}/obj/updatedownlist`, {
          dxrwids: [b.objectTaskId],
          reason: '佐证材料不全',
        }),
      ),
    ).toEqual({ objectTasks: 1, updated: 4 });
    const rows = await pointsOf(b.objectTaskId);
    expect(rows.map((r) => [r.shzt, r.shyj])).toEqual(Array(4).fill(['refused', '佐证材料不全']));
    const trail = ok<Array<{ action: string; reason: string | null }>>(
      await w.charger.get(`${API}/audit/dynamic`, { zgzkkid: rows[0]!.id }),
    );
    expect(trail.map((a) => [a.action, a.reason])).toEqual([
      ['submit', null],
      ['refuse', '佐证材料不全'],
    ]);
    failed(
      await w.auditor.post(`${API}/obj/updatedownlist`, { dxrwids: [b.objectTaskId], reason: '再退' }),
      422,
      '没有待审核的质控点',
    );
  });

  it('runs as a job polled at obj/getFutureTaskResult, seen and acknowledged only by its starter', async () => {
    notFound(await w.stranger.post(`${API}/obj/asyncupdateuplist`, { dxrwids: [b.objectTaskId] }));
    forbidden(
      await w.charger.post(`${API}/obj/asyncupdatedownlist`, { dxrwids: [b.objectTaskId], reason: '退回' }),
    );
    const { taskId } = ok<{ taskId: string }>(
      await w.charger.post(`${API}/obj/asyncupdateuplist`, { dxrwids: [b.objectTaskId] }),
    );
    notFound(await w.stranger.get(`${API}/obj/getFutureTaskResult`, { taskId }));
    const job = await ended(w.charger, taskId);
    expect(job).toMatchObject({ state: 'finished', result: { objectTasks: 1, updated: 4 } });
    notFound(await w.stranger.post(`${API}/obj/doneFutureTask`, { taskId }));
    expect(ok(await w.charger.post(`${API}/obj/doneFutureTask`, { taskId }))).toBeNull();
    notFound(await w.charger.get(`${API}/obj/getFutureTaskResult`, { taskId }));

    const down = ok<{ taskId: string }>(
      await w.auditor.post(`${API}/obj/asyncupdatedownlist`, { dxrwids: [b.objectTaskId], reason: '重填' }),
    );
    expect(await ended(w.auditor, down.taskId)).toMatchObject({
      state: 'finished',
      result: { objectTasks: 1, updated: 4 },
    });
    // A job whose step finds nothing to move fails with the step's Chinese message.
    const again = ok<{ taskId: string }>(
      await w.auditor.post(`${API}/obj/asyncupdatedownlist`, { dxrwids: [b.objectTaskId], reason: '重填' }),
    );
    expect(await ended(w.auditor, again.taskId)).toMatchObject({
      state: 'failed',
      message: '所选对象任务没有待审核的质控点',
    });
  });
});

describe('目标值提交 (quality/updatembzcommit)', () => {
  let c: TaskSetup;
  beforeAll(async () => {
    c = await setupTask(w, { name: '目标值提交任务' });
  });
  const commit = (session: Session, list: Array<{ zgzkdid: string; mbz: string }>) =>
    session.post(`${API}/quality/updatembzcommit`, { list });
  const row = async (id: string) =>
    ok<QualityRowWire>(await w.charger.get(`${API}/quality/selectbyid`, { zgzkkid: id }));

  it('saves the charger’s targets and submits those points in one step', async () => {
    expect(ok(await commit(w.charger, [{ zgzkdid: c.pointIds.rate, mbz: '85' }]))).toEqual({ updated: 1 });
    expect(await row(c.pointIds.rate)).toMatchObject({ mbz: '85', shzt: 'submitted' });
    expect(await row(c.pointIds.certified)).toMatchObject({ shzt: 'draft' });
  });

  it('changes nothing when one point of the list may not take it', async () => {
    const before = await row(c.pointIds.certified);
    // The complaints point's target is locked by the standard.
    failed(
      await commit(w.charger, [
        { zgzkdid: c.pointIds.certified, mbz: '否' },
        { zgzkdid: c.pointIds.complaints, mbz: '3' },
      ]),
      422,
      '不允许修改目标值',
    );
    // Already submitted.
    failed(await commit(w.charger, [{ zgzkdid: c.pointIds.rate, mbz: '86' }]), 422);
    failed(await commit(w.charger, [{ zgzkdid: c.pointIds.score, mbz: '不是数字' }]), 400, '目标值');
    expect(await row(c.pointIds.certified)).toMatchObject({ mbz: before.mbz, shzt: 'draft' });
    expect(await row(c.pointIds.rate)).toMatchObject({ mbz: '85' });
  });

  it('is the charger’s alone: readers are refused, strangers find nothing, an empty list is a 400', async () => {
    forbidden(await commit(w.sharer, [{ zgzkdid: c.pointIds.certified, mbz: '是' }]));
    forbidden(await commit(w.publisher, [{ zgzkdid: c.pointIds.certified, mbz: '是' }]));
    notFound(await commit(w.stranger, [{ zgzkdid: c.pointIds.certified, mbz: '是' }]));
    failed(await commit(w.charger, []), 400);
  });
});

describe('统计分析 (analysis/*)', () => {
  let d: TaskSetup;
  type AnalysisPoint = { zkdid: string; zkdmc: string; zkdzsl: number; dbsl: number; wdbzkdsl: number };
  type Quality = { rwid: string; dxrwid: string | null; cachedAt: string | null; list: AnalysisPoint[] };
  beforeAll(async () => {
    d = await setupTask(w, { name: '分析任务' });
    ok(await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: d.pointIds.rate, jgz: '92' }));
    ok(await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: d.pointIds.certified, jgz: '否' }));
  });
  const quality = (session: Session, query: Record<string, string>) =>
    session.get(`${API}/analysis/selectQuality`, query);

  it('lists the tasks of a level the caller reads', async () => {
    const names = async (session: Session, level: string) =>
      ok<Array<{ rwmc: string }>>(await session.get(`${API}/analysis/selectTaskByDimension`, { level })).map(
        (x) => x.rwmc,
      );
    expect(await names(w.charger, 'teacher')).toContain('分析任务');
    expect(await names(w.charger, 'major')).toEqual([]);
    expect(await names(w.stranger, 'teacher')).toEqual([]);
    failed(await w.charger.get(`${API}/analysis/selectTaskByDimension`, { level: 'planet' }), 400);
    failed(await w.charger.get(`${API}/analysis/selectTaskByDimension`, {}), 400, '请选择诊断层级');
  });

  it('lists the task’s objects with the attainment of their points, 达标率 over the points with a result as the report counts it', async () => {
    const page = ok<{ records: Array<Record<string, unknown>>; total: number }>(
      await w.publisher.get(`${API}/analysis/selectObjectByTaskId`, { rwid: d.taskId }),
    );
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      dxrwid: d.objectTaskId,
      gzdxmc: '张老师',
      zkdzsl: 4,
      ycjgsl: 2,
      dbsl: 1,
      wdbzkdsl: 1,
      // The task is open: the two points without a result are 未完成 already, and 达标率 is 1 of the 2 with one.
      wwczkdsl: 2,
      dbl: 50,
    });
    notFound(await w.stranger.get(`${API}/analysis/selectObjectByTaskId`, { rwid: d.taskId }));
    failed(await w.publisher.get(`${API}/analysis/selectObjectByTaskId`, {}), 400, '请选择任务');
  });

  it('flags 未完成 on exactly the rows the task’s counts count 未完成, while the task is open', async () => {
    // Issue 26: the table flagged only points left without a result when the task closed.
    const rows = ok<QualityRowWire[]>(
      await w.charger.get(`${API}/quality/select`, { dxrwid: d.objectTaskId }),
    );
    const flagged = rows.filter((r) => r.unfin).map((r) => r.zkdmc);
    const objectTasks = ok<{ records: Array<{ unfinCount: number }> }>(
      await w.publisher.get(`${API}/obj/select`, { rwid: d.taskId }),
    );
    const analysed = ok<{ records: Array<{ wwczkdsl: number }> }>(
      await w.publisher.get(`${API}/analysis/selectObjectByTaskId`, { rwid: d.taskId }),
    );
    expect(flagged).toEqual(['科研得分', '学生投诉次数']);
    expect(objectTasks.records[0]?.unfinCount).toBe(flagged.length);
    expect(analysed.records[0]?.wwczkdsl).toBe(flagged.length);
    expect(rows.filter((r) => r.jgz !== null || r.xzjgz !== null).every((r) => !r.unfin)).toBe(true);
  });

  it('answers each point of the task, for the task or one object task, to readers only', async () => {
    const whole = ok<Quality>(await quality(w.charger, { rwid: d.taskId }));
    expect(whole.cachedAt).toBeNull();
    expect(whole.list.map((p) => p.zkdmc)).toEqual(['是否双师型', '科研得分', '课程合格率', '学生投诉次数']);
    const rate = whole.list.find((p) => p.zkdmc === '课程合格率')!;
    expect(rate).toMatchObject({ zkdzsl: 1, dbsl: 1, wdbzkdsl: 0 });
    expect(whole.list.find((p) => p.zkdmc === '是否双师型')).toMatchObject({ dbsl: 0, wdbzkdsl: 1 });
    const one = ok<Quality>(await quality(w.sharer, { rwid: d.taskId, dxrwid: d.objectTaskId }));
    expect(one.list).toEqual(whole.list);
    notFound(await quality(w.stranger, { rwid: d.taskId }));
    notFound(await quality(w.stranger, { rwid: d.taskId, dxrwid: d.objectTaskId }));
    // An object task of another task.
    notFound(await quality(w.charger, { rwid: d.taskId, dxrwid: s.objectTaskId }));
  });

  it('answers from the cache job while nothing it read has changed', async () => {
    notFound(await w.stranger.post(`${API}/analysis/cacheQualityByTaskId`, { rwid: d.taskId }));
    failed(await w.publisher.post(`${API}/analysis/cacheQualityByTaskId`, {}), 400, '请选择任务');
    const { taskId } = ok<{ taskId: string }>(
      await w.publisher.post(`${API}/analysis/cacheQualityByTaskId`, { rwid: d.taskId }),
    );
    expect(await ended(w.publisher, taskId)).toMatchObject({ state: 'finished' });
    const live = ok<Quality>(await quality(w.charger, { rwid: d.taskId }));
    const cached = ok<Quality>(await quality(w.publisher, { rwid: d.taskId }));
    expect(cached.cachedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(cached.list).toEqual(live.list);
    // The charger reads their own object tasks: the publisher's cache is not theirs.
    expect(live.cachedAt).toBeNull();

    ok(await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: d.pointIds.certified, jgz: '是' }));
    const after = ok<Quality>(await quality(w.publisher, { rwid: d.taskId }));
    expect(after.cachedAt).toBeNull();
    expect(after.list.find((p) => p.zkdmc === '是否双师型')).toMatchObject({ dbsl: 1, wdbzkdsl: 0 });
  });
});

describe('file/list', () => {
  const LIST = '/api/herm-sjgl/file/list';
  let fileId: string;
  beforeAll(async () => {
    const body = multipart({ name: '教学总结.pdf', bytes: Buffer.from('%PDF-1.4 summary') });
    const upload = await postMultipart(t, w.charger, '/api/herm-sjgl/document/upload', body);
    fileId = ok<{ bh: string }>(upload).bh;
    ok(
      await w.charger.post(`${API}/quality/uploadFileList`, {
        zgzkdid: s.pointIds.rate,
        stage: 'zwzd',
        list: [{ fileId, fileName: '教学总结.pdf', fileType: 'pdf' }],
      }),
    );
  });

  it('lists the object task’s files with their point and stage, filtered and paged', async () => {
    type Page = { records: Array<Record<string, unknown>>; total: number };
    const page = ok<Page>(await w.sharer.get(LIST, { dxrwid: s.objectTaskId }));
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({
      fjId: fileId,
      mc: '教学总结.pdf',
      wjlx: 'pdf',
      lb: 'diagnosis',
      zgzkdid: s.pointIds.rate,
      zkdmc: '课程合格率',
    });
    expect(page.records[0]!.cjsj).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const total = async (query: Record<string, string>) =>
      ok<Page>(await w.charger.get(LIST, { dxrwid: s.objectTaskId, ...query })).total;
    expect(await total({ stage: 'diagnosis' })).toBe(1);
    expect(await total({ stage: 'standard' })).toBe(0);
    expect(await total({ zgzkdid: s.pointIds.score })).toBe(0);
    expect(await total({ keyword: '总结' })).toBe(1);
    expect(await total({ keyword: '计划' })).toBe(0);
  });

  it('is not found for a stranger; bad input is a Chinese 400', async () => {
    notFound(await w.stranger.get(LIST, { dxrwid: s.objectTaskId }));
    failed(await w.charger.get(LIST, {}), 400, '请选择对象任务');
    failed(await w.charger.get(LIST, { dxrwid: s.objectTaskId, stage: 'mbbz' }), 400, '附件阶段不正确');
  });
});
