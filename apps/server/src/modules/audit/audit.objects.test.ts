import { describe, expect, it } from 'vitest';
import { objectIdsOf } from './audit.objects.ts';

describe('objectIdsOf', () => {
  it('collects the values of id fields from params, query and body, nested and comma-joined', () => {
    const ids = objectIdsOf(
      { id: 'u1' },
      { csrfToken: 'secret', taskId: 't1' },
      {
        name: '张三',
        objectid: 'p1',
        ids: 'a,b',
        rows: [{ pointId: 'p2', value: 3 }],
        roleIds: ['r1', 'r2'],
      },
    );
    expect(ids).toEqual(['u1', 't1', 'p1', 'a', 'b', 'p2', 'r1', 'r2']);
  });

  it('keeps each id once, skips long values and stops at a hundred', () => {
    expect(objectIdsOf({ id: 'x' }, { userId: 'x' })).toEqual(['x']);
    expect(objectIdsOf({ id: 'y'.repeat(65) })).toEqual([]);
    const many = Array.from({ length: 150 }, (_, i) => `id${i}`);
    expect(objectIdsOf({ ids: many })).toHaveLength(100);
  });

  it('reads nothing from a body that is not an object', () => {
    expect(objectIdsOf(undefined, null, 'text')).toEqual([]);
  });
});
