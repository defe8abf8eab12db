import type { IndicatorNode } from '@eduqa/contract';

export interface NodePlace {
  node: IndicatorNode;
  /** Level 1 first, the node last. */
  path: IndicatorNode[];
  index: number;
  siblingCount: number;
}

/** Every node with its path and its place among its siblings, keyed by id. */
export function indexTree(roots: readonly IndicatorNode[]): Map<string, NodePlace> {
  const places = new Map<string, NodePlace>();
  const walk = (nodes: readonly IndicatorNode[], path: IndicatorNode[]) => {
    nodes.forEach((node, index) => {
      const here = [...path, node];
      places.set(node.id, { node, path: here, index, siblingCount: nodes.length });
      walk(node.children, here);
    });
  };
  walk(roots, []);
  return places;
}

export const isLeaf = (node: IndicatorNode) => node.children.length === 0;

/** What the node's menu offers, with the reason when an action is not possible. */
export function nodeActions(place: NodePlace) {
  const { node } = place;
  return {
    canMoveUp: place.index > 0,
    canMoveDown: place.index < place.siblingCount - 1,
    addChildBlocked: node.pointCount > 0 ? '该指标下已有质控点，不能添加下级指标' : undefined,
    deleteBlocked:
      node.children.length > 0
        ? '该指标下仍有下级指标，不能删除'
        : node.pointCount > 0
          ? '该指标下仍有质控点，不能删除'
          : undefined,
    addPointBlocked: node.children.length > 0 ? '只能在末级指标下添加质控点' : undefined,
  };
}

/** Ids of every node, for expanding the whole tree. */
export function allIds(roots: readonly IndicatorNode[]): string[] {
  return [...indexTree(roots).keys()];
}

/** '一级指标 / 二级指标' for a point's path. */
export function pathText(path: ReadonlyArray<{ name: string }>): string {
  return path.map((p) => p.name).join(' / ');
}
