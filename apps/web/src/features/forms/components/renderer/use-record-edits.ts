import type { FieldValue, FormDefinition } from '@eduqa/contract';
import { useCallback } from 'react';
import { type FormRow, newFormRow } from './form-row.ts';

export interface RecordEditsOptions {
  definition: FormDefinition;
  /** The records as last written: read by the callbacks, so they stay the same between renders. */
  rowsRef: { current: readonly FormRow[] };
  /** The renderer's latest props, read for the page's callbacks without remaking ours. */
  latest: {
    readonly current: {
      onChange: (records: FormRow[]) => void;
      onFieldBlur?: ((recordId: string, key: string, value: FieldValue | undefined) => void) | undefined;
    };
  };
  onValueEdited: (rowId: string, key: string, value: FieldValue) => void;
  onLeave: (rowId: string, key: string) => void;
}

/**
 * The renderer's edits of its records (values, rows added and removed, parents and links), each a
 * stable callback that writes the next records to the page at once.
 */
export function useRecordEdits({ definition, rowsRef, latest, onValueEdited, onLeave }: RecordEditsOptions) {
  const commit = useCallback(
    (next: FormRow[]) => {
      rowsRef.current = next;
      latest.current.onChange(next);
    },
    [rowsRef, latest],
  );
  const updateRow = useCallback(
    (rowId: string, change: (row: FormRow) => FormRow) =>
      commit(rowsRef.current.map((row) => (row.id === rowId ? change(row) : row))),
    [commit, rowsRef],
  );
  const onValueChange = useCallback(
    (rowId: string, key: string, value: FieldValue) => {
      updateRow(rowId, (row) => ({ ...row, values: { ...row.values, [key]: value } }));
      onValueEdited(rowId, key, value);
    },
    [updateRow, onValueEdited],
  );
  const onFieldLeave = useCallback(
    (rowId: string, key: string) => {
      onLeave(rowId, key);
      const row = rowsRef.current.find((r) => r.id === rowId);
      latest.current.onFieldBlur?.(rowId, key, row?.values[key]);
    },
    [onLeave, rowsRef, latest],
  );
  const onAdd = useCallback(
    () => commit([...rowsRef.current, newFormRow(definition)]),
    [commit, definition, rowsRef],
  );
  const onAddChild = useCallback(
    (parentId: string) => commit([...rowsRef.current, newFormRow(definition, parentId)]),
    [commit, definition, rowsRef],
  );
  // Children of a deleted row move up to its parent rather than vanish; links to it are dropped.
  const onRemove = useCallback(
    (rowId: string) => {
      const removed = rowsRef.current.find((r) => r.id === rowId);
      commit(
        rowsRef.current
          .filter((r) => r.id !== rowId)
          .map((r) => ({
            ...r,
            parentId: r.parentId === rowId ? (removed?.parentId ?? null) : r.parentId,
            links: r.links.includes(rowId) ? r.links.filter((id) => id !== rowId) : r.links,
          })),
      );
    },
    [commit, rowsRef],
  );
  const onParentChange = useCallback(
    (rowId: string, parentId: string | null) => updateRow(rowId, (row) => ({ ...row, parentId })),
    [updateRow],
  );
  const onLinksChange = useCallback(
    (rowId: string, links: string[]) => updateRow(rowId, (row) => ({ ...row, links })),
    [updateRow],
  );
  return { onValueChange, onFieldLeave, onAdd, onAddChild, onRemove, onParentChange, onLinksChange };
}
