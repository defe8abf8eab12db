import { FIELD_REF_LABELS, type FieldRefKind } from '@eduqa/contract';

/**
 * What a key cell may name: the row's key, or its name (department, user), number (cycle), code or name
 * (object), task name (fill task) or constant name. A name shared by two rows is ambiguous and must be
 * given by its key. A constant cell may hold several, joined by commas, as a multi-select stores them.
 */
export interface RefLookup {
  resolve(raw: string): { id: string } | { error: string };
}

export function refLookup(kind: FieldRefKind, rows: ReadonlyArray<{ id: string; label: string }>): RefLookup {
  const noun = FIELD_REF_LABELS[kind];
  const ids = new Set(rows.map((r) => r.id));
  const byLabel = new Map<string, string | null>();
  for (const r of rows) {
    const known = byLabel.get(r.label);
    byLabel.set(r.label, known === undefined || known === r.id ? r.id : null);
  }
  const one = (raw: string): { id: string } | { error: string } => {
    const key = raw.trim();
    if (ids.has(key)) return { id: key };
    const id = byLabel.get(key);
    if (id === undefined) return { error: `${noun}「${key}」不存在` };
    if (id === null) return { error: `${noun}「${key}」不唯一，请填写编号` };
    return { id };
  };
  if (kind !== 'constant') return { resolve: one };
  return {
    resolve(raw) {
      const keys: string[] = [];
      for (const part of raw.split(/[,，、]/).filter((p) => p.trim() !== '')) {
        const found = one(part);
        if ('error' in found) return found;
        keys.push(found.id);
      }
      return { id: keys.join(',') };
    },
  };
}
