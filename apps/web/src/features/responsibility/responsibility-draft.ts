import type { ResponsibilityCategory, ResponsibilityIndicator } from '@eduqa/contract';

/** A point and the departments that answer for it. */
export interface PointDepartments {
  pointId: string;
  departmentIds: string[];
}

/** Point id → the ids of its departments, as stored or as edited on the screen. */
export type Assignment = ReadonlyMap<string, readonly string[]>;

/** A row of the tree table: an indicator (with the points below it) or a point. */
export interface TreeRow {
  key: string;
  kind: 'indicator' | 'point';
  id: string;
  name: string;
  /** The points this row stands for: itself, or every point under the indicator. */
  pointIds: string[];
  children?: TreeRow[];
}

function indicatorRow(node: ResponsibilityIndicator): TreeRow {
  const children = [
    ...node.children.map(indicatorRow),
    ...node.points.map(
      (p): TreeRow => ({ key: `p:${p.id}`, kind: 'point', id: p.id, name: p.name, pointIds: [p.id] }),
    ),
  ];
  return {
    key: `i:${node.id}`,
    kind: 'indicator',
    id: node.id,
    name: node.name,
    pointIds: children.flatMap((c) => c.pointIds),
    ...(children.length ? { children } : {}),
  };
}

/** A category's indicators as tree-table rows (antd shows `children` as expandable rows). */
export const treeRows = (category: ResponsibilityCategory): TreeRow[] =>
  category.indicators.map(indicatorRow);

/** The stored assignment of every point of the categories. */
export function assignmentOf(categories: readonly ResponsibilityCategory[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  const walk = (node: ResponsibilityIndicator) => {
    for (const p of node.points)
      map.set(
        p.id,
        p.departments.map((d) => d.id),
      );
    node.children.forEach(walk);
  };
  for (const c of categories) c.indicators.forEach(walk);
  return map;
}

/** The draft with the points given the departments (an indicator row sets every point below it). */
export function assign(draft: Assignment, pointIds: readonly string[], departmentIds: readonly string[]) {
  const next = new Map(draft);
  for (const id of pointIds) next.set(id, [...departmentIds]);
  return next;
}

/** The departments every one of the points has (what an indicator row shows); none for no points. */
export function sharedDepartments(draft: Assignment, pointIds: readonly string[]): string[] {
  if (pointIds.length === 0) return [];
  const [first, ...rest] = pointIds.map((id) => draft.get(id) ?? []);
  return first!.filter((d) => rest.every((list) => list.includes(d)));
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** The save body for the points whose departments differ from what is stored; null when none do. */
export function changedItems(stored: Assignment, draft: Assignment): PointDepartments[] | null {
  const items = [...draft]
    .filter(([id, departments]) => !sameSet(stored.get(id) ?? [], departments))
    .map(([id, departments]) => ({ pointId: id, departmentIds: [...departments] }));
  return items.length ? items : null;
}
