/** A field that names objects by id: `id`, `userId`, `ids`, `taskIds`, and the spec's all-lowercase ones. */
const ID_FIELD = /ids?$/i;

const MAX_IDS = 100;
const MAX_ID_LENGTH = 64;
const MAX_DEPTH = 4;

/**
 * The ids a request names, from its path parameters, query and body: the string (or number) values of
 * fields whose names end in id or ids, at any depth of the body, a comma-joined list split. Kept simple
 * and honest: it reads names, not meanings, so a field that merely ends in "id" counts too, and an object
 * created by the request (whose id the server chose) is not among them. At most 100, each at most 64
 * characters, so a bulk request cannot bloat the trail.
 */
export function objectIdsOf(...sources: unknown[]): string[] {
  const found = new Set<string>();
  const add = (value: unknown) => {
    if (found.size >= MAX_IDS) return;
    if (typeof value === 'number' && Number.isFinite(value)) found.add(String(value));
    if (typeof value !== 'string') return;
    for (const part of value.split(',')) {
      const id = part.trim();
      if (id && id.length <= MAX_ID_LENGTH && found.size < MAX_IDS) found.add(id);
    }
  };
  const walk = (value: unknown, depth: number) => {
    if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
      if (ID_FIELD.test(key)) {
        if (Array.isArray(field)) field.forEach(add);
        else add(field);
      } else {
        walk(field, depth + 1);
      }
    }
  };
  for (const source of sources) walk(source, 0);
  return [...found];
}
