import {
  COMPONENT_TYPES,
  type ComponentType,
  type FormDefinition,
  type FormDraft,
  FormFieldSchema,
} from '@eduqa/contract';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

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
