import { describe, expect, it } from 'vitest';
import { EXAMPLE_POINT_CONFIG } from './point-example.ts';
import type { QualityPoint } from './standards.schema.ts';
import { QualityPointWireSchema, qualityPointFromWire, qualityPointToWire } from './standards.wire.ts';

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
    const wire = qualityPointToWire(point);
    expect(wire).toMatchObject({ zkdid: 'p', zkdmc: '就业率', nh: '内涵', zdbz: '标准', bzz: '90' });
    expect(QualityPointWireSchema.parse(wire)).toEqual(wire);
    expect(qualityPointFromWire(wire)).toEqual(point);
  });
});
