import { describe, expect, it } from 'vitest';
import { EXAMPLE_POINT_CONFIG } from './point-example.ts';
import type {
  Cycle,
  CycleType,
  DimensionType,
  IndicatorCategory,
  IndicatorNode,
  QualityPoint,
} from './standards.schema.ts';
import {
  fromCategoryWire,
  fromCycleTypeWire,
  fromCycleWire,
  fromDimensionWire,
  fromIndicatorNodeWire,
  fromQualityPointWire,
  QualityPointWireSchema,
  toCategoryWire,
  toCycleTypeWire,
  toCycleWire,
  toDimensionWire,
  toIndicatorNodeWire,
  toQualityPointWire,
} from './standards.wire.ts';

const point: QualityPoint = {
  ...EXAMPLE_POINT_CONFIG,
  id: 'p',
  indicatorId: 'i',
  categoryId: 'c',
  categoryName: '人才培养',
  indicatorPath: [{ id: 'i', name: '就业' }],
  code: null,
  name: '就业率',
  connotation: '内涵',
  diagnosticStandard: '标准',
  notAllowChange: true,
  sort: 1,
};

describe('quality point wire', () => {
  it('maps to the spec names and back', () => {
    const wire = toQualityPointWire(point);
    expect(wire).toMatchObject({ zkdid: 'p', zkdmc: '就业率', nh: '内涵', zdbz: '标准', bzz: '90' });
    expect(QualityPointWireSchema.parse(wire)).toEqual(wire);
    expect(fromQualityPointWire(wire)).toEqual(point);
  });
});

describe('standards wire', () => {
  it('round-trips categories and indicator trees', () => {
    const category: IndicatorCategory = {
      id: 'c',
      name: '人才培养',
      icon: 'school',
      level: 'school',
      tableName: null,
      sort: 1,
      indicatorCount: 2,
    };
    expect(fromCategoryWire(toCategoryWire(category))).toEqual(category);
    const leaf: IndicatorNode = {
      id: 'i2',
      categoryId: 'c',
      parentId: 'i1',
      code: '1.1',
      name: '就业',
      depth: 2,
      sort: 1,
      weight: 1.5,
      pointCount: 3,
      children: [],
    };
    const root: IndicatorNode = {
      ...leaf,
      id: 'i1',
      parentId: null,
      depth: 1,
      weight: null,
      children: [leaf],
    };
    expect(toIndicatorNodeWire(root).children[0]).toMatchObject({ level: 2, qz: 1.5 });
    expect(fromIndicatorNodeWire(toIndicatorNodeWire(root))).toEqual(root);
  });

  it('round-trips cycle types, cycles and dimensions', () => {
    const type: CycleType = { id: 't', name: '学年', sort: 1 };
    expect(fromCycleTypeWire(toCycleTypeWire(type))).toEqual(type);
    const cycle: Cycle = {
      id: 'y',
      typeId: 't',
      typeName: '学年',
      number: '2025-2026',
      isDefault: true,
      isHidden: false,
      sort: 2,
    };
    expect(toCycleWire(cycle)).toMatchObject({ lxmc: '学年', defaultsStatus: 1, hideStatus: 0 });
    expect(fromCycleWire(toCycleWire(cycle))).toEqual(cycle);
    const dimension: DimensionType = { id: 'd', name: 'major', displayName: '专业', sort: 3 };
    expect(fromDimensionWire(toDimensionWire(dimension))).toEqual(dimension);
  });
});
