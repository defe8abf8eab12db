import {
  auditEndpoints,
  type QualityRowWire,
  type SampleWire,
  type WarningRecordWire,
  type WarningRowWire,
} from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, signIn, type TestApp } from '../../../test/app.ts';
import { newId } from '../../platform/ids.ts';
import { qualityPoints } from '../standards/standards.table.ts';
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
import { recompute } from './recompute.ts';

let t: TestApp;
let w: World;
let s: TaskSetup;
beforeAll(async () => {
  ({ t, w, s } = await startTaskWorld());
});
afterAll(() => t.close());

const sample = (cjz: string, sj: string, id = s.pointIds.score) =>
  w.charger.post(`${API}/quality/sample/insert`, { zgzkdid: id, cjz, sj });
const counts = async (query: Record<string, string> = { dxrwid: s.objectTaskId }) =>
  ok<{ allNum: number; disposeNum: number; undisposeNum: number }>(
    await w.charger.get(`${API}/warningflow/queryWarnCount`, query),
  );

describe('samples and warnings', () => {
  it('takes the latest sample in the period as the result of a collected point', async () => {
    let r = ok<QualityRowWire>(await sample('40', '2026-03-03T09:00:00'));
    expect(r).toMatchObject({ jgz: '40', jgdj: 'D', dis: true });
    r = ok<QualityRowWire>(await sample('45', '2026-03-20T09:00:00'));
    expect(r).toMatchObject({ jgz: '45' });
    r = ok<QualityRowWire>(await sample('85', '2026-04-05T09:00:00'));
    expect(r).toMatchObject({ jgz: '85', jgdj: 'A', dis: false });
    // an older sample arriving late does not replace the latest
    r = ok<QualityRowWire>(await sample('30', '2026-04-01T09:00:00'));
    expect(r).toMatchObject({ jgz: '85' });
    // outside the task period: not the result
    r = ok<QualityRowWire>(await sample('70', '2027-01-05T09:00:00'));
    expect(r).toMatchObject({ jgz: '85' });
  });

  it('raises one warning per cycle, and a recompute raises no duplicate', async () => {
    const list = ok<WarningRecordWire[]>(
      await w.charger.get(`${API}/warningflow/queryWarnList`, { zgzkdid: s.pointIds.score }),
    );
    // March: 40 and 45 fire (one warning, at the first); April: 30 fires; 85 and 70 do not.
    expect(list.map((x) => [x.yjz, x.jgz, x.zlx, x.clsj])).toEqual([
      ['50', '40', 'float', null],
      ['50', '30', 'float', null],
    ]);
    expect(list[0]!.yjsj).toMatch(/^2026-03-0[23] \d\d:00:00$/);
    expect(await recompute(t.db)).toMatchObject({ warningsRaised: 0 });
    expect(await recompute(t.db, { objectTaskIds: [s.objectTaskId] })).toMatchObject({ warningsRaised: 0 });
    expect(await counts()).toEqual({ allNum: 2, disposeNum: 0, undisposeNum: 2 });
    const row = ok<QualityRowWire>(
      await w.charger.get(`${API}/quality/selectbyid`, { zgzkkid: s.pointIds.score }),
    );
    expect(row.warningFlowVos).toHaveLength(2);
    const samples = ok<SampleWire[]>(
      await w.sharer.get(`${API}/quality/selectcollent`, {
        zgzkdid: s.pointIds.score,
        startTime: '2026-03-01',
        endTime: '2026-03-31',
      }),
    );
    expect(samples.map((x) => x.cjz)).toEqual(['40', '45']);
    expect(samples[0]).toMatchObject({ zlx: 'float', ration: 40 });
  });

  it('is deterministic whatever the order the samples arrive in', async () => {
    const other = await setupTask(w, { name: '乱序任务' });
    ok(await sample('30', '2026-04-01T09:00:00', other.pointIds.score));
    ok(await sample('70', '2027-01-05T09:00:00', other.pointIds.score));
    ok(await sample('85', '2026-04-05T09:00:00', other.pointIds.score));
    ok(await sample('45', '2026-03-20T09:00:00', other.pointIds.score));
    ok(await sample('40', '2026-03-03T09:00:00', other.pointIds.score));
    const a = ok<QualityRowWire>(
      await w.charger.get(`${API}/quality/selectbyid`, { zgzkkid: other.pointIds.score }),
    );
    const b = ok<QualityRowWire>(
      await w.charger.get(`${API}/quality/selectbyid`, { zgzkkid: s.pointIds.score }),
    );
    expect([a.jgz, a.jgdj, a.dis]).toEqual([b.jgz, b.jgdj, b.dis]);
    expect(a.warningFlowVos.map((x) => [x.yjsj, x.jgz])).toEqual(
      b.warningFlowVos.map((x) => [x.yjsj, x.jgz]),
    );
    ok(await w.publisher.post(`${API}/task/ids/delete`, { ids: [other.taskId] }));
  });

  it('handles a warning once, with cause and measure, and the counts change', async () => {
    const grid = ok<{ records: WarningRowWire[]; total: number }>(
      await w.charger.get(`${API}/warningflow/queryWarnGrid`, { rwid: s.taskId }),
    );
    expect(grid.total).toBe(1);
    const first = grid.records[0]!;
    expect(first).toMatchObject({
      zkdmc: '科研得分',
      yjz: '50',
      allNum: 2,
      disposeNum: 0,
      clrmc: null,
      gzdxmc: '张老师',
    });
    const id = first.latestWarningId!;
    const url = `${API}/warningflow/dispose`;
    failed(await w.charger.post(url, { id, yyfx: '', clcs: '措施' }), 400, '此项必填');
    failed(
      await w.charger.post(url, { id, yyfx: '原因', clcs: 'y'.repeat(501) }),
      400,
      '最多只能输入500个字符',
    );
    forbidden(await w.sharer.post(url, { id, yyfx: '原因', clcs: '措施' }));
    failed(await w.stranger.post(url, { id, yyfx: '原因', clcs: '措施' }), 404);
    const handled = ok<WarningRecordWire>(
      await w.charger.post(url, { id, yyfx: '经费不足', clcs: '增加投入' }),
    );
    expect(handled).toMatchObject({ id, yyfx: '经费不足', clcs: '增加投入', clsj: expect.any(String) });
    failed(await w.charger.post(url, { id, yyfx: '原因', clcs: '措施' }), 422, '该预警已处理');
    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const log = await admin.call(auditEndpoints.operationLog, { query: { pageSize: 100 } });
    const [refusedAgain, disposed] = log.records.filter((e) => e.objectIds.includes(id));
    expect(refusedAgain).toMatchObject({ changes: null });
    expect(refusedAgain?.result).not.toBe('success');
    expect(disposed?.changes).toEqual([
      {
        object: '预警',
        id,
        name: expect.stringMatching(new RegExp(`科研得分 · ${handled.yjsj}$`)),
        before: { 状态: '未处理', 原因分析: null, 处理措施: null, 处理人: null },
        after: { 状态: '已处理', 原因分析: '经费不足', 处理措施: '增加投入', 处理人: handled.clrmc },
      },
    ]);
    expect(handled.clrmc).toBeTruthy();
    expect(await counts()).toEqual({ allNum: 2, disposeNum: 1, undisposeNum: 1 });
    expect(await counts({ rwid: s.taskId })).toEqual({ allNum: 2, disposeNum: 1, undisposeNum: 1 });
    expect(ok(await w.charger.get(`${API}/obj/selectwarningcount`, { dxrwid: s.objectTaskId }))).toEqual({
      allNum: 2,
      disposeNum: 1,
      undisposeNum: 1,
    });
    const after = ok<{ records: WarningRowWire[] }>(
      await w.charger.get(`${API}/warningflow/queryWarnGrid`, { rwid: s.taskId }),
    );
    expect(after.records[0]).toMatchObject({
      allNum: 2,
      disposeNum: 1,
      yyfx: '经费不足',
      clcs: '增加投入',
      clrmc: expect.any(String),
    });
    const pending = ok<{ total: number }>(
      await w.charger.get(`${API}/warningflow/queryWarnGrid`, { state: 'handled' }),
    );
    expect(pending.total).toBe(0);
    // the other cycle's warning is the open one now
    expect(after.records[0]!.latestWarningId).not.toBe(id);
  });
});

