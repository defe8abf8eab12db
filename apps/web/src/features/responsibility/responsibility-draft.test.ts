import type { ResponsibilityCategory } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { assign, assignmentOf, changedItems, sharedDepartments, treeRows } from './responsibility-draft.ts';

const category: ResponsibilityCategory = {
  id: 'c',
  name: '学校',
  level: 'school',
  indicators: [
    {
      id: 'top',
      name: '一级',
      depth: 1,
      points: [],
      children: [
        {
          id: 'leaf',
          name: '二级',
          depth: 2,
          children: [],
          points: [
            { id: 'p1', name: '点1', departments: [{ id: 'd1', name: '教务处' }] },
            {
              id: 'p2',
              name: '点2',
              departments: [
                { id: 'd1', name: '教务处' },
                { id: 'd2', name: '人事处' },
              ],
            },
          ],
        },
        { id: 'empty', name: '无点', depth: 2, children: [], points: [] },
      ],
    },
  ],
};

describe('部门职责 draft', () => {
  it('turns the tree into rows whose indicators stand for every point below them', () => {
    const [top] = treeRows(category);
    expect(top!.pointIds).toEqual(['p1', 'p2']);
    expect(top!.children!.map((r) => r.key)).toEqual(['i:leaf', 'i:empty']);
    expect(top!.children![0]!.children!.map((r) => r.kind)).toEqual(['point', 'point']);
    expect(top!.children![1]!.children).toBeUndefined();
  });

  it('shows on an indicator the departments all its points share', () => {
    const stored = assignmentOf([category]);
    expect(sharedDepartments(stored, ['p1', 'p2'])).toEqual(['d1']);
    expect(sharedDepartments(stored, [])).toEqual([]);
  });

  it('sends only the points that changed, and nothing when the draft is back to what is stored', () => {
    const stored = assignmentOf([category]);
    expect(changedItems(stored, stored)).toBeNull();
    const draft = assign(stored, ['p1', 'p2'], ['d2']);
    expect(changedItems(stored, draft)).toEqual([
      { pointId: 'p1', departmentIds: ['d2'] },
      { pointId: 'p2', departmentIds: ['d2'] },
    ]);
    const reordered = assign(stored, ['p2'], ['d2', 'd1']);
    expect(changedItems(stored, reordered)).toBeNull();
    expect(changedItems(stored, assign(stored, ['p1'], []))).toEqual([{ pointId: 'p1', departmentIds: [] }]);
  });
});
