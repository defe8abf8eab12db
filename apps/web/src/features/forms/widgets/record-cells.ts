import type { FormField } from '@eduqa/contract';
import type { FieldOption } from '../index.ts';

/** A stored value as a table cell: option labels for the selects, lists joined, blanks as —. */
export function cellText(value: unknown, options: readonly FieldOption[]): string {
  if (value === null || value === undefined || value === '') return '—';
  const labelOf = (v: unknown) => options.find((o) => o.value === String(v))?.label ?? String(v);
  if (Array.isArray(value)) return value.length ? value.map(labelOf).join('、') : '—';
  return labelOf(value);
}

/** Columns for a form's fields: the first ones (a wide form shows its first 12; the rest scroll in the export). */
export const fieldColumns = (fields: readonly FormField[], limit = 12) => fields.slice(0, limit);
