import { auditEndpoints, type QualityRowWire } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signIn, type TestApp } from '../../../test/app.ts';
import { newId } from '../../platform/ids.ts';
import { pointFiles } from '../attachments/attachments.table.ts';
import { files } from '../files/files.table.ts';
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

let t: TestApp;
let w: World;
let s: TaskSetup;
beforeAll(async () => {
  ({ t, w, s } = await startTaskWorld());
});
afterAll(() => t.close());

const row = async (id: string) =>
  ok<QualityRowWire>(await w.charger.get(`${API}/quality/selectbyid`, { zgzkkid: id }));
const enter = (id: string, values: { jgz?: string; xzjgz?: string; xzmbz?: string }) =>
  w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: id, ...values });

describe('the points of an object task', () => {
  it('lists every assigned point once, by the indicator tree, with levels, targets and the sharer', async () => {
    const rows = ok<QualityRowWire[]>(
      await w.charger.get(`${API}/quality/select`, { dxrwid: s.objectTaskId }),
    );
    // 科研能力 (sort 1) before 教学能力 (sort 2); inside each, the point's sort.
    expect(rows.map((r) => r.zkdmc)).toEqual(['是否双师型', '科研得分', '课程合格率', '学生投诉次数']);
    const rate = rows.find((r) => r.zkdmc === '课程合格率')!;
    expect(rate).toMatchObject({
      level1Name: '师资队伍',
      level1Id: w.indicatorIds.root,
      level2Name: '教学能力',
      level2Id: w.indicatorIds.childA,
      bzz: '80',
      mbz: '80',
      jgz: null,
      jgdj: null,
      dis: false,
      // No result yet: 未完成 as the task lists and reports count it, though the task is open.
      unfin: true,
      isEdit: true,
      focus: false,
      shzt: 'draft',
      gzdxmc: '张老师',
      rwmc: '2026年度教师诊断',
      warningVo: { yjlx: 'result', yjtj: '<', yjz: '60', yjzq: 'month' },
      warningFlowVos: [],
      qualityFileList: [],
    });
    expect(rate.sharePos).toEqual([{ userId: w.sharer.userId, gxrmc: expect.any(String) }]);
    const sharerRows = ok<QualityRowWire[]>(
      await w.sharer.get(`${API}/quality/select`, { dxrwid: s.objectTaskId }),
    );
    expect(sharerRows.every((r) => r.isEdit === false)).toBe(true);
  });

  it('re-running refreshTarget never duplicates points and keeps locked targets', async () => {
    await t.db.execute(sql`update quality_points set standard_value = '90' where id = ${w.points.rate}`);
    await t.db.execute(sql`update quality_points set standard_value = '3' where id = ${w.points.complaints}`);
    const again = ok<{ assigned: number; updated: number }>(
      await w.publisher.post(`${API}/obj/refreshTarget`, { dxrwids: [s.objectTaskId] }),
    );
    expect(again).toEqual({ assigned: 0, updated: 1 });
    const rows = ok<QualityRowWire[]>(
      await w.charger.get(`${API}/quality/select`, { dxrwid: s.objectTaskId }),
    );
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.id === s.pointIds.rate)!.mbz).toBe('90');
    expect(rows.find((r) => r.id === s.pointIds.complaints)!.mbz).toBe('5');
    // back to the original standard
    await t.db.execute(sql`update quality_points set standard_value = '80' where id = ${w.points.rate}`);
    ok(await w.publisher.post(`${API}/obj/refreshTarget`, { dxrwids: [s.objectTaskId] }));
    // only the publisher assigns
    forbidden(await w.charger.post(`${API}/obj/refreshTarget`, { dxrwids: [s.objectTaskId] }));
  });

  it('grades and flags a bigger-is-better percent point in both directions', async () => {
    let r = ok<QualityRowWire>(await enter(s.pointIds.rate, { jgz: '70%' }));
    expect(r).toMatchObject({ jgz: '70%', jgdj: 'C', dis: true, unfin: false });
    r = ok<QualityRowWire>(await enter(s.pointIds.rate, { jgz: '95' }));
    expect(r).toMatchObject({ jgdj: 'A', dis: false });
    r = ok<QualityRowWire>(await enter(s.pointIds.rate, { jgz: '50' }));
    expect(r).toMatchObject({ jgdj: 'D', dis: true });
    // the revised result is preferred
    r = ok<QualityRowWire>(await enter(s.pointIds.rate, { xzjgz: '85' }));
    expect(r).toMatchObject({ jgz: '50', xzjgz: '85', jgdj: 'B', dis: false });
    // and the revised target too
    r = ok<QualityRowWire>(await enter(s.pointIds.rate, { xzmbz: '90' }));
    expect(r).toMatchObject({ xzmbz: '90', dis: true });
    r = ok<QualityRowWire>(await enter(s.pointIds.rate, { xzmbz: '', xzjgz: '' }));
    expect(r).toMatchObject({ xzmbz: null, xzjgz: null, jgdj: 'D', dis: true });
  });

  it('keeps the result and grade before and after in the operation log', async () => {
    ok(await enter(s.pointIds.rate, { jgz: '50' }));
    ok(await enter(s.pointIds.rate, { jgz: '95' }));
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const [entry] = (await admin.call(auditEndpoints.operationLog, { query: { pageSize: 1 } })).records;
    expect(entry).toMatchObject({
      actorId: w.charger.userId,
      objectIds: [s.pointIds.rate],
      changes: [
        {
          object: '诊改质控点',
          id: s.pointIds.rate,
          before: { 结果值: '50', 等级: 'D', 达标情况: '未达标' },
          after: { 结果值: '95', 等级: 'A', 达标情况: '达标' },
        },
      ],
    });
  });

  it('grades a smaller-is-better point and refuses a revised target when the target is locked', async () => {
    let r = ok<QualityRowWire>(await enter(s.pointIds.complaints, { jgz: '7' }));
    expect(r).toMatchObject({ jgdj: 'C', dis: true });
    r = ok<QualityRowWire>(await enter(s.pointIds.complaints, { jgz: '1' }));
    expect(r).toMatchObject({ jgdj: 'A', dis: false });
    failed(await enter(s.pointIds.complaints, { xzmbz: '8' }), 422, '该质控点不允许修改目标值');
    failed(
      await w.charger.post(`${API}/quality/updateupmbz`, {
        list: [{ zgzkdid: s.pointIds.complaints, mbz: '8' }],
      }),
      422,
      '该质控点不允许修改目标值',
    );
    // the publisher may change any target
    ok(
      await w.publisher.post(`${API}/quality/updateupmbz`, {
        list: [{ zgzkdid: s.pointIds.complaints, mbz: '0' }],
      }),
    );
    expect(await row(s.pointIds.complaints)).toMatchObject({ mbz: '0', dis: true });
    // the charger may change an unlocked one
    ok(
      await w.charger.post(`${API}/quality/updateupmbz`, { list: [{ zgzkdid: s.pointIds.rate, mbz: '40' }] }),
    );
    expect(await row(s.pointIds.rate)).toMatchObject({ mbz: '40', dis: false });
  });

  it('grades whether points Y/N against 是', async () => {
    let r = ok<QualityRowWire>(await enter(s.pointIds.certified, { jgz: '否' }));
    expect(r).toMatchObject({ jgdj: 'N', dis: true });
    r = ok<QualityRowWire>(await enter(s.pointIds.certified, { jgz: '是' }));
    expect(r).toMatchObject({ jgdj: 'Y', dis: false });
  });

  it('refuses a value of the wrong type for the data type', async () => {
    failed(await enter(s.pointIds.complaints, { jgz: '1.5' }), 400, '请输入整数');
    failed(await enter(s.pointIds.complaints, { jgz: 'abc' }), 400, '请输入整数');
    failed(await enter(s.pointIds.rate, { jgz: '120%' }), 400, '百分比');
    failed(await enter(s.pointIds.certified, { jgz: '有' }), 400, '请选择是或否');
    failed(
      await w.charger.post(`${API}/quality/sample/insert`, { zgzkdid: s.pointIds.score, cjz: 'x' }),
      400,
      '请输入数字',
    );
  });

  it('lists below-standard points paged and saves cause and measure with the 500 limit', async () => {
    ok(await enter(s.pointIds.rate, { jgz: '30' }));
    const page = ok<{ records: QualityRowWire[]; total: number; size: number }>(
      await w.charger.get(`${API}/quality/disqualified`, { dxrwid: s.objectTaskId }),
    );
    expect(page.size).toBe(10);
    expect(page.records.map((r) => r.zkdmc).sort()).toEqual(['学生投诉次数', '课程合格率']);
    expect(page.total).toBe(2);
    const url = `${API}/disqualified/update`;
    failed(
      await w.charger.post(url, { id: s.pointIds.rate, yyfx: 'x'.repeat(501), gjcs: '措施' }),
      400,
      '最多只能输入500个字符',
    );
    failed(await w.charger.post(url, { id: s.pointIds.rate, yyfx: '  ', gjcs: '措施' }), 400, '此项必填');
    failed(await w.charger.post(url, { id: s.pointIds.rate, yyfx: '原因', gjcs: '' }), 400, '此项必填');
    const saved = ok<QualityRowWire>(
      await w.charger.post(url, { id: s.pointIds.rate, yyfx: 'x'.repeat(500), gjcs: '加强辅导' }),
    );
    expect(saved).toMatchObject({ yyfx: 'x'.repeat(500), gjcs: '加强辅导' });
    forbidden(await w.sharer.post(url, { id: s.pointIds.rate, yyfx: '原因', gjcs: '措施' }));
  });

  it('shows attachments with their download address', async () => {
    const fileId = newId();
    await t.db
      .insert(files)
      .values({ id: fileId, name: '佐证.pdf', mime: 'application/pdf', size: 12, storageKey: 'k' });
    await t.db
      .insert(pointFiles)
      .values({ id: newId(), assignedPointId: s.pointIds.rate, fileId, stage: 'diagnosis' });
    expect((await row(s.pointIds.rate)).qualityFileList).toEqual([
      {
        fileId,
        fileName: '佐证.pdf',
        fileType: 'pdf',
        stage: 'diagnosis',
        size: 12,
        url: `/api/herm-sjgl/file/download?id=${fileId}`,
      },
    ]);
  });

  it('toggles focus for the caller only', async () => {
    expect(ok(await w.sharer.post(`${API}/focus`, { zgzkdid: s.pointIds.rate, focus: true }))).toEqual({
      focus: true,
    });
    expect((await row(s.pointIds.rate)).focus).toBe(false);
    const mine = ok<QualityRowWire>(
      await w.sharer.get(`${API}/quality/selectbyid`, { zgzkkid: s.pointIds.rate }),
    );
    expect(mine.focus).toBe(true);
    ok(await w.sharer.post(`${API}/focus`, { zgzkdid: s.pointIds.rate, focus: false }));
    expect(
      ok<QualityRowWire>(await w.sharer.get(`${API}/quality/selectbyid`, { zgzkkid: s.pointIds.rate })).focus,
    ).toBe(false);
  });
});

