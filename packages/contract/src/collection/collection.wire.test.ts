import { describe, expect, it } from 'vitest';
import type {
  CollectionBinding,
  CollectionCompare,
  CollectionRun,
  CollectionRunValue,
  CollectionTaskPoint,
  CollectionWhy,
} from './collection.schema.ts';
import {
  CollectionBindingBodySchema,
  CollectionBindingWireSchema,
  CollectionCompareBodySchema,
  CollectionCompareWireSchema,
  CollectionRunValueWireSchema,
  CollectionRunWireSchema,
  CollectionTaskPointWireSchema,
  CollectionWhyWireSchema,
  fromCollectionBindingBodyWire,
  fromCollectionBindingQueryWire,
  fromCollectionBindingWire,
  fromCollectionCompareBodyWire,
  fromCollectionCompareWire,
  fromCollectionDetailQueryWire,
  fromCollectionRunBodyWire,
  fromCollectionRunPageQueryWire,
  fromCollectionRunValueWire,
  fromCollectionRunWire,
  fromCollectionTaskPointWire,
  fromCollectionTaskQueryWire,
  fromCollectionWhyQueryWire,
  fromCollectionWhyWire,
  toCollectionBindingWire,
  toCollectionCompareWire,
  toCollectionRunValueWire,
  toCollectionRunWire,
  toCollectionTaskPointWire,
  toCollectionWhyWire,
} from './collection.wire.ts';

const binding: CollectionBinding = {
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

const run: CollectionRun = {
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

describe('collection wire', () => {
  it('names the point zkdid on the wire and pointId inside, both ways', () => {
    const wire = toCollectionBindingWire(binding);
    expect(wire).toMatchObject({ zkdid: 'p1', pointName: '就业率' });
    expect(wire).not.toHaveProperty('pointId');
    expect(CollectionBindingWireSchema.parse(wire)).toEqual(wire);
    expect(fromCollectionBindingWire(wire)).toEqual(binding);
  });

  it('names the task rwid on the wire and taskId inside, both ways', () => {
    const wire = toCollectionRunWire(run);
    expect(wire).toMatchObject({ id: 'r1', rwid: 't1' });
    expect(wire).not.toHaveProperty('taskId');
    expect(CollectionRunWireSchema.parse(wire)).toEqual(wire);
    expect(fromCollectionRunWire(wire)).toEqual(run);
  });

  it('round-trips a staged value, a point explained, a comparison and a task point', () => {
    const value: CollectionRunValue = {
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
    const valueWire = toCollectionRunValueWire(value);
    expect(valueWire.zgzkdid).toBe('ap1');
    expect(CollectionRunValueWireSchema.parse(valueWire)).toEqual(valueWire);
    expect(fromCollectionRunValueWire(valueWire)).toEqual(value);

    const why: CollectionWhy = {
      assignedPointId: 'ap1',
      result: '95',
      grade: 'A',
      collectionMethod: 'algorithm',
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
    const whyWire = toCollectionWhyWire(why);
    expect(whyWire.zgzkdid).toBe('ap1');
    expect(CollectionWhyWireSchema.parse(whyWire)).toEqual(whyWire);
    expect(fromCollectionWhyWire(whyWire)).toEqual(why);

    const compare: CollectionCompare = {
      fromVersion: 1,
      toVersion: 2,
      cycleKey: '2026-03',
      objectCount: 1,
      changes: [
        {
          assignedPointId: 'ap1',
          objectName: '计算机学院',
          objectCode: 'C01',
          fromValue: '90',
          toValue: '80',
          fromGrade: 'A',
          toGrade: 'B',
          gradeChanged: true,
        },
      ],
    };
    const compareWire = toCollectionCompareWire(compare);
    expect(compareWire.changes[0]?.zgzkdid).toBe('ap1');
    expect(CollectionCompareWireSchema.parse(compareWire)).toEqual(compareWire);
    expect(fromCollectionCompareWire(compareWire)).toEqual(compare);

    const point: CollectionTaskPoint = {
      pointId: 'p1',
      pointName: '就业率',
      collectionMethod: 'sql',
      resultGroupId: null,
    };
    const pointWire = toCollectionTaskPointWire(point);
    expect(pointWire.zkdid).toBe('p1');
    expect(CollectionTaskPointWireSchema.parse(pointWire)).toEqual(pointWire);
    expect(fromCollectionTaskPointWire(pointWire)).toEqual(point);
  });

  it('maps every request from the wire names to the English ones', () => {
    const body = CollectionBindingBodySchema.parse({ zkdid: 'p1', resultGroupId: 'g1', plausibleMin: '1' });
    expect(fromCollectionBindingBodyWire(body)).toEqual({
      pointId: 'p1',
      resultGroupId: 'g1',
      plausibleMin: 1,
      listPath: undefined,
      codeField: undefined,
      valueField: undefined,
      dateField: undefined,
      plausibleMax: undefined,
    });
    expect(fromCollectionRunBodyWire({ rwid: 't1', dxrwids: ['o1'], autoApply: true })).toEqual({
      taskId: 't1',
      objectTaskIds: ['o1'],
      autoApply: true,
    });
    expect(fromCollectionRunPageQueryWire({ rwid: 't1', pageNum: 2, pageSize: 5 })).toEqual({
      taskId: 't1',
      pageNum: 2,
      pageSize: 5,
    });
    expect(fromCollectionBindingQueryWire({ zkdid: 'p1' })).toEqual({ pointId: 'p1' });
    expect(fromCollectionTaskQueryWire({ rwid: 't1' })).toEqual({ taskId: 't1' });
    expect(fromCollectionWhyQueryWire({ zgzkdid: 'ap1' })).toEqual({ assignedPointId: 'ap1' });
    expect(fromCollectionDetailQueryWire({ zgzkdid: 'ap1', cycleKey: '2026-03' })).toEqual({
      assignedPointId: 'ap1',
      cycleKey: '2026-03',
    });
    const compare = CollectionCompareBodySchema.parse({
      rwid: 't1',
      zkdid: 'p1',
      fromVersion: '1',
      toVersion: 2,
    });
    expect(fromCollectionCompareBodyWire(compare)).toEqual({
      taskId: 't1',
      pointId: 'p1',
      fromVersion: 1,
      toVersion: 2,
    });
  });

  it('refuses a binding whose range is upside down or whose address is not http, in Chinese', () => {
    const upsideDown = CollectionBindingBodySchema.safeParse({
      zkdid: 'p1',
      plausibleMin: 5,
      plausibleMax: 1,
    });
    expect(upsideDown.error?.issues[0]?.message).toBe('合理范围下限不能大于上限');
    const ftp = CollectionBindingBodySchema.safeParse({ zkdid: 'p1', endpointUrl: 'ftp://x' });
    expect(ftp.error?.issues[0]?.message).toBe('接口地址必须以 http:// 或 https:// 开头');
    const same = CollectionCompareBodySchema.safeParse({
      rwid: 't',
      zkdid: 'p',
      fromVersion: 1,
      toVersion: 1,
    });
    expect(same.error?.issues[0]?.message).toBe('请选择两个不同的版本');
  });
});
