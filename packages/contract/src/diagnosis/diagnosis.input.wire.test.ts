import { describe, expect, it } from 'vitest';
import {
  fromAnalysisCacheBodyWire,
  fromAnalysisObjectsQueryWire,
  fromAnalysisQualityQueryWire,
  fromDisposeBodyWire,
  fromDisqualifiedBodyWire,
  fromDisqualifiedExportQueryWire,
  fromDisqualifiedQueryWire,
  fromFocusBodyWire,
  fromMyPointsQueryWire,
  fromObjectTaskListBodyWire,
  fromObjectTaskQueryWire,
  fromObjectTaskRefuseBodyWire,
  fromObjectTasksInsertBodyWire,
  fromObjectTasksQueryWire,
  fromPointQueryWire,
  fromRefreshTargetBodyWire,
  fromResultBodyWire,
  fromReviewQueueQueryWire,
  fromSampleBodyWire,
  fromSamplesQueryWire,
  fromTargetsBodyWire,
  fromTaskBodyWire,
  fromTaskUpdateBodyWire,
  fromWarnGridExportQueryWire,
  fromWarnGridQueryWire,
  fromWarnListQueryWire,
  fromWarnQueryWire,
} from './diagnosis.input.wire.ts';
import {
  DisqualifiedExportQuerySchema,
  MyPointsQuerySchema,
  ResultBodySchema,
  SampleBodySchema,
  TargetsBodySchema,
  TaskBodySchema,
  WarnGridExportQuerySchema,
  WarnGridQuerySchema,
} from './diagnosis.schema.ts';
import { fromCalScoreBodyWire } from './score.wire.ts';

const page = { pageNum: 2, pageSize: 20 };

