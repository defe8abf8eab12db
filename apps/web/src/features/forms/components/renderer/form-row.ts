import type { FieldValue, FormDefinition, FormField, FormRecord } from '@eduqa/contract';

/**
 * One record as the renderer edits it: the values by field key, its parent (tree layout) and the
 * records it links to (topology layout). A fixed form has many, a floating form one.
 */
export interface FormRow {
  id: string;
  parentId: string | null;
  links: string[];
  values: FormRecord;
}

export interface FieldOption {
  label: string;
  value: string;
}

/** Messages by record id, then by field key. */
export type RowErrors = Record<string, Record<string, string>>;

export type OptionsOf = (fieldKey: string) => readonly FieldOption[];

/** The field's default as a FieldValue: a multiSelect's default names its options separated by commas. */
export function defaultValueOf(field: FormField): FieldValue {
  if (field.component === 'multiSelect')
    return field.defaultValue
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  return field.defaultValue === '' ? null : field.defaultValue;
}

let created = 0;

/** A new record holding every field's default; its id is local until the server stores it. */
export function newFormRow(
  definition: Pick<FormDefinition, 'fields'>,
  parentId: string | null = null,
): FormRow {
  created += 1;
  const values: FormRecord = {};
  for (const field of definition.fields) values[field.key] = defaultValueOf(field);
  return { id: `new-${Date.now().toString(36)}-${created}`, parentId, links: [], values };
}

/** How a value reads when it is not being edited: option labels for the selects, text otherwise. */
export function displayText(value: FieldValue | undefined, options: readonly FieldOption[]): string {
  if (value === null || value === undefined) return '';
  const labelOf = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  if (Array.isArray(value)) return value.map(labelOf).join('、');
  return labelOf(String(value));
}

/** The name of a record in the tree and the graph: its first field's text, or its place. */
export function rowName(row: FormRow, fields: readonly FormField[], index: number): string {
  const first = fields[0];
  const text = first ? displayText(row.values[first.key], []) : '';
  return text || `第${index + 1}行`;
}