describe('who may do what', () => {
  it('a sharer reads but cannot edit', async () => {
    ok(await w.sharer.get(`${API}/quality/selectbyid`, { zgzkkid: s.pointIds.rate }));
    ok(await w.sharer.get(`${API}/quality/selectcollent`, { zgzkdid: s.pointIds.rate }));
    ok(await w.sharer.get(`${API}/obj/selectdto`, { dxrwid: s.objectTaskId }));
    forbidden(await w.sharer.post(`${API}/quality/updateupjgz`, { zgzkdid: s.pointIds.rate, jgz: '90' }));
    forbidden(await w.sharer.post(`${API}/quality/sample/insert`, { zgzkdid: s.pointIds.score, cjz: '90' }));
    forbidden(
      await w.sharer.post(`${API}/quality/updateupmbz`, { list: [{ zgzkdid: s.pointIds.rate, mbz: '1' }] }),
    );
    forbidden(await w.sharer.post(`${API}/audit/submit`, { ids: [s.pointIds.rate] }));
    forbidden(await w.sharer.post(`${API}/quality/calresult`, { dxrwid: s.objectTaskId }));
  });

  it('the head of the object department reads', async () => {
    ok(await w.head.get(`${API}/quality/select`, { dxrwid: s.objectTaskId }));
    forbidden(await w.head.post(`${API}/quality/updateupjgz`, { zgzkdid: s.pointIds.rate, jgz: '90' }));
  });

  it('anyone else gets not-found on every per-point and per-object-task endpoint', async () => {
    const x = w.stranger;
    const p = s.pointIds.rate;
    const o = s.objectTaskId;
    notFound(await x.get(`${API}/quality/select`, { dxrwid: o }));
    notFound(await x.get(`${API}/quality/selectbyid`, { zgzkkid: p }));
    notFound(await x.get(`${API}/quality/selectcollent`, { zgzkdid: p }));
    notFound(await x.post(`${API}/quality/sample/insert`, { zgzkdid: p, cjz: '1' }));
    notFound(await x.post(`${API}/quality/updateupmbz`, { list: [{ zgzkdid: p, mbz: '1' }] }));
    notFound(await x.post(`${API}/quality/updateupjgz`, { zgzkdid: p, jgz: '1' }));
    notFound(await x.post(`${API}/quality/calresult`, { dxrwid: o }));
    notFound(await x.get(`${API}/quality/disqualified`, { dxrwid: o }));
    notFound(await x.post(`${API}/disqualified/update`, { id: p, yyfx: '原因', gjcs: '措施' }));
    notFound(await x.get(`${API}/audit/dynamic`, { zgzkkid: p }));
    notFound(await x.post(`${API}/audit/submit`, { ids: [p] }));
    notFound(await x.post(`${API}/focus`, { zgzkdid: p, focus: true }));
    notFound(await x.get(`${API}/warningflow/queryWarnList`, { zgzkdid: p }));
    notFound(await x.get(`${API}/warningflow/queryWarnCount`, { dxrwid: o }));
    notFound(await x.get(`${API}/warningflow/queryWarnGrid`, { dxrwid: o }));
    notFound(await x.get(`${API}/obj/selectdto`, { dxrwid: o }));
    notFound(await x.get(`${API}/obj/selectwarningcount`, { dxrwid: o }));
    notFound(await x.post(`${API}/obj/diagnoseagain`, { id: o }));
    notFound(await x.get(`${API}/task/selectdto`, { id: s.taskId }));
    notFound(await x.get(`${API}/obj/select`, { rwid: s.taskId }));
    // and sees nothing in the lists
    const disqualified = ok<{ total: number }>(await x.get(`${API}/quality/disqualified`));
    expect(disqualified.total).toBe(0);
    expect(ok(await x.get(`${API}/warningflow/queryWarnCount`))).toEqual({
      allNum: 0,
      disposeNum: 0,
      undisposeNum: 0,
    });
  });
});

