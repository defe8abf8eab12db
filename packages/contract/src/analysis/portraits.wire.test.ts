import { describe, expect, it } from 'vitest';
import { type Portrait, PortraitAddBodySchema, type PortraitData } from './portraits.schema.ts';
import {
  fromPortraitDataWire,
  fromPortraitWire,
  toPortraitDataWire,
  toPortraitWire,
} from './portraits.wire.ts';

const portrait: Portrait = {
  id: 'p1',
  kind: 'card',
  subject: 'major',
  name: '专业质量',
  parentId: 'm1',
  sortOrder: 2,
  config: { measures: ['gradeDistribution', 'warehouseCount'], warehouseTableId: 't1' },
  roleIds: ['zyadmin'],
  roleNames: ['系统管理员'],
  createdAt: new Date('2026-03-01T08:00:00.000Z'),
};

const data: PortraitData = {
  object: { id: 'o1', code: 'M01', name: '机电一体化技术', departmentName: '机电工程学院' },
  tasks: [{ id: 't2', name: '2026专业诊断', period: '2026' }],
  task: { id: 't2', name: '2026专业诊断', period: '2026' },
  grade: 'good',
  summary: {
    pointCount: 4,
    evaluatedCount: 4,
    reachedCount: 3,
    belowCount: 1,
    unfinishedCount: 0,
    reachedRate: 75,
    completionRate: 100,
    warningCount: 2,
    handledCount: 1,
    handledRate: 50,
  },
  grades: [{ grade: 'excellent', count: 3 }],
  warningsByMonth: [{ month: '2026-03', count: 2, handled: 1 }],
  points: [
    {
      assignedPointId: 'a1',
      qualityPointId: 'q1',
      name: '就业率',
      indicator: '人才培养',
      dataType: 'percent',
      result: '92',
      target: '95',
      grade: 'B',
      resultSource: 'collected',
      below: true,
      unfinished: false,
      warnings: 2,
    },
  ],
  trend: [
    {
      qualityPointId: 'q1',
      name: '就业率',
      values: [{ taskId: 't2', period: '2026', result: 92, target: 95, grade: 'B' }],
    },
  ],
  warehouse: [{ cardId: 'p1', cardName: '专业质量', tableName: '学生名册', rowCount: 12 }],
};

describe('portrait wire', () => {
  it('round-trips an entry', () => {
    const wire = toPortraitWire(portrait);
    expect(wire.type).toBe('card');
    expect(wire.level).toBe('major');
    expect(fromPortraitWire(wire)).toEqual(portrait);
  });

  it('round-trips the data in the diagnosis vocabulary', () => {
    const wire = toPortraitDataWire(data);
    expect(wire.points[0]).toMatchObject({ zkdmc: '就业率', jgz: '92', mbz: '95', dis: true });
    expect(wire.summary).toMatchObject({ zkdzsl: 4, dbsl: 3, dbl: 75, wcl: 100 });
    expect(fromPortraitDataWire(wire)).toEqual(data);
  });
});

describe('portrait body', () => {
  const body = { type: 'card', level: 'school', name: '学校概况', roleIds: 'zyadmin,schoolLeader' };

  it('reads a form-encoded config and role list', () => {
    const parsed = PortraitAddBodySchema.parse({
      ...body,
      config: '{"measures":["pointCount","pointCount"]}',
    });
    expect(parsed.config?.measures).toEqual(['pointCount']);
    expect(parsed.roleIds).toEqual(['zyadmin', 'schoolLeader']);
  });

  it('refuses a card without measures, a warehouse count without its table and a screen without layout', () => {
    const messages = (input: object) => {
      const r = PortraitAddBodySchema.safeParse(input);
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages({ ...body, config: { measures: [] } })).toEqual(['请选择卡片展示的指标']);
    expect(messages({ ...body, config: { measures: ['warehouseCount'] } })[0]).toMatch('数据仓库表');
    expect(messages({ ...body, type: 'screen', config: {} })).toEqual(['请选择大屏布局']);
    expect(messages({ ...body, config: 'not json' }).length).toBe(1);
    expect(messages({ ...body, name: 'x'.repeat(61), config: { measures: ['pointCount'] } })[0]).toMatch(
      '60',
    );
  });
});
