import type { FieldValue, FormRecord } from '@eduqa/contract';

/** A record as the server holds it: the last values saved, where it hangs, its revision. */
export interface SavedRecord {
  values: FormRecord;
  parentId: string | null;
  links: string[];
  sort: number;
  revision: number;
}

/** A record as the fill page edits it (the renderer's FormRow). */
export interface DraftRow {
  id: string;
  parentId: string | null;
  links: string[];
  values: FormRecord;
}

export interface DraftRecord {
  id: string;
  data: Record<string, FieldValue>;
  base?: Record<string, FieldValue>;
  parentId: string | null;
  links: string[];
  sort: number;
  revision?: number;
}

export interface DraftChanges {
  records: DraftRecord[];
  removeIds: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function isChanged(row: DraftRow, sort: number, saved: SavedRecord): boolean {
  if (saved.parentId !== row.parentId || saved.sort !== sort || !same(saved.links, row.links)) return true;
  const keys = new Set([...Object.keys(saved.values), ...Object.keys(row.values)]);
  return [...keys].some((key) => !same(saved.values[key], row.values[key]));
}

/**
 * What a draft save sends: new rows (the browser's id, so a resend does not add them twice), changed
 * rows with the revision they were read at and the values they started from (the server names the
 * fields another editor changed), and the ids of rows removed.
 */
export function draftChanges(
  rows: readonly DraftRow[],
  saved: ReadonlyMap<string, SavedRecord>,
): DraftChanges {
  const records: DraftRecord[] = [];
  rows.forEach((row, sort) => {
    const before = saved.get(row.id);
    if (before && !isChanged(row, sort, before)) return;
    records.push({
      id: row.id,
      data: { ...row.values },
      parentId: row.parentId,
      links: [...row.links],
      sort,
      ...(before ? { base: before.values, revision: before.revision } : {}),
    });
  });
  const present = new Set(rows.map((row) => row.id));
  const removeIds = [...saved.keys()].filter((id) => !present.has(id));
  return { records, removeIds };
}

export const hasChanges = (changes: DraftChanges) =>
  changes.records.length > 0 || changes.removeIds.length > 0;

/** The saved state after a save of `changes` answered with each record's new revision. */
export function applySaved(
  saved: ReadonlyMap<string, SavedRecord>,
  changes: DraftChanges,
  revisions: readonly { id: string; revision: number }[],
): Map<string, SavedRecord> {
  const next = new Map(saved);
  for (const id of changes.removeIds) next.delete(id);
  const revisionOf = new Map(revisions.map((r) => [r.id, r.revision]));
  for (const record of changes.records) {
    next.set(record.id, {
      values: record.data,
      parentId: record.parentId,
      links: record.links,
      sort: record.sort,
      revision: revisionOf.get(record.id) ?? (record.revision ?? 0) + 1,
    });
  }
  return next;
}
