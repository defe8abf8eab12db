import { describe, expect, it } from 'vitest';
import { RESULT_SOURCE_RULE } from '../diagnosis/result-source.ts';
import type {
  ComputedBinding,
  ComputedCompare,
  ComputedRun,
  ComputedRunValue,
  ComputedTaskPoint,
  ComputedWhy,
} from './computed.schema.ts';
import {
  ComputedBindingBodySchema,
  ComputedBindingWireSchema,
  ComputedCompareBodySchema,
  ComputedCompareWireSchema,
  ComputedRunValueWireSchema,
  ComputedRunWireSchema,
  ComputedTaskPointWireSchema,
  ComputedWhyWireSchema,
  fromComputedBindingBodyWire,
  fromComputedBindingQueryWire,
  fromComputedBindingWire,
  fromComputedCompareBodyWire,
  fromComputedCompareWire,
  fromComputedDetailQueryWire,
  fromComputedRunBodyWire,
  fromComputedRunPageQueryWire,
  fromComputedRunValueWire,
  fromComputedRunWire,
  fromComputedTaskPointWire,
  fromComputedTaskQueryWire,
  fromComputedWhyQueryWire,
  fromComputedWhyWire,
  toComputedBindingWire,
  toComputedCompareWire,
  toComputedRunValueWire,
  toComputedRunWire,
  toComputedTaskPointWire,
  toComputedWhyWire,
} from './computed.wire.ts';

const binding: ComputedBinding = {
  pointId: 'p1',
  pointName: '就业率',
  collectionMethod: 'algorithm',
  displayMode: 'table',
  samplingPeriod: 'month',
  bound: true,
  resultGroupId: 'g1',
  resultGroupName: '就业率算法',
  detailGroupId: null,
  detailGroupName: null,
  endpointUrl: null,
  listPath: null,
  codeField: null,
  valueField: null,
  dateField: null,
  plausibleMin: 0,
  plausibleMax: 100,
  updateTime: '2026-03-01T00:00:00.000Z',
};

const run: ComputedRun = {
  id: 'r1',
  taskId: 't1',
  jobId: 'j1',
  state: 'gate',
  actorName: '张老师',
  objectCount: 2,
  valueCount: 6,
  flaggedCount: 1,
  appliedCount: 0,
  heldCount: 0,
  unmappedCodes: ['X9'],
  message: '',
  startTime: '2026-03-01T00:00:00.000Z',
  endTime: null,
  applyTime: null,
};

