import type { DepartmentWire, ShortNameWire } from '@eduqa/contract';

/** A department with its short names: the two read endpoints joined by id. */
export interface DepartmentRow extends DepartmentWire {
  shortNameChinese: string | null;
  shortNameEnglish: string | null;
}

export interface DepartmentNode extends DepartmentRow {
  /** Absent on leaves, so that the tree table shows no expand icon for them. */
  children?: DepartmentNode[];
}

export interface DepartmentOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: DepartmentOption[];
}

export function joinShortNames(departments: DepartmentWire[], shortNames: ShortNameWire[]): DepartmentRow[] {
  const byId = new Map(shortNames.map((s) => [s.departId, s]));
  return departments.map((d) => ({
    ...d,
    shortNameChinese: byId.get(d.departmentId)?.shortNameChinese ?? null,
    shortNameEnglish: byId.get(d.departmentId)?.shortNameEnglish ?? null,
  }));
}

const bySortThenName = (a: DepartmentRow, b: DepartmentRow) =>
  a.sort - b.sort || a.departmentName.localeCompare(b.departmentName, 'zh-CN');

/** The flat list as a tree, ordered by sort then name; a department whose parent is gone is a root. */
export function buildDepartmentTree(rows: readonly DepartmentRow[]): DepartmentNode[] {
  const ids = new Set(rows.map((r) => r.departmentId));
  const childrenOf = new Map<string | null, DepartmentRow[]>();
  for (const row of rows) {
    const parent = row.parentId && ids.has(row.parentId) ? row.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const visited = new Set<string>();
  const build = (parent: string | null): DepartmentNode[] =>
    (childrenOf.get(parent) ?? [])
      .filter((row) => !visited.has(row.departmentId))
      .sort(bySortThenName)
      .map((row) => {
        visited.add(row.departmentId);
        const children = build(row.departmentId);
        return children.length ? { ...row, children } : { ...row };
      });
  return build(null);
}

/** Nodes matching the keyword (name or short names), kept with their ancestors for context. */
export function filterDepartmentTree(nodes: readonly DepartmentNode[], keyword: string): DepartmentNode[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...nodes];
  const matches = (node: DepartmentNode) =>
    [node.departmentName, node.shortNameChinese, node.shortNameEnglish].some((text) =>
      text?.toLowerCase().includes(needle),
    );
  return nodes.flatMap((node) => {
    if (matches(node)) return [node];
    const children = filterDepartmentTree(node.children ?? [], keyword);
    return children.length ? [{ ...node, children }] : [];
  });
}

/** The department and everything below it: none of them can become its parent. */
export function selfAndDescendants(rows: readonly DepartmentRow[], id: string): Set<string> {
  const result = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parentId && result.has(row.parentId) && !result.has(row.departmentId)) {
        result.add(row.departmentId);
        grew = true;
      }
    }
  }
  return result;
}

/** Tree options for a TreeSelect; `disabled` ids stay visible but cannot be picked. */
export function departmentOptions(
  nodes: readonly DepartmentNode[],
  disabled: ReadonlySet<string> = new Set(),
): DepartmentOption[] {
  return nodes.map((node) => ({
    value: node.departmentId,
    title: node.departmentName,
    ...(disabled.has(node.departmentId) ? { disabled: true } : {}),
    ...(node.children ? { children: departmentOptions(node.children, disabled) } : {}),
  }));
}

/** Ids of nodes that have children: the rows a tree table expands. */
export function parentIds(nodes: readonly DepartmentNode[]): string[] {
  return nodes.flatMap((node) => (node.children ? [node.departmentId, ...parentIds(node.children)] : []));
}
