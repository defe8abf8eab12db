import { describe, expect, it } from 'vitest';
import type { DashboardCard } from './dashboards.schema.ts';
import {
  DashboardLayoutWireSchema,
  fromDashboardCardWire,
  fromDashboardLayoutWire,
  toDashboardCardWire,
  toDashboardLayoutWire,
} from './dashboards.wire.ts';
import type { DynamicChart } from './dynamic-charts.schema.ts';
import {
  DynamicChartUpdateBodySchema,
  DynamicChartWireSchema,
  fromDynamicChartUpdateBodyWire,
  fromDynamicChartWire,
  toDynamicChartWire,
} from './dynamic-charts.wire.ts';

const card: DashboardCard = {
  id: 'c1',
  name: '质控点达标率',
  kind: 'progress',
  source: 'measure',
  algorithmGroupId: null,
  algorithmGroupName: null,
  algorithmVersion: null,
  objectId: null,
  objectName: null,
  measure: 'collectionRate',
  url: null,
  isShared: true,
  creatorId: 'u1',
  creatorName: '管理员',
  canEdit: false,
  createdAt: new Date('2026-03-01T08:00:00.000Z'),
  updatedAt: new Date('2026-03-02T08:00:00.000Z'),
};

describe('dashboard wire', () => {
  it('round-trips a card and a layout', () => {
    expect(fromDashboardCardWire(toDashboardCardWire(card))).toEqual(card);
    const layout = {
      origin: 'role' as const,
      roleId: 'schoolLeader',
      items: [{ cardId: 'c1', x: 0, y: 0, w: 6, h: 4, card }],
    };
    const wire = toDashboardLayoutWire(layout);
    expect(DashboardLayoutWireSchema.parse(wire)).toEqual(wire);
    expect(wire.list[0]?.card.kindName).toBe('自动采集率');
    expect(fromDashboardLayoutWire(wire)).toEqual(layout);
  });

  it('round-trips a dynamic chart under the glossary names', () => {
    const chart: DynamicChart = {
      id: 'd1',
      sourceId: 'p1',
      sourceType: 'portrayal',
      name: '未报到名单',
      chartKind: 'table',
      algorithmGroupId: 'g1',
      algorithmGroupName: '专业新生报到率',
      algorithmVersion: 2,
      width: 8,
      sortOrder: 0,
      updatedAt: new Date('2026-03-01T08:00:00.000Z'),
    };
    const wire = toDynamicChartWire(chart);
    expect(wire).toMatchObject({ sfzid: 'g1', sfbb: 2, lw: 8, tbsj: '2026-03-01T08:00:00.000Z' });
    expect(DynamicChartWireSchema.parse(wire)).toEqual(wire);
    expect(fromDynamicChartWire(wire)).toEqual(chart);
  });

  it('reads an updateList body into English, a missing version and width as the defaults', () => {
    const body = DynamicChartUpdateBodySchema.parse({
      sourceId: 'p1',
      type: 'dashboard',
      list: [
        { id: 'd1', name: '未报到名单', chartType: 'table', sfzid: 'g1', sfbb: '2', lw: '12' },
        { name: '报到趋势', chartType: 'line', sfzid: 'g2' },
      ],
    });
    expect(fromDynamicChartUpdateBodyWire(body)).toEqual({
      sourceId: 'p1',
      sourceType: 'dashboard',
      charts: [
        {
          id: 'd1',
          name: '未报到名单',
          chartKind: 'table',
          algorithmGroupId: 'g1',
          algorithmVersion: 2,
          width: 12,
        },
        {
          id: undefined,
          name: '报到趋势',
          chartKind: 'line',
          algorithmGroupId: 'g2',
          algorithmVersion: null,
          width: 8,
        },
      ],
    });
  });
});
