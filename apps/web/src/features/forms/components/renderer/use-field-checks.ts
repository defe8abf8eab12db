import {
  checkFieldValue,
  type FieldValue,
  FORM_MESSAGES,
  type FormField,
  hasRule,
  isEmptyValue,
} from '@eduqa/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FormRow, OptionsOf, RowErrors } from './form-row.ts';

/** How long typing pauses before a unique field asks the server. */
export const UNIQUE_DEBOUNCE_MS = 400;

export type CheckUnique = (fieldKey: string, value: FieldValue, recordId: string) => Promise<boolean>;

interface Checks {
  /** The contract's message per field ('' once checked and fine). */
  format: RowErrors;
  /** The unique clash per field, from the server or from another row of this form. */
  unique: RowErrors;
  /**
   * Fields edited since the renderer mounted: the server's message of such a field is stale. (The
   * pages remount the renderer when a new server answer arrives, which clears this.)
   */
  edited: Record<string, Record<string, true>>;
}

function setMessage(errors: RowErrors, rowId: string, key: string, message: string): RowErrors {
  if ((errors[rowId]?.[key] ?? null) === message) return errors;
  return { ...errors, [rowId]: { ...errors[rowId], [key]: message } };
}

/** Whether another row of the same form already holds this value of a unique field. */
function isTakenByAnotherRow(
  rows: readonly FormRow[],
  rowId: string,
  key: string,
  value: FieldValue,
): boolean {
  const text = JSON.stringify(value);
  return rows.some(
    (r) => r.id !== rowId && !isEmptyValue(r.values[key]) && JSON.stringify(r.values[key]) === text,
  );
}

type RowsRef = { readonly current: readonly FormRow[] };

type FormatMessage = (field: FormField, value: FieldValue | undefined) => string;

/** The checks once a field's value is edited; the same object when nothing shown changes. */
function checksAfterEdit(
  c: Checks,
  edit: { rowId: string; field: FormField; value: FieldValue; rowsRef: RowsRef },
  formatMessage: FormatMessage,
): Checks {
  const { rowId, field, value } = edit;
  const key = field.key;
  // A shown message follows the fix as it is typed; a field not yet left stays quiet.
  const format = c.format[rowId]?.[key]
    ? setMessage(c.format, rowId, key, formatMessage(field, value))
    : c.format;
  const unique = hasRule(field, 'unique')
    ? setMessage(
        c.unique,
        rowId,
        key,
        isTakenByAnotherRow(edit.rowsRef.current, rowId, key, value) ? FORM_MESSAGES.unique : '',
      )
    : setMessage(c.unique, rowId, key, '');
  const edited = c.edited[rowId]?.[key]
    ? c.edited
    : { ...c.edited, [rowId]: { ...c.edited[rowId], [key]: true as const } };
  return format === c.format && unique === c.unique && edited === c.edited ? c : { format, unique, edited };
}

/** The contract's message of every field of every row. */
function formatMessagesOf(
  rows: readonly FormRow[],
  fields: readonly FormField[],
  formatMessage: FormatMessage,
): RowErrors {
  // Built in place, one object per row: thousands of rows are checked in one pass.
  const format: RowErrors = {};
  for (const row of rows) {
    const messages: Record<string, string> = {};
    for (const field of fields) messages[field.key] = formatMessage(field, row.values[field.key]);
    format[row.id] = messages;
  }
  return format;
}

