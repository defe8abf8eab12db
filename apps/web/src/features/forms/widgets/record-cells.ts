import type { FieldOption } from '../index.ts';

/** A stored value as a table cell: option labels for the selects, lists joined, blanks as —. */
export function cellText(value: unknown, options: readonly FieldOption[]): string {
  if (value === null || value === undefined || value === '') return '—';
  const labelOf = (v: unknown) => options.find((o) => o.value === String(v))?.label ?? String(v);
  if (Array.isArray(value)) return value.length ? value.map(labelOf).join('、') : '—';
  return labelOf(value);
}
