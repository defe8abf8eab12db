import type { FieldValue } from '@eduqa/contract';
import type { FormRow } from './form-row.ts';

/**
 * The record of the 表单 layout and its messages, read by each field through a subscription. antd's
 * Form hands its children a fresh context when it re-renders, which would re-render every Form.Item on
 * each keystroke; with this source the layout itself never re-renders for a value, and each field
 * re-renders only when its own value or message changes.
 */
export interface RowSource {
  valueOf: (key: string) => FieldValue | undefined;
  messageOf: (key: string) => string;
  subscribe: (listener: () => void) => () => void;
  /** Called while the renderer renders, so fields rendered in the same pass read the new record. */
  write: (row: FormRow | undefined, messageOf: (rowId: string, key: string) => string) => void;
  /** Called after the render is committed: fields that did not re-render check their value again. */
  notify: () => void;
}

export function createRowSource(): RowSource {
  let row: FormRow | undefined;
  let messages: (rowId: string, key: string) => string = () => '';
  const listeners = new Set<() => void>();
  return {
    valueOf: (key) => row?.values[key],
    messageOf: (key) => (row ? messages(row.id, key) : ''),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    write: (nextRow, nextMessages) => {
      row = nextRow;
      messages = nextMessages;
    },
    notify: () => {
      for (const listener of listeners) listener();
    },
  };
}