describe('audit', () => {
  it('submits, passes and refuses only along the allowed transitions', async () => {
    const p = s.pointIds.rate;
    const history = async () =>
      ok<Array<{ action: string; reason: string | null }>>(
        await w.charger.get(`${API}/audit/dynamic`, { zgzkkid: p }),
      );
    failed(await w.charger.post(`${API}/audit/pass`, { ids: [p] }), 200, '只有审核人可以审核质控点');
    failed(await w.auditor.post(`${API}/audit/pass`, { ids: [p] }), 422, '只有待审核的质控点可以审核');
    expect(ok(await w.charger.post(`${API}/audit/submit`, { ids: [p] }))).toEqual({ updated: 1 });
    failed(
      await w.charger.post(`${API}/audit/submit`, { ids: [p] }),
      422,
      '只有未提交或审核不通过的质控点可以提交审核',
    );
    failed(
      await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: p, jgz: '90' }),
      422,
      '质控点已提交审核',
    );
    failed(await w.auditor.post(`${API}/audit/refuse`, { ids: [p], reason: ' ' }), 400, '请输入不通过原因');
    ok(await w.auditor.post(`${API}/audit/refuse`, { ids: [p], reason: '佐证不足' }));
    let row = ok<QualityRowWire>(await w.charger.get(`${API}/quality/selectbyid`, { zgzkkid: p }));
    expect(row).toMatchObject({ shzt: 'refused', shyj: '佐证不足' });
    ok(await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: p, jgz: '90' }));
    ok(await w.charger.post(`${API}/audit/submit`, { ids: [p] }));
    ok(await w.auditor.post(`${API}/audit/pass`, { ids: [p] }));
    failed(
      await w.auditor.post(`${API}/audit/refuse`, { ids: [p], reason: '再看看' }),
      422,
      '只有待审核的质控点可以审核',
    );
    failed(
      await w.charger.post(`${API}/audit/submit`, { ids: [p] }),
      422,
      '只有未提交或审核不通过的质控点可以提交审核',
    );
    row = ok<QualityRowWire>(await w.charger.get(`${API}/quality/selectbyid`, { zgzkkid: p }));
    expect(row).toMatchObject({ shzt: 'passed', shyj: null });
    expect((await history()).map((h) => [h.action, h.reason])).toEqual([
      ['submit', null],
      ['refuse', '佐证不足'],
      ['submit', null],
      ['pass', null],
    ]);
    // all or nothing: one bad id leaves the others untouched
    const q = s.pointIds.complaints;
    failed(await w.charger.post(`${API}/audit/submit`, { ids: [q, p] }), 422);
    expect(ok<QualityRowWire>(await w.charger.get(`${API}/quality/selectbyid`, { zgzkkid: q })).shzt).toBe(
      'draft',
    );
  });
});

