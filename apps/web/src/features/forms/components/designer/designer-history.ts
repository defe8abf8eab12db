import type { FormDefinition, FormField } from '@eduqa/contract';

/**
 * The designer's edits as a pure reducer over the whole definition, with an undo and a redo stack.
 * Typing in one property panel input merges into one step (same `mergeKey`), so 撤销 undoes a whole
 * label rather than its last letter.
 */

const HISTORY_LIMIT = 100;

export interface DesignerHistory {
  past: FormDefinition[];
  present: FormDefinition;
  future: FormDefinition[];
  /** The mergeKey of the last update, when the last step was one; a following update with it merges. */
  lastMergeKey: string | null;
}

export type DesignerAction =
  | { type: 'add'; field: FormField; index?: number }
  | { type: 'move'; from: number; to: number }
  | { type: 'update'; index: number; patch: Partial<FormField>; mergeKey?: string }
  | { type: 'remove'; index: number }
  | { type: 'settings'; patch: Partial<Pick<FormDefinition, 'formType' | 'layout'>> }
  | { type: 'reset'; definition: FormDefinition }
  | { type: 'undo' }
  | { type: 'redo' };

export function startHistory(definition: FormDefinition): DesignerHistory {
  return { past: [], present: definition, future: [], lastMergeKey: null };
}

function withFields(definition: FormDefinition, fields: FormField[]): FormDefinition {
  return { ...definition, fields };
}

/** The definition after one edit, or the same object when the edit changes nothing. */
function applyEdit(definition: FormDefinition, action: DesignerAction): FormDefinition {
  const fields = definition.fields;
  switch (action.type) {
    case 'add': {
      const at = Math.min(Math.max(action.index ?? fields.length, 0), fields.length);
      return withFields(definition, [...fields.slice(0, at), action.field, ...fields.slice(at)]);
    }
    case 'move': {
      const { from, to } = action;
      if (from === to || !fields[from] || to < 0 || to >= fields.length) return definition;
      const next = fields.filter((_, i) => i !== from);
      next.splice(to, 0, fields[from]);
      return withFields(definition, next);
    }
    case 'update': {
      const field = fields[action.index];
      if (!field) return definition;
      return withFields(
        definition,
        fields.map((f, i) => (i === action.index ? { ...field, ...action.patch } : f)),
      );
    }
    case 'remove':
      if (!fields[action.index]) return definition;
      return withFields(
        definition,
        fields.filter((_, i) => i !== action.index),
      );
    case 'settings':
      return { ...definition, ...action.patch };
    default:
      return definition;
  }
}

export function designerHistory(state: DesignerHistory, action: DesignerAction): DesignerHistory {
  switch (action.type) {
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return {
        past: state.past.slice(0, -1),
        present: previous,
        future: [state.present, ...state.future],
        lastMergeKey: null,
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { past: [...state.past, state.present], present: next, future: rest, lastMergeKey: null };
    }
    case 'reset':
      return startHistory(action.definition);
    default: {
      const present = applyEdit(state.present, action);
      if (present === state.present) return state;
      const mergeKey = action.type === 'update' ? (action.mergeKey ?? null) : null;
      if (mergeKey !== null && mergeKey === state.lastMergeKey)
        return { ...state, present, future: [], lastMergeKey: mergeKey };
      return {
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present,
        future: [],
        lastMergeKey: mergeKey,
      };
    }
  }
}
