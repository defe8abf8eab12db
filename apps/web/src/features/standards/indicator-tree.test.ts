import type { IndicatorNode } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import { allIds, indexTree, nodeActions, pathText } from './indicator-tree.ts';

const node = (id: string, children: IndicatorNode[] = [], pointCount = 0): IndicatorNode => ({
  id,
  categoryId: 'c',
  parentId: null,
  code: null,
  name: `指标${id}`,
  depth: 1,
  sort: 0,
  weight: null,
  pointCount,
  children,
});

const tree = [node('a', [node('a1', [], 2), node('a2')]), node('b')];

describe('indicator tree', () => {
  it('indexes every node with its path and sibling place', () => {
    const places = indexTree(tree);
    expect(places.get('a2')).toMatchObject({ index: 1, siblingCount: 2 });
    expect(places.get('a2')!.path.map((n) => n.id)).toEqual(['a', 'a2']);
    expect(allIds(tree)).toEqual(['a', 'a1', 'a2', 'b']);
  });

  it('offers only the actions the server allows', () => {
    const places = indexTree(tree);
    expect(nodeActions(places.get('a')!)).toMatchObject({
      canMoveUp: false,
      canMoveDown: true,
      deleteBlocked: '该指标下仍有下级指标，不能删除',
      addPointBlocked: '只能在末级指标下添加质控点',
      addChildBlocked: undefined,
    });
    expect(nodeActions(places.get('a1')!)).toMatchObject({
      deleteBlocked: '该指标下仍有质控点，不能删除',
      addChildBlocked: '该指标下已有质控点，不能添加下级指标',
      addPointBlocked: undefined,
    });
    expect(nodeActions(places.get('b')!)).toMatchObject({
      canMoveUp: true,
      canMoveDown: false,
      deleteBlocked: undefined,
    });
  });

  it('words paths', () => {
    expect(pathText([{ name: '一' }, { name: '二' }])).toBe('一 / 二');
  });
});
