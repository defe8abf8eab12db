import { describe, expect, it } from 'vitest';
import { ResponsibilitySaveBodySchema } from './responsibility.schema.ts';
import { fromResponsibilitySaveBodyWire } from './responsibility.wire.ts';

describe('responsibility wire', () => {
  it('reads a save into English: a point or an indicator, each with its departments', () => {
    const body = ResponsibilitySaveBodySchema.parse({
      items: [
        { zkdid: 'p1', bmids: ['d1', 'd2'] },
        { indicatorId: 'i1', bmids: [] },
      ],
    });
    expect(fromResponsibilitySaveBodyWire(body)).toEqual({
      items: [
        { pointId: 'p1', indicatorId: undefined, departmentIds: ['d1', 'd2'] },
        { pointId: undefined, indicatorId: 'i1', departmentIds: [] },
      ],
    });
  });
});
