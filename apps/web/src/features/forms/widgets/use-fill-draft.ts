import {
  canEditFill,
  checkTaskOpen,
  type collectEndpoints,
  type DataOf,
  type FormRecord,
  withKnownValues,
} from '@eduqa/contract';
import { type RefObject, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/client.ts';
import { saveRecords } from '../api.ts';
import { type FormRow, newFormRow } from '../components/renderer/form-row.ts';
import {
  type AutosaveScheduler,
  autosaveReducer,
  createAutosaveScheduler,
  INITIAL_AUTOSAVE,
} from './autosave.ts';
import { applySaved, draftChanges, hasChanges, type SavedRecord } from './draft-changes.ts';

export type FillDetail = DataOf<typeof collectEndpoints.fillTaskDetail>;

/** The rows to start from; `isPrefilled` when values the school holds filled an empty field (not saved yet). */
function startingRows(detail: FillDetail, isEditable: boolean): { rows: FormRow[]; isPrefilled: boolean } {
  const rows = detail.records.map((r) => ({
    id: r.id,
    parentId: r.parentId,
    links: r.links,
    values: r.data as FormRecord,
  }));
  if (!isEditable || detail.definition.formType !== 'floating') return { rows, isPrefilled: false };
  // A floating form is one record: an empty one to type into when nothing is saved yet.
  const start = rows.length > 0 ? rows : [newFormRow(detail.definition)];
  // 数据只采一次: what the school already holds fills the fields still empty; the autosave keeps it.
  const filled = start.map((row) => {
    const values = withKnownValues(row.values, detail.known);
    return values === row.values ? row : { ...row, values };
  });
  return { rows: filled, isPrefilled: filled.some((row, i) => row !== start[i]) };
}

function savedOf(detail: FillDetail): Map<string, SavedRecord> {
  return new Map(
    detail.records.map((r) => [
      r.id,
      {
        values: r.data as FormRecord,
        parentId: r.parentId,
        links: r.links,
        sort: r.sort,
        revision: r.revision,
      },
    ]),
  );
}

/** Why the filler cannot change the task now, or null while they can. */
export function lockReason(detail: FillDetail): string | null {
  const open = checkTaskOpen(detail.fillTask.taskState);
  if (!open.ok) return open.message;
  const editable = canEditFill(detail.fillTask.state);
  return editable.ok ? null : editable.message;
}

/**
 * Runs the autosave scheduler while the fill is editable: a leave of the page (or of the browser) saves
 * what is pending first, and values pre-filled from what the school holds are saved as if typed.
 */
function useAutosaveScheduler(input: {
  isEditable: boolean;
  save: () => Promise<void>;
  isDirtyRef: RefObject<boolean>;
  hasPrefill: RefObject<boolean>;
  schedulerRef: RefObject<AutosaveScheduler | null>;
}) {
  const { isEditable, save, isDirtyRef, hasPrefill, schedulerRef } = input;
  useEffect(() => {
    if (!isEditable) return;
    const scheduler = createAutosaveScheduler({ save });
    schedulerRef.current = scheduler;
    const onUnload = (event: BeforeUnloadEvent) => {
      if (!isDirtyRef.current) return;
      void scheduler.flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    if (hasPrefill.current) {
      hasPrefill.current = false;
      isDirtyRef.current = true;
      scheduler.touch();
    }
    return () => {
      window.removeEventListener('beforeunload', onUnload);
      // Leaving the page saves what is pending before the scheduler stops.
      void scheduler.flush();
      scheduler.dispose();
      schedulerRef.current = null;
    };
  }, [isEditable, save, isDirtyRef, hasPrefill, schedulerRef]);
}

/**
 * The filler's draft: the rows on screen, saved as they are typed (debounced) and when a field is left.
 * A save that meets another editor's change stops the autosave and reports the conflict.
 */
export function useFillDraft(detail: FillDetail, isEditable: boolean) {
  const fillTaskId = detail.fillTask.id;
  const [start] = useState(() => startingRows(detail, isEditable));
  const [rows, setRows] = useState<FormRow[]>(start.rows);
  const [status, dispatch] = useReducer(autosaveReducer, INITIAL_AUTOSAVE);
  const [conflict, setConflict] = useState<string | null>(null);
  const rowsRef = useRef(rows);
  const savedRef = useRef(savedOf(detail));
  const isDirtyRef = useRef(false);
  const isConflictRef = useRef(false);
  const schedulerRef = useRef<AutosaveScheduler | null>(null);
  // Pre-filled values are not saved yet: the first autosave writes them as if typed.
  const hasPrefill = useRef(start.isPrefilled);

  const save = useCallback(async () => {
    if (!isDirtyRef.current || isConflictRef.current) return;
    const changes = draftChanges(rowsRef.current, savedRef.current);
    if (!hasChanges(changes)) {
      isDirtyRef.current = false;
      return;
    }
    dispatch({ type: 'saving' });
    try {
      const answer = await saveRecords({
        fillTaskId,
        records: changes.records,
        ...(changes.removeIds.length ? { removeIds: changes.removeIds } : {}),
      });
      savedRef.current = applySaved(savedRef.current, changes, answer.records);
      isDirtyRef.current = hasChanges(draftChanges(rowsRef.current, savedRef.current));
      dispatch({ type: 'saved', at: new Date(), isDirty: isDirtyRef.current });
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus === 409) {
        isConflictRef.current = true;
        dispatch({ type: 'conflict', message: error.message });
        setConflict(error.message);
      } else {
        dispatch({ type: 'failed', message: error instanceof ApiError ? error.message : '' });
      }
      throw error;
    }
  }, [fillTaskId]);

  useAutosaveScheduler({ isEditable, save, isDirtyRef, hasPrefill, schedulerRef });

  const onChange = useCallback((next: FormRow[]) => {
    rowsRef.current = next;
    setRows(next);
    isDirtyRef.current = true;
    dispatch({ type: 'edited' });
    schedulerRef.current?.touch();
  }, []);
  const onFieldBlur = useCallback(() => {
    void schedulerRef.current?.flush();
  }, []);
  /** Saves what is pending now; rejects as the save does. */
  const flush = useCallback(() => schedulerRef.current?.flush(), []);
  /** Whether the server's draft is not what the page shows (a conflict, or changes not saved). */
  const hasUnsaved = useCallback(
    () => isConflictRef.current || hasChanges(draftChanges(rowsRef.current, savedRef.current)),
    [],
  );

  return { rows, rowsRef, status, conflict, setConflict, onChange, onFieldBlur, flush, hasUnsaved };
}
