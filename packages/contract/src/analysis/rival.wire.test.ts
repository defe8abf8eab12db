import { describe, expect, it } from 'vitest';
import {
  fromIndicatorBandWire,
  fromPeerValueRowWire,
  toIndicatorBandWire,
  toPeerValueRowWire,
} from './peers.wire.ts';
import type {
  AnalysisSchool,
  AverageAnalysis,
  DoubleHighTable,
  OperationMonitoring,
  PeerIndicator,
  RankAnalysis,
  RivalTable,
  TrendAnalysis,
} from './rival.schema.ts';
import {
  AverageAnalysisWireSchema,
  DoubleHighTableWireSchema,
  fromAverageAnalysisWire,
  fromDoubleHighTableWire,
  fromOperationMonitoringWire,
  fromRankAnalysisWire,
  fromRivalTableWire,
  fromTrendAnalysisWire,
  RankAnalysisWireSchema,
  RivalTableWireSchema,
  TrendAnalysisWireSchema,
  toAverageAnalysisWire,
  toDoubleHighTableWire,
  toOperationMonitoringWire,
  toRankAnalysisWire,
  toRivalTableWire,
  toTrendAnalysisWire,
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
/** An indicator linked to no point of the own school: zkdid and zkdmc are null on the wire. */
const unlinked: PeerIndicator = {
  id: 'resource-03',
  tableKind: 'resource',
  name: '生师比',
  unit: '',
  direction: '<',
  sortOrder: 3,
  pointId: null,
  pointName: null,
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

  it('round-trips the double-high table with its range beside the rival table fields', () => {
    const table: DoubleHighTable = {
      year: 2024,
      isDemo: false,
      range: 'highSchoolConstructionLevelB',
      indicators: [indicator, unlinked],
      schools: [own, { ...peer, name: '深圳职业技术大学', province: '广东省', city: '深圳市' }],
      rows: [
        {
          schoolCode: 'own',
          cells: [
            { indicatorId: 'scorecard-01', value: 95.5, rank: 2 },
            { indicatorId: 'resource-03', value: 17.2, rank: 1 },
          ],
        },
      ],
      average: [{ indicatorId: 'resource-03', value: null, count: 0 }],
    };
    const wire = toDoubleHighTableWire(table);
    expect(wire).toMatchObject({ year: 2024, isDemo: false, range: 'highSchoolConstructionLevelB' });
    expect(wire.schools[1]).toMatchObject({ schoolName: '深圳职业技术大学', schoolProvince: '广东省' });
    expect(wire.indicators[1]).toMatchObject({ id: 'resource-03', sort: 3, zkdid: null, zkdmc: null });
    expect(DoubleHighTableWireSchema.parse(wire)).toEqual(wire);
    expect(fromDoubleHighTableWire(wire)).toEqual(table);
  });

  it('round-trips the trend analysis with distinct start and end years', () => {
    const trend: TrendAnalysis = {
      startYear: 2022,
      endYear: 2024,
      years: [2022, 2023, 2024],
      isDemo: true,
      indicators: [indicator, unlinked],
      schools: [own, peer],
      series: [
        { indicatorId: 'scorecard-01', schoolCode: 'own', values: [93, null, 96] },
        { indicatorId: 'resource-03', schoolCode: '4133010001', values: [null, 18.4, 17.9] },
      ],
    };
    const wire = toTrendAnalysisWire(trend);
    expect(wire).toMatchObject({ startYear: 2022, endYear: 2024, years: [2022, 2023, 2024], isDemo: true });
    expect(wire.schools[1]).toMatchObject({ schoolCode: '4133010001', schoolName: '对标学校', isOwn: false });
    expect(wire.indicators[0]).toMatchObject({ zkdid: 'p1', zkdmc: '毕业生初次就业率', sort: 1 });
    expect(wire.series).toEqual(trend.series);
    expect(TrendAnalysisWireSchema.parse(wire)).toEqual(wire);
    expect(fromTrendAnalysisWire(wire)).toEqual(trend);
  });

  it('round-trips the rank analysis, with the own school ranked in its level and without an own school', () => {
    const rank: RankAnalysis = {
      year: 2023,
      isDemo: false,
      indicator,
      schools: [own, peer],
      ranks: [
        { schoolCode: 'own', value: 96, rank: 1 },
        { schoolCode: '4133010001', value: null, rank: null },
      ],
      levelRank: { level: '专科', rank: 3, count: 30, total: 1556 },
    };
    const wire = toRankAnalysisWire(rank);
    expect(wire).toMatchObject({
      year: 2023,
      isDemo: false,
      levelRank: { level: '专科', rank: 3, count: 30, total: 1556 },
    });
    expect(wire.indicator).toMatchObject({ id: 'scorecard-01', zkdid: 'p1', zkdmc: '毕业生初次就业率' });
    expect(wire.schools[0]).toMatchObject({ schoolCode: 'own', schoolName: '本校', isOwn: true });
    expect(wire.ranks).toEqual(rank.ranks);
    expect(RankAnalysisWireSchema.parse(wire)).toEqual(wire);
    expect(fromRankAnalysisWire(wire)).toEqual(rank);

    const noOwn: RankAnalysis = { ...rank, indicator: unlinked, schools: [peer], levelRank: null };
    const noOwnWire = toRankAnalysisWire(noOwn);
    expect(noOwnWire).toMatchObject({ levelRank: null, indicator: { zkdid: null, zkdmc: null } });
    expect(RankAnalysisWireSchema.parse(noOwnWire)).toEqual(noOwnWire);
    expect(fromRankAnalysisWire(noOwnWire)).toEqual(noOwn);
  });

  it('round-trips the average analysis with the own value and the peers average per year', () => {
    const average: AverageAnalysis = {
      startYear: 2023,
      endYear: 2024,
      years: [2023, 2024],
      isDemo: false,
      indicators: [indicator],
      schools: [own, peer],
      items: [
        {
          indicatorId: 'scorecard-01',
          points: [
            { year: 2023, own: 94, average: 91.5, count: 2 },
            { year: 2024, own: null, average: null, count: 0 },
          ],
        },
      ],
    };
    const wire = toAverageAnalysisWire(average);
    expect(wire).toMatchObject({ startYear: 2023, endYear: 2024, years: [2023, 2024], isDemo: false });
    expect(wire.schools[0]).toMatchObject({
      schoolCode: 'own',
      schoolProvince: '浙江省',
      schoolLevel: '专科',
    });
    expect(wire.indicators[0]).toMatchObject({ zkdid: 'p1', sort: 1 });
    expect(wire.items).toEqual(average.items);
    expect(AverageAnalysisWireSchema.parse(wire)).toEqual(wire);
    expect(fromAverageAnalysisWire(wire)).toEqual(average);
  });
});