describe('computed wire', () => {
  it('names the point zkdid on the wire and pointId inside, both ways', () => {
    const wire = toComputedBindingWire(binding);
    expect(wire).toMatchObject({ zkdid: 'p1', pointName: '就业率' });
    expect(wire).not.toHaveProperty('pointId');
    expect(ComputedBindingWireSchema.parse(wire)).toEqual(wire);
    expect(fromComputedBindingWire(wire)).toEqual(binding);
  });

  it('names the task rwid on the wire and taskId inside, both ways', () => {
    const wire = toComputedRunWire(run);
    expect(wire).toMatchObject({ id: 'r1', rwid: 't1' });
    expect(wire).not.toHaveProperty('taskId');
    expect(ComputedRunWireSchema.parse(wire)).toEqual(wire);
    expect(fromComputedRunWire(wire)).toEqual(run);
  });

  it('round-trips a staged value, a point explained, a comparison and a task point', () => {
    const value: ComputedRunValue = {
      id: 'v1',
      assignedPointId: 'ap1',
      objectName: '计算机学院',
      objectCode: 'C01',
      pointName: '就业率',
      cycleKey: '2026-03',
      value: null,
      flags: ['missing'],
      reasons: ['算法没有返回该对象的数据'],
      held: false,
      version: 2,
    };
    const valueWire = toComputedRunValueWire(value);
    expect(valueWire.zgzkdid).toBe('ap1');
    expect(ComputedRunValueWireSchema.parse(valueWire)).toEqual(valueWire);
    expect(fromComputedRunValueWire(valueWire)).toEqual(value);

    const why: ComputedWhy = {
      assignedPointId: 'ap1',
      result: '95',
      grade: 'A',
      collectionMethod: 'algorithm',
      source: {
        kind: 'typed',
        value: '95',
        cycleKey: '2026-03',
        sampledAt: '2026-03-20T01:00:00.000Z',
        enteredBy: '王老师',
        enteredAt: '2026-03-20T01:00:05.000Z',
        lineage: null,
      },
      rule: RESULT_SOURCE_RULE,
      samples: [
        {
          sampleId: 's1',
          sampledAt: '2026-03-20T01:00:00.000Z',
          cycleKey: '2026-03',
          value: '95',
          source: 'typed',
          enteredBy: '王老师',
          enteredAt: '2026-03-20T01:00:05.000Z',
          used: true,
          replaced: false,
        },
      ],
      lineage: [],
      algorithm: {
        groupId: 'g1',
        groupName: '就业率算法',
        currentVersion: 2,
        changedBy: null,
        changedAt: 'x',
      },
      note: '',
    };
    const whyWire = toComputedWhyWire(why);
    expect(whyWire.zgzkdid).toBe('ap1');
    expect(ComputedWhyWireSchema.parse(whyWire)).toEqual(whyWire);
    expect(fromComputedWhyWire(whyWire)).toEqual(why);

    const compare: ComputedCompare = {
      fromVersion: 1,
      toVersion: 2,
      cycleKeys: ['2026-02', '2026-03'],
      objectCount: 1,
      comparedCount: 2,
      emptyCount: 1,
      changes: [
        {
          assignedPointId: 'ap1',
          objectName: '计算机学院',
          objectCode: 'C01',
          cycleKey: '2026-03',
          fromValue: '90',
          toValue: '80',
          fromGrade: 'A',
          toGrade: 'B',
          gradeChanged: true,
        },
      ],
    };
    const compareWire = toComputedCompareWire(compare);
    expect(compareWire.changes[0]?.zgzkdid).toBe('ap1');
    expect(ComputedCompareWireSchema.parse(compareWire)).toEqual(compareWire);
    expect(fromComputedCompareWire(compareWire)).toEqual(compare);

    const point: ComputedTaskPoint = {
      pointId: 'p1',
      pointName: '就业率',
      collectionMethod: 'sql',
      resultGroupId: 'g1',
      versions: [{ version: 2, published: false, current: false, remark: '改口径' }],
      cycleKeys: ['2026-03'],
    };
    const pointWire = toComputedTaskPointWire(point);
    expect(pointWire.zkdid).toBe('p1');
    expect(ComputedTaskPointWireSchema.parse(pointWire)).toEqual(pointWire);
    expect(fromComputedTaskPointWire(pointWire)).toEqual(point);
  });

  it('maps every request from the wire names to the English ones', () => {
    const body = ComputedBindingBodySchema.parse({ zkdid: 'p1', resultGroupId: 'g1', plausibleMin: '1' });
    expect(fromComputedBindingBodyWire(body)).toEqual({
      pointId: 'p1',
      resultGroupId: 'g1',
      plausibleMin: 1,
      listPath: undefined,
      codeField: undefined,
      valueField: undefined,
      dateField: undefined,
      plausibleMax: undefined,
    });
    expect(fromComputedRunBodyWire({ rwid: 't1', dxrwids: ['o1'], autoApply: true })).toEqual({
      taskId: 't1',
      objectTaskIds: ['o1'],
      autoApply: true,
    });
    expect(fromComputedRunPageQueryWire({ rwid: 't1', pageNum: 2, pageSize: 5 })).toEqual({
      taskId: 't1',
      pageNum: 2,
      pageSize: 5,
    });
    expect(fromComputedBindingQueryWire({ zkdid: 'p1' })).toEqual({ pointId: 'p1' });
    expect(fromComputedTaskQueryWire({ rwid: 't1' })).toEqual({ taskId: 't1' });
    expect(fromComputedWhyQueryWire({ zgzkdid: 'ap1' })).toEqual({ assignedPointId: 'ap1' });
    expect(fromComputedDetailQueryWire({ zgzkdid: 'ap1', cycleKey: '2026-03' })).toEqual({
      assignedPointId: 'ap1',
      cycleKey: '2026-03',
    });
    const compare = ComputedCompareBodySchema.parse({
      rwid: 't1',
      zkdid: 'p1',
      fromVersion: '1',
      toVersion: 2,
      cycleKey: '2025-10',
    });
    expect(fromComputedCompareBodyWire(compare)).toEqual({
      taskId: 't1',
      pointId: 'p1',
      fromVersion: 1,
      toVersion: 2,
      cycleKey: '2025-10',
    });
    // 全部周期 is sent as an empty key.
    const every = ComputedCompareBodySchema.parse({
      rwid: 't1',
      zkdid: 'p1',
      fromVersion: 1,
      toVersion: 2,
      cycleKey: '',
    });
    expect(fromComputedCompareBodyWire(every).cycleKey).toBeUndefined();
  });

  it('refuses a binding whose range is upside down or whose address is not http, in Chinese', () => {
    const upsideDown = ComputedBindingBodySchema.safeParse({
      zkdid: 'p1',
      plausibleMin: 5,
      plausibleMax: 1,
    });
    expect(upsideDown.error?.issues[0]?.message).toBe('合理范围下限不能大于上限');
    const ftp = ComputedBindingBodySchema.safeParse({ zkdid: 'p1', endpointUrl: 'ftp://x' });
    expect(ftp.error?.issues[0]?.message).toBe('接口地址必须以 http:// 或 https:// 开头');
    const same = ComputedCompareBodySchema.safeParse({
      rwid: 't',
      zkdid: 'p',
      fromVersion: 1,
      toVersion: 1,
    });
    expect(same.error?.issues[0]?.message).toBe('请选择两个不同的版本');
  });
});
