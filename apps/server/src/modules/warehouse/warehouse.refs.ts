import type { FieldRefKind } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/**
 * What a key cell may name: the row's id, or its name (department), number (cycle) or code (object).
 * A name shared by two rows is ambiguous and must be given by id.
 */
export interface RefLookup {
  resolve(raw: string): { id: string } | { error: string };
}

const QUERIES: Record<FieldRefKind, ReturnType<typeof sql>> = {
  department: sql`select id, name as label from departments`,
  cycle: sql`select id, number as label from cycles`,
  object: sql`select id, code as label from diagnosis_objects`,
};

const NOUNS: Record<FieldRefKind, string> = { department: '部门', cycle: '周期', object: '诊断对象' };

export async function loadRefLookup(db: Db, kind: FieldRefKind): Promise<RefLookup> {
  const rows = await queryRows<{ id: string; label: string }>(db, QUERIES[kind]);
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
