import type { FormField } from '@eduqa/contract';
import { useCallback, useRef } from 'react';
import type { FieldOption, OptionsOf } from './form-row.ts';

const NO_OPTIONS: readonly FieldOption[] = [];

function isSameOptions(a: readonly FieldOption[], b: readonly FieldOption[]): boolean {
  return a.length === b.length && a.every((o, i) => o.value === b[i]?.value && o.label === b[i]?.label);
}

/**
 * Each field's options as the same array for as long as their content stays the same, however the page
 * builds them (an inline `optionsOf` answers new arrays each render): memoised fields then re-render only
 * when their options really change, for instance once a constant type has loaded.
 */
export function useStableOptions(fields: readonly FormField[], optionsOf: OptionsOf): OptionsOf {
  const cache = useRef(new Map<string, readonly FieldOption[]>());
  const next = new Map<string, readonly FieldOption[]>();
  for (const field of fields) {
    const fresh = optionsOf(field.key);
    const kept = cache.current.get(field.key);
    next.set(field.key, kept && isSameOptions(kept, fresh) ? kept : fresh);
  }
  const changed =
    next.size !== cache.current.size ||
    [...next].some(([key, options]) => cache.current.get(key) !== options);
  if (changed) cache.current = next;
  const current = cache.current;
  // A new lookup only when some field's options changed, so the table's columns are not rebuilt needlessly.
  return useCallback((key: string) => current.get(key) ?? NO_OPTIONS, [current]);
}
