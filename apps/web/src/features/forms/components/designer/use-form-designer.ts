import type { ComponentType, FormDefinition, FormField } from '@eduqa/contract';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { definitionProblems } from './definition-problems.ts';
import { designerHistory, startHistory } from './designer-history.ts';
import { createField, duplicateField } from './new-field.ts';

/** Ctrl+Z undoes; Ctrl+Y and Ctrl+Shift+Z redo (⌘ on a Mac). */
function historyKey(event: KeyboardEvent): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  return key === 'y' ? 'redo' : null;
}

/**
 * The designer's state: one reducer with undo/redo over the definition, the selected field, and the
 * edits of the canvas. The page hears of each edit; a definition it swaps in starts a new history.
 */
export function useFormDesigner({
  value,
  onChange,
  readOnly,
}: {
  value: FormDefinition;
  onChange: (definition: FormDefinition) => void;
  readOnly: boolean;
}) {
  const [history, dispatch] = useReducer(designerHistory, value, startHistory);
  const [selectedIndex, setSelectedIndex] = useState<number | null>(null);
  const definition = history.present;
  const reported = useRef(value);

  // Tell the page about each edit; a definition the page swaps in (loaded, reverted) starts a new history.
  useEffect(() => {
    if (definition === reported.current) return;
    reported.current = definition;
    onChange(definition);
  }, [definition, onChange]);
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    dispatch({ type: 'reset', definition: value });
    setSelectedIndex(null);
  }, [value]);

  const fieldCount = definition.fields.length;
  useEffect(() => {
    if (selectedIndex !== null && selectedIndex >= fieldCount)
      setSelectedIndex(fieldCount ? fieldCount - 1 : null);
  }, [selectedIndex, fieldCount]);

  const problems = useMemo(() => definitionProblems(definition), [definition]);

  const addField = (component: ComponentType, index = fieldCount) => {
    dispatch({ type: 'add', field: createField(component, definition.fields), index });
    setSelectedIndex(index);
  };
  const moveField = (from: number, to: number) => {
    dispatch({ type: 'move', from, to });
    setSelectedIndex(to);
  };
  const duplicate = (index: number) => {
    const original = definition.fields[index];
    if (!original) return;
    dispatch({ type: 'add', field: duplicateField(original, definition.fields), index: index + 1 });
    setSelectedIndex(index + 1);
  };
  const remove = (index: number) => {
    dispatch({ type: 'remove', index });
    setSelectedIndex(null);
  };
  const update = (index: number, patch: Partial<FormField>, mergeKey?: string) =>
    dispatch(mergeKey ? { type: 'update', index, patch, mergeKey } : { type: 'update', index, patch });

  // The shortcuts work wherever focus is inside the designer, property inputs included, and where focus
  // fell to the page: a clicked 重做 that has nothing left to redo is disabled and drops the focus.
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = rootRef.current;
    if (!root || readOnly) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target;
      const isOurs = target === document.body || (target instanceof Node && root.contains(target));
      const step = isOurs ? historyKey(event) : null;
      if (!step) return;
      event.preventDefault();
      dispatch({ type: step });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [readOnly]);

  return {
    history,
    dispatch,
    definition,
    problems,
    selectedIndex,
    setSelectedIndex,
    rootRef,
    edits: { addField, moveField, duplicate, remove, update },
  };
}
