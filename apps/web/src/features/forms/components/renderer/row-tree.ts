import type { FormRow } from './form-row.ts';
import type { TableRow } from './record-table.tsx';

/** The rows as the flat table shows them, in their order. */
export function flatTableRows(rows: readonly FormRow[]): TableRow[] {
  return rows.map((row, index) => ({ key: row.id, row, index }));
}

/**
 * The rows nested under their parents for the 树形 layout. A row whose parent is missing (or would make
 * a circle) stands at the top, so no record disappears from the table.
 */
export function treeTableRows(rows: readonly FormRow[]): TableRow[] {
  const byId = new Map(rows.map((row, index) => [row.id, { key: row.id, row, index } as TableRow]));
  const isUnder = descendantTest(rows);
  const top: TableRow[] = [];
  for (const node of byId.values()) {
    const parentId = node.row.parentId;
    const parent = parentId && !isUnder(parentId, node.row.id) ? byId.get(parentId) : undefined;
    if (parent) parent.children = [...(parent.children ?? []), node];
    else top.push(node);
  }
  return top;
}

/**
 * A test of whether `id` sits under `ancestorId` (or is it): such a row cannot become the ancestor's
 * parent. Built once per set of rows, as the 上级 choices ask it for every pair.
 */
export function descendantTest(rows: readonly FormRow[]): (id: string, ancestorId: string) => boolean {
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  return (id, ancestorId) => {
    const seen = new Set<string>();
    let current: string | null | undefined = id;
    while (current && !seen.has(current)) {
      if (current === ancestorId) return true;
      seen.add(current);
      current = parentOf.get(current);
    }
    return false;
  };
}
