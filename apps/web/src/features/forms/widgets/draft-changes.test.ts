import { describe, expect, it } from 'vitest';
import { applySaved, type DraftRow, draftChanges, hasChanges, type SavedRecord } from './draft-changes.ts';
import { placeServerErrors } from './server-errors.ts';

const saved = new Map<string, SavedRecord>([
  ['r1', { values: { name: '张三', age: 30 }, parentId: null, links: [], sort: 0, revision: 2 }],
  ['r2', { values: { name: '李四', age: 40 }, parentId: null, links: [], sort: 1, revision: 1 }],
]);
const row = (id: string, values: DraftRow['values']): DraftRow => ({ id, parentId: null, links: [], values });

describe('draftChanges', () => {
  it('sends nothing when the rows are as saved', () => {
    const changes = draftChanges(
      [row('r1', { name: '张三', age: 30 }), row('r2', { name: '李四', age: 40 })],
      saved,
    );
    expect(hasChanges(changes)).toBe(false);
  });

  it('sends a changed row with its revision and starting values, a new row without, and removed ids', () => {
    const changes = draftChanges(
      [row('r1', { name: '张三丰', age: 30 }), row('new-1', { name: '王五', age: null })],
      saved,
    );
    expect(changes.records).toEqual([
      {
        id: 'r1',
        data: { name: '张三丰', age: 30 },
        parentId: null,
        links: [],
        sort: 0,
        base: { name: '张三', age: 30 },
        revision: 2,
      },
      { id: 'new-1', data: { name: '王五', age: null }, parentId: null, links: [], sort: 1 },
    ]);
    expect(changes.removeIds).toEqual(['r2']);
  });

  it('counts a moved row as changed', () => {
    const changes = draftChanges(
      [row('r2', { name: '李四', age: 40 }), row('r1', { name: '张三', age: 30 })],
      saved,
    );
    expect(changes.records.map((r) => r.id)).toEqual(['r2', 'r1']);
  });

  it('remembers what was sent, so an edit made during the save is sent next time', () => {
    const sent = draftChanges(
      [row('r1', { name: '张三丰', age: 30 }), row('r2', { name: '李四', age: 40 })],
      saved,
    );
    const after = applySaved(saved, sent, [{ id: 'r1', revision: 3 }]);
    expect(after.get('r1')).toMatchObject({ revision: 3, values: { name: '张三丰', age: 30 } });
    const next = draftChanges(
      [row('r1', { name: '张三丰', age: 31 }), row('r2', { name: '李四', age: 40 })],
      after,
    );
    expect(next.records).toHaveLength(1);
    expect(next.records[0]).toMatchObject({ revision: 3, base: { name: '张三丰', age: 30 } });
  });
});

describe('placeServerErrors', () => {
  const fields = [
    { key: 'name', label: '姓名' },
    { key: 'email', label: '邮箱' },
  ];

  it('puts each numbered problem under its row and field', () => {
    const placed = placeServerErrors(
      '第2行「邮箱」：请输入正确的邮箱格式！；第1行「姓名」：请输入数据！',
      ['a', 'b'],
      fields,
    );
    expect(placed.errors).toEqual({ b: { email: '请输入正确的邮箱格式！' }, a: { name: '请输入数据！' } });
    expect(placed.rest).toEqual([]);
  });

  it('reads an unnumbered problem as the only row and keeps the rest as text', () => {
    const placed = placeServerErrors(
      '「姓名」：该值已存在，不能重复！；采集任务已暂停，暂不能填报',
      ['a'],
      fields,
    );
    expect(placed.errors).toEqual({ a: { name: '该值已存在，不能重复！' } });
    expect(placed.rest).toEqual(['采集任务已暂停，暂不能填报']);
  });
});
