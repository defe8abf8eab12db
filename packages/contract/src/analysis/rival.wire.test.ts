import { describe, expect, it } from 'vitest';
import {
  fromIndicatorBandWire,
  fromPeerValueRowWire,
  toIndicatorBandWire,
  toPeerValueRowWire,
} from './peers.wire.ts';
import type { AnalysisSchool, OperationMonitoring, PeerIndicator, RivalTable } from './rival.schema.ts';
import {
  fromOperationMonitoringWire,
  fromRivalTableWire,
  RivalTableWireSchema,
  toOperationMonitoringWire,
  toRivalTableWire,
} from './rival.wire.ts';

const own: AnalysisSchool = {
  code: 'own',
  name: '本校',
  province: '浙江省',
  city: '杭州市',
  level: '专科',
  nature: '公办',
  isOwn: true,
};
const peer: AnalysisSchool = { ...own, code: '4133010001', name: '对标学校', isOwn: false };
const indicator: PeerIndicator = {
  id: 'scorecard-01',
  tableKind: 'scorecard',
  name: '就业率',
  unit: '%',
  direction: '>',
  sortOrder: 1,
  pointId: 'p1',
  pointName: '毕业生初次就业率',
};

describe('analysis wire', () => {
  it('round-trips the rival table with the spec school names and the point link as zkdid/zkdmc', () => {
    const table: RivalTable = {
      year: 2025,
      isDemo: true,
      indicators: [indicator],
      schools: [own, peer],
      rows: [
        { schoolCode: 'own', cells: [{ indicatorId: 'scorecard-01', value: 95, rank: 1 }] },
        { schoolCode: '4133010001', cells: [{ indicatorId: 'scorecard-01', value: null, rank: null }] },
      ],
      average: [{ indicatorId: 'scorecard-01', value: 95, count: 1 }],
    };
    const wire = toRivalTableWire(table);
    expect(wire.schools[0]).toEqual({
      schoolCode: 'own',
      schoolName: '本校',
      schoolProvince: '浙江省',
      city: '杭州市',
      schoolLevel: '专科',
      schoolNature: '公办',
      isOwn: true,
    });
    expect(wire.indicators[0]).toMatchObject({ zkdid: 'p1', zkdmc: '毕业生初次就业率', sort: 1 });
    expect(RivalTableWireSchema.parse(wire)).toEqual(wire);
    expect(fromRivalTableWire(wire)).toEqual(table);
  });

  it('round-trips operation monitoring, value rows and the target band', () => {
    const monitoring: OperationMonitoring = {
      year: 2025,
      isDemo: false,
      ownSchool: own,
      peerScope: 'levelProvince',
      peerCount: 3,
      items: [
        { indicator, value: 96, previous: 94, change: 2, trend: 'better', p50: 93, position: 'p75to90' },
      ],
    };
    expect(fromOperationMonitoringWire(toOperationMonitoringWire(monitoring))).toEqual(monitoring);
    const row = {
      school: peer,
      year: 2024,
      isDemo: true,
      values: [{ indicatorId: 'scorecard-01', value: 90, source: 'import' as const, isDemo: true }],
    };
    expect(fromPeerValueRowWire(toPeerValueRowWire(row))).toEqual(row);
    const band = {
      indicator,
      startYear: 2024,
      endYear: 2024,
      isDemo: true,
      ownSchool: null,
      peerScope: 'chosen' as const,
      peerCount: 2,
      points: [{ year: 2024, p25: 1, p50: 2, p75: 3, p90: 4, count: 2, own: null, position: null }],
    };
    expect(fromIndicatorBandWire(toIndicatorBandWire(band))).toEqual(band);
  });
});
