import type { ImportRowError, IndicatorNodeWire } from '@eduqa/contract';

export interface NodePlace {
  node: IndicatorNodeWire;
  /** Level 1 first, the node last. */
  path: IndicatorNodeWire[];
  index: number;
  siblingCount: number;
}

/** Every node with its path and its place among its siblings, keyed by id. */
export function indexTree(roots: readonly IndicatorNodeWire[]): Map<string, NodePlace> {
  const places = new Map<string, NodePlace>();
  const walk = (nodes: readonly IndicatorNodeWire[], path: IndicatorNodeWire[]) => {
    nodes.forEach((node, index) => {
      const here = [...path, node];
      places.set(node.id, { node, path: here, index, siblingCount: nodes.length });
      walk(node.children, here);
    });
  };
  walk(roots, []);
  return places;
}

export const isLeaf = (node: IndicatorNodeWire) => node.children.length === 0;

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
export function allIds(roots: readonly IndicatorNodeWire[]): string[] {
  return [...indexTree(roots).keys()];
}

/** '一级指标 / 二级指标' for a point's path. */
export function pathText(path: ReadonlyArray<{ name: string }>): string {
  return path.map((p) => p.name).join(' / ');
}

/** The import dialog's heading for a failed import. */
export function importSummary(errors: readonly ImportRowError[]): string {
  const rows = new Set(errors.filter((e) => e.row > 0).map((e) => e.row));
  if (rows.size === 0) return '导入失败，未导入任何数据';
  return `共${rows.size}行有误，未导入任何数据，请修改后重新导入`;
}

/** '第3行「数据类型」' — where an error is. */
export function errorPlace(error: ImportRowError): string {
  if (error.row <= 0) return '文件';
  return error.column ? `第${error.row}行「${error.column}」` : `第${error.row}行`;
}
