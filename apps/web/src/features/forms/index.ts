export { definitionProblems } from './components/designer/definition-problems.ts';
export type { ConstantTypeOption } from './components/designer/field-properties.tsx';
export { FormDesigner, type FormDesignerProps } from './components/designer/form-designer.tsx';
export {
  FormRenderer,
  type FormRendererHandle,
  type FormRendererProps,
} from './components/renderer/form-renderer.tsx';
export {
  type FieldOption,
  type FormRow,
  newFormRow,
  type OptionsOf,
  type RowErrors,
} from './components/renderer/form-row.ts';
export type { CheckUnique } from './components/renderer/use-field-checks.ts';
