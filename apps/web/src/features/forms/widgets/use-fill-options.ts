import { useCallback } from 'react';
import { useFormOptions } from '../api.ts';
import type { FieldOption, OptionsOf } from '../index.ts';

const NONE: readonly FieldOption[] = [];

/** The options of a form's select fields, as the renderer asks for them (stable between renders). */
export function useFillOptions(formId: string | undefined): OptionsOf {
  const options = useFormOptions(formId);
  const data = options.data;
  return useCallback((key: string) => data?.[key] ?? NONE, [data]);
}
