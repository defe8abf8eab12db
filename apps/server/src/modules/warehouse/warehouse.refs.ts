import type { FieldRefKind } from '@eduqa/contract';

/**
 * What a key cell may name: the row's id, or its name (department), number (cycle) or code (object).
 * A name shared by two rows is ambiguous and must be given by id.
 */
export interface RefLookup {
  resolve(raw: string): { id: string } | { error: string };
}

const NOUNS: Record<FieldRefKind, string> = { department: '部门', cycle: '周期', object: '诊断对象' };

export function refLookup(kind: FieldRefKind, rows: ReadonlyArray<{ id: string; label: string }>): RefLookup {
  const ids = new Set(rows.map((r) => r.id));
  const byLabel = new Map<string, string | null>();
  for (const r of rows) byLabel.set(r.label, byLabel.has(r.label) ? null : r.id);
  return {
    resolve(raw) {
      const key = raw.trim();
      if (ids.has(key)) return { id: key };
      const id = byLabel.get(key);
      if (id === undefined) return { error: `${NOUNS[kind]}「${key}」不存在` };
      if (id === null) return { error: `${NOUNS[kind]}「${key}」不唯一，请填写编号` };
      return { id };
    },
  };
}