/** The unique clash of every unique field of every row: the server's last answer, or a twin row here. */
function uniqueMessagesOf(
  rows: readonly FormRow[],
  fields: readonly FormField[],
  remoteClash: ReadonlyMap<string, boolean>,
): RowErrors {
  const unique: RowErrors = {};
  for (const field of fields.filter((f) => hasRule(f, 'unique'))) {
    const counts = new Map<string, number>();
    for (const row of rows) {
      if (isEmptyValue(row.values[field.key])) continue;
      const text = JSON.stringify(row.values[field.key]);
      counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    for (const row of rows) {
      const value = row.values[field.key];
      const isClash =
        remoteClash.get(`${row.id}\u0000${field.key}`) === true ||
        (!isEmptyValue(value) && (counts.get(JSON.stringify(value)) ?? 0) > 1);
      unique[row.id] = { ...unique[row.id], [field.key]: isClash ? FORM_MESSAGES.unique : '' };
    }
  }
  return unique;
}

const hasMessage = (errors: RowErrors) => Object.values(errors).some((m) => Object.values(m).some(Boolean));

/**
 * The renderer's validation: the contract's check of a field when the user leaves it (and again as they
 * fix it), a debounced server check of unique fields while they type, and `validateAll` on demand.
 */
export function useFieldChecks(options: {
  fields: readonly FormField[];
  rowsRef: RowsRef;
  optionsOf: OptionsOf;
  checkUnique: CheckUnique | undefined;
}) {
  const { fields, rowsRef } = options;
  const [checks, setChecks] = useState<Checks>({ format: {}, unique: {}, edited: {} });
  const latest = useRef(options);
  latest.current = options;
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const pending = useRef(new Map<string, Promise<void>>());
  /** The server's last answer per slot (true: clash), kept for validateAll, which cannot wait for a render. */
  const remoteClash = useRef(new Map<string, boolean>());

  const fieldOf = useMemo(() => new Map(fields.map((f) => [f.key, f])), [fields]);

  const formatMessage = useCallback((field: FormField, value: FieldValue | undefined) => {
    const allowed = latest.current.optionsOf(field.key).map((o) => o.value);
    const known = field.component === 'select' || field.component === 'multiSelect';
    return checkFieldValue(field, value, known && allowed.length > 0 ? allowed : undefined) ?? '';
  }, []);

  const askServer = useCallback(
    (rowId: string, field: FormField, value: FieldValue) => {
      const slot = `${rowId}\u0000${field.key}`;
      clearTimeout(timers.current.get(slot));
      const checkUnique = latest.current.checkUnique;
      if (!checkUnique || isEmptyValue(value)) {
        pending.current.delete(slot);
        return;
      }
      const done = new Promise<void>((resolve) => {
        timers.current.set(
          slot,
          setTimeout(() => {
            checkUnique(field.key, value, rowId)
              .then((isUnique) => {
                // A later keystroke asked again: only the answer for the current value counts.
                const now = rowsRef.current.find((r) => r.id === rowId)?.values[field.key];
                if (JSON.stringify(now) !== JSON.stringify(value)) return;
                remoteClash.current.set(slot, !isUnique);
                setChecks((c) => ({
                  ...c,
                  unique: setMessage(c.unique, rowId, field.key, isUnique ? '' : FORM_MESSAGES.unique),
                }));
              })
              .catch(() => undefined)
              .finally(resolve);
          }, UNIQUE_DEBOUNCE_MS),
        );
      });
      pending.current.set(slot, done);
    },
    [rowsRef],
  );

  const onValueEdited = useCallback(
    (rowId: string, key: string, value: FieldValue) => {
      const field = fieldOf.get(key);
      if (!field) return;
      remoteClash.current.delete(`${rowId}\u0000${key}`);
      setChecks((c) => checksAfterEdit(c, { rowId, field, value, rowsRef }, formatMessage));
      if (hasRule(field, 'unique')) askServer(rowId, field, value);
    },
    [fieldOf, formatMessage, askServer, rowsRef],
  );

  const onLeave = useCallback(
    (rowId: string, key: string) => {
      const field = fieldOf.get(key);
      const row = rowsRef.current.find((r) => r.id === rowId);
      if (!field || !row) return;
      const message = formatMessage(field, row.values[key]);
      setChecks((c) => ({ ...c, format: setMessage(c.format, rowId, key, message) }));
    },
    [fieldOf, formatMessage, rowsRef],
  );

  /** Checks every field of every row, waits for unique answers in flight; true when nothing is wrong. */
  const validateAll = useCallback(async () => {
    const rows = rowsRef.current;
    const format = formatMessagesOf(rows, fields, formatMessage);
    setChecks((c) => ({ ...c, format }));
    await Promise.all(pending.current.values());
    const unique = uniqueMessagesOf(rows, fields, remoteClash.current);
    setChecks((c) => ({ format, unique, edited: c.edited }));
    return !hasMessage(format) && !hasMessage(unique);
  }, [fields, formatMessage, rowsRef]);

  useEffect(() => {
    const pendingTimers = timers.current;
    return () => {
      for (const timer of pendingTimers.values()) clearTimeout(timer);
    };
  }, []);

  return { checks, onValueEdited, onLeave, validateAll };
}

/** The message a field shows: the contract's, then a unique clash, then the server's (until edited). */
export function messageOf(checks: Checks, server: RowErrors | undefined, rowId: string, key: string): string {
  const format = checks.format[rowId]?.[key];
  const unique = checks.unique[rowId]?.[key];
  if (format) return format;
  if (unique) return unique;
  if (checks.edited[rowId]?.[key]) return '';
  return server?.[rowId]?.[key] ?? '';
}
