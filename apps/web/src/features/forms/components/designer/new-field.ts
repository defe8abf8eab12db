import { COMPONENT_LABELS, type ComponentType, type FormField } from '@eduqa/contract';

/** The first `field_<n>` not yet taken, counting from the number of fields, so keys stay short and unique. */
export function suggestFieldKey(fields: readonly Pick<FormField, 'key'>[]): string {
  const taken = new Set(fields.map((f) => f.key));
  let n = fields.length + 1;
  while (taken.has(`field_${n}`)) n += 1;
  return `field_${n}`;
}

/** A new field of a component, labelled after it, full width, without rules. */
export function createField(component: ComponentType, fields: readonly FormField[]): FormField {
  return {
    key: suggestFieldKey(fields),
    label: COMPONENT_LABELS[component],
    component,
    help: '',
    defaultValue: '',
    span: 24,
    validations: [],
    options: null,
  };
}

/** A copy placed after the original: same settings, its own key, the label marked as a copy. */
export function duplicateField(field: FormField, fields: readonly FormField[]): FormField {
  return { ...field, key: suggestFieldKey(fields), label: `${field.label}（副本）`.slice(0, 60) };
}
