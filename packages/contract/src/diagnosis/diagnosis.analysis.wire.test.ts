import { describe, expect, it } from 'vitest';
import {
  type AnalysisPoint,
  AnalysisPointWireSchema,
  type AnalysisQuality,
  AnalysisQualityWireSchema,
  fromAnalysisObjectWire,
  fromAnalysisPointWire,
  fromAnalysisQualityWire,
  fromObjectAuthorityWire,
  fromPointFileWire,
  type ObjectAuthority,
  type PointFile,
  toAnalysisObjectWire,
  toAnalysisPointWire,
  toAnalysisQualityWire,
  toObjectAuthorityWire,
  toPointFileWire,
} from './diagnosis.analysis.wire.ts';

const grades = { A: 1, B: 2, C: 0, D: 1, Y: 0, N: 0 };
const attainment = {
  pointCount: 4,
  evaluatedCount: 4,
  reachedCount: 3,
  belowCount: 1,
  unfinishedCount: 0,
  reachedRate: 75,
  grades,
};

describe('the analysis wire', () => {
  it('round-trips an authority, an analysed object, the points of a task and a file', () => {
    const authority: ObjectAuthority = {
      objectTaskId: 'ot1',
      right: 'edit',
      canEdit: true,
      canSubmit: true,
      canAudit: false,
      canManage: false,
      canRecompute: true,
      isTaskOpen: true,
    };
    expect(fromObjectAuthorityWire(toObjectAuthorityWire(authority))).toEqual(authority);
    const object = {
      objectTaskId: 'ot1',
      objectId: 'o1',
      objectName: '张老师',
      departmentName: null,
      chargerName: '王老师',
      ...attainment,
    };
    expect(fromAnalysisObjectWire(toAnalysisObjectWire(object))).toEqual(object);
    const quality: AnalysisQuality = {
      taskId: 't1',
      objectTaskId: null,
      cachedAt: '2026-05-01 10:00:00',
      points: [
        {
          qualityPointId: 'q1',
          name: '课程合格率',
          indicatorName: '教学能力',
          dataType: 'percent',
          ...attainment,
        },
      ],
    };
    const wire = toAnalysisQualityWire(quality);
    expect(AnalysisQualityWireSchema.parse(wire)).toEqual(wire);
    expect(fromAnalysisQualityWire(wire)).toEqual(quality);
    const file: PointFile = {
      fileId: 'f1',
      name: '总结.pdf',
      fileType: 'pdf',
      size: 10,
      stage: 'diagnosis',
      assignedPointId: 'p1',
      pointName: '课程合格率',
      createdAt: '2026-05-01 10:00:00',
      url: '/x?id=f1',
    };
    expect(fromPointFileWire(toPointFileWire(file))).toEqual(file);
  });

  it('gives the grade shares of the graded points, two decimals', () => {
    const { zgQualitiesRankList, zkdzsl, dbsl, wdbzkdsl } = toAnalysisObjectWire({
      objectTaskId: 'ot1',
      objectId: 'o1',
      objectName: '张老师',
      departmentName: null,
      chargerName: null,
      ...attainment,
    });
    expect([zkdzsl, dbsl, wdbzkdsl]).toEqual([4, 3, 1]);
    expect(zgQualitiesRankList.map((g) => [g.name, g.value, g.zb])).toEqual([
      ['A', 1, 25],
      ['B', 2, 50],
      ['C', 0, 0],
      ['D', 1, 25],
      ['Y', 0, 0],
      ['N', 0, 0],
    ]);
  });

  it('round-trips an analysed point with its spec names and distinct counts', () => {
    const point: AnalysisPoint = {
      qualityPointId: 'q7',
      name: '双师型教师比例',
      indicatorName: '师资队伍',
      dataType: 'percent',
      pointCount: 8,
      evaluatedCount: 7,
      reachedCount: 5,
      belowCount: 2,
      unfinishedCount: 1,
      reachedRate: 71.43,
      grades: { A: 3, B: 2, C: 1, D: 2, Y: 0, N: 0 },
    };
    const wire = toAnalysisPointWire(point);
    expect(wire).toMatchObject({
      zkdid: 'q7',
      zkdmc: '双师型教师比例',
      zbmc: '师资队伍',
      zlx: 'percent',
      zkdzsl: 8,
      ycjgsl: 7,
      dbsl: 5,
      wdbzkdsl: 2,
      wwczkdsl: 1,
      dbl: 71.43,
    });
    expect(wire.zgQualitiesRankList.map((g) => [g.name, g.value, g.zb])).toEqual([
      ['A', 3, 37.5],
      ['B', 2, 25],
      ['C', 1, 12.5],
      ['D', 2, 25],
      ['Y', 0, 0],
      ['N', 0, 0],
    ]);
    expect(AnalysisPointWireSchema.parse(wire)).toEqual(wire);
    expect(fromAnalysisPointWire(wire)).toEqual(point);
  });
});