describe('diagnosis requests from the wire', () => {
  it('maps a task body, parsed as the route parses it, to English names', () => {
    const body = TaskBodySchema.parse({
      rwmc: '2026 年度诊断',
      level: 'school',
      period: '2026',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    const task = {
      name: '2026 年度诊断',
      level: 'school',
      cycleId: undefined,
      period: '2026',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    };
    expect(fromTaskBodyWire(body)).toEqual(task);
    expect(fromTaskUpdateBodyWire({ ...body, id: 't1' })).toEqual({ ...task, id: 't1' });
  });

  it('names the task rwid, the object task dxrwid and the point zgzkdid (or zgzkkid) in English', () => {
    expect(fromObjectTasksQueryWire({ ...page, rwid: 't1', keyword: '学院' })).toEqual({
      ...page,
      taskId: 't1',
      keyword: '学院',
    });
    expect(fromReviewQueueQueryWire({ ...page, rwid: 't1', level: 'major', departmentId: 'd1' })).toEqual({
      ...page,
      taskId: 't1',
      level: 'major',
      departmentId: 'd1',
      keyword: undefined,
    });
    expect(fromObjectTasksInsertBodyWire({ rwid: 't1', objectIds: ['o1'], chargerId: 'u1' })).toEqual({
      taskId: 't1',
      objectIds: ['o1'],
      chargerId: 'u1',
    });
    expect(fromRefreshTargetBodyWire({ dxrwids: ['ot1'], zkdids: ['p1'] })).toEqual({
      objectTaskIds: ['ot1'],
      pointIds: ['p1'],
    });
    expect(fromObjectTaskQueryWire({ dxrwid: 'ot1' })).toEqual({ objectTaskId: 'ot1' });
    expect(fromPointQueryWire({ zgzkkid: 'ap1' })).toEqual({ assignedPointId: 'ap1' });
    expect(fromWarnListQueryWire({ zgzkdid: 'ap1' })).toEqual({ assignedPointId: 'ap1' });
    expect(fromSamplesQueryWire({ zgzkdid: 'ap1', startTime: '2026-01-01' })).toEqual({
      assignedPointId: 'ap1',
      startTime: '2026-01-01',
      endTime: undefined,
    });
    expect(fromWarnQueryWire({ rwid: 't1' })).toEqual({ taskId: 't1', objectTaskId: undefined });
    expect(fromObjectTaskListBodyWire({ dxrwids: ['ot1', 'ot2'] })).toEqual({
      objectTaskIds: ['ot1', 'ot2'],
    });
    expect(fromObjectTaskRefuseBodyWire({ dxrwids: ['ot1'], reason: '材料不全' })).toEqual({
      objectTaskIds: ['ot1'],
      reason: '材料不全',
    });
    expect(fromAnalysisObjectsQueryWire({ ...page, rwid: 't1' })).toEqual({
      ...page,
      taskId: 't1',
      keyword: undefined,
    });
    expect(fromAnalysisQualityQueryWire({ rwid: 't1', dxrwid: 'ot1' })).toEqual({
      taskId: 't1',
      objectTaskId: 'ot1',
    });
    expect(fromAnalysisCacheBodyWire({ rwid: 't1' })).toEqual({ taskId: 't1' });
    expect(fromCalScoreBodyWire({ dxrwid: 'ot1' })).toEqual({ taskId: undefined, objectTaskId: 'ot1' });
  });

  it('maps the values of a point: targets (mbz), results (jgz, xzjgz, xzmbz), a sample (cjz, sj)', () => {
    const targets = TargetsBodySchema.parse({ list: [{ zgzkdid: 'ap1', mbz: '90' }, { zgzkdid: 'ap2' }] });
    expect(fromTargetsBodyWire(targets)).toEqual({
      list: [
        { assignedPointId: 'ap1', target: '90' },
        { assignedPointId: 'ap2', target: undefined },
      ],
    });
    const result = ResultBodySchema.parse({ zgzkdid: 'ap1', jgz: '88', xzjgz: '', xzmbz: '92' });
    expect(fromResultBodyWire(result)).toEqual({
      assignedPointId: 'ap1',
      result: '88',
      revisedResult: '',
      revisedTarget: '92',
    });
    const sample = SampleBodySchema.parse({ zgzkdid: 'ap1', cjz: '3', sj: '2026-03-01T08:00:00+08:00' });
    expect(fromSampleBodyWire(sample)).toEqual({
      assignedPointId: 'ap1',
      value: '3',
      time: '2026-03-01T08:00:00+08:00',
    });
  });

  it('maps the cause and measure of a miss (yyfx, gjcs) and of a warning (yyfx, clcs) alike', () => {
    expect(fromDisqualifiedBodyWire({ id: 'ap1', yyfx: '生源下降', gjcs: '加强招生' })).toEqual({
      id: 'ap1',
      cause: '生源下降',
      measure: '加强招生',
    });
    expect(fromDisposeBodyWire({ id: 'w1', yyfx: '设备故障', clcs: '已维修' })).toEqual({
      id: 'w1',
      cause: '设备故障',
      measure: '已维修',
    });
    expect(fromDisqualifiedQueryWire({ ...page, dxrwid: 'ot1' })).toEqual({
      ...page,
      taskId: undefined,
      objectTaskId: 'ot1',
      keyword: undefined,
    });
    expect(fromMyPointsQueryWire(MyPointsQuerySchema.parse({ shzt: 'refused', keyword: '就业' }))).toEqual({
      pageNum: 1,
      pageSize: 10,
      auditState: 'refused',
      keyword: '就业',
    });
    expect(MyPointsQuerySchema.safeParse({ shzt: 'passed' }).success).toBe(false);
    // The exports take the lists' filters without paging (the home page's 我负责的 among them).
    expect(
      fromWarnGridExportQueryWire(
        WarnGridExportQuerySchema.parse({ rwid: 't1', state: 'pending', mine: 'true' }),
      ),
    ).toEqual({
      taskId: 't1',
      objectTaskId: undefined,
      keyword: undefined,
      state: 'pending',
      chargedOnly: true,
    });
    expect(fromDisqualifiedExportQueryWire(DisqualifiedExportQuerySchema.parse({ dxrwid: 'ot1' }))).toEqual({
      taskId: undefined,
      objectTaskId: 'ot1',
      keyword: undefined,
    });
    expect(fromFocusBodyWire({ zgzkdid: 'ap1', focus: true })).toEqual({
      assignedPointId: 'ap1',
      focus: true,
    });
    const grid = WarnGridQuerySchema.parse({ rwid: 't1' });
    expect(fromWarnGridQueryWire(grid)).toEqual({
      pageNum: 1,
      pageSize: 10,
      taskId: 't1',
      objectTaskId: undefined,
      keyword: undefined,
      state: 'all',
      chargedOnly: undefined,
    });
  });
});