describe('the previous cycle and closing', () => {
  it('fills the previous result and grade from the latest earlier task of the level, and flags unfinished when closed', async () => {
    const earlier = await setupTask(w, {
      name: '2025年度教师诊断',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
    // The earlier task's end date has passed: its points without a result are unfinished.
    ok(await w.charger.post(`${API}/quality/calresult`, { dxrwid: earlier.objectTaskId }));
    expect(await row(earlier.pointIds.certified)).toMatchObject({ unfin: true });
    // entering results in a closed (ended) task is still refused once the publisher finishes it
    await t.db.execute(sql`update assigned_points set result = '65' where id = ${earlier.pointIds.rate}`);
    ok(await w.charger.post(`${API}/quality/calresult`, { dxrwid: s.objectTaskId }));
    expect(await row(s.pointIds.rate)).toMatchObject({ sljsz: '65', sldj: 'C' });
    // closeOutdated finishes the earlier task only
    expect(ok(await w.publisher.post(`${API}/task/closeOutdated`, {}))).toEqual({ closed: 1 });
    const task = ok<{ state: string }>(
      await w.publisher.get(`${API}/task/selectdto`, { id: earlier.taskId }),
    );
    expect(task.state).toBe('finished');
    failed(await enter(earlier.pointIds.rate, { jgz: '70' }), 422, '任务已结束');
    expect(
      ok<{ state: string }>(await w.publisher.get(`${API}/task/selectdto`, { id: s.taskId })).state,
    ).toBe('normal');
  });
});