describe('level points', () => {
  it('grade by the entered level and raise level warnings once per week', async () => {
    const qualityPointId = newId();
    await t.db.insert(qualityPoints).values({
      id: qualityPointId,
      indicatorId: w.indicatorIds.childA,
      name: '教学评价等级',
      level: 'teacher',
      dimension: 'teacher',
      period: 'year',
      dataType: 'integer',
      calcMode: 'level',
      standardValue: 'B',
      warningMode: 'level',
      warningValue: 'C',
      samplingPeriod: 'week',
      warningPeriod: 'week',
    });
    ok(
      await w.publisher.post(`${API}/obj/refreshTarget`, {
        dxrwids: [s.objectTaskId],
        zkdids: [qualityPointId],
      }),
    );
    const rows = ok<QualityRowWire[]>(
      await w.charger.get(`${API}/quality/select`, { dxrwid: s.objectTaskId }),
    );
    const id = rows.find((r) => r.zkdid === qualityPointId)!.id;
    const entered = ok<QualityRowWire>(
      await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: id, jgz: 'C' }),
    );
    expect(entered).toMatchObject({
      mbz: 'B',
      jgdj: 'C',
      dis: true,
      warningVo: { yjlx: 'level', yjzq: 'week' },
    });
    failed(await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: id, jgz: '80' }), 400, '请选择等级');
    // ISO weeks 2026-W10 (C, then D), W11 (B: no warning), W12 (D)
    ok(await sample('C', '2026-03-02T10:00:00', id));
    ok(await sample('D', '2026-03-04T10:00:00', id));
    ok(await sample('B', '2026-03-10T10:00:00', id));
    const last = ok<QualityRowWire>(await sample('D', '2026-03-17T10:00:00', id));
    // a reported point keeps its entered result
    expect(last).toMatchObject({ jgz: 'C', jgdj: 'C' });
    const list = ok<WarningRecordWire[]>(
      await w.charger.get(`${API}/warningflow/queryWarnList`, { zgzkdid: id }),
    );
    expect(list.map((x) => [x.yjz, x.jgz])).toEqual([
      ['C', 'C'],
      ['C', 'D'],
    ]);
  });
});
