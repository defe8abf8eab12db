import {
  COMPONENT_TYPES,
  type ComponentType,
  type FieldPrefill,
  type FormDefinition,
  type FormDraft,
  FormFieldSchema,
} from '@eduqa/contract';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A source the designer left half chosen, kept as it is; anything else is no source. */
function partialPrefill(raw: unknown): FieldPrefill | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (r.source === 'form') return { source: 'form', formId: text(r.formId), fieldKey: text(r.fieldKey) };
  if (r.source === 'warehouse')
    return {
      source: 'warehouse',
      tableId: text(r.tableId),
      fieldCode: text(r.fieldCode),
      matchCode: text(r.matchCode),
    };
  return null;
}

/**
 * A saved draft as the designer edits it. Drafts may be incomplete (the server keeps each field as it
 * was sent), so a field the contract does not read whole keeps what it can and takes defaults for the
 * rest; the designer then lists what still stops publishing.
 */
export function draftToDefinition(draft: FormDraft): FormDefinition {
  return {
    formType: draft.formType,
    layout: draft.layout,
    fields: draft.fields.map((raw) => {
      const parsed = FormFieldSchema.safeParse(raw);
      if (parsed.success) return parsed.data;
      // A source still being chosen keeps the rest of the field as designed.
      const { prefill, ...rest } = raw;
      const withoutPrefill = FormFieldSchema.safeParse(rest);
      if (withoutPrefill.success) return { ...withoutPrefill.data, prefill: partialPrefill(prefill) };
      const component = COMPONENT_TYPES.includes(raw.component as ComponentType)
        ? (raw.component as ComponentType)
        : 'text';
      return {
        key: text(raw.key),
        label: text(raw.label),
        component,
        help: text(raw.help),
        defaultValue: text(raw.defaultValue),
        span: 24,
        validations: [],
        options: null,
      };
    }),
  };
}
