import { describe, expect, it } from 'vitest';
import {
  type AnalysisQuality,
  AnalysisQualityWireSchema,
  fromAnalysisObjectWire,
  fromAnalysisQualityWire,
  fromObjectAuthorityWire,
  fromPointFileWire,
  type ObjectAuthority,
  type PointFile,
  toAnalysisObjectWire,
  toAnalysisQualityWire,
  toObjectAuthorityWire,
  toPointFileWire,
} from './diagnosis.analysis.wire.ts';

const grades = { A: 1, B: 2, C: 0, D: 1, Y: 0, N: 0 };
const attainment = {
  pointCount: 4,
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
});
