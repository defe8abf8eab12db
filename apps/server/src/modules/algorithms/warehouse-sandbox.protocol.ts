/** The messages between the server and the warehouse sandbox's worker thread. */

export interface SandboxTable {
  name: string;
  columns: Array<{ name: string; type: string }>;
  rows: number;
  /** The table's rows in PostgreSQL's binary COPY format. */
  data: Uint8Array;
}

export type SandboxRequest =
  /** `snapshot`: answer with the loaded database's data directory, which a later thread restores. */
  | { kind: 'load'; tables: SandboxTable[]; snapshot: boolean }
  /** A data directory a `load` answered with (gzip tar): the warehouse without initdb and COPY. */
  | { kind: 'restore'; dataDir: Uint8Array }
  | { kind: 'run'; text: string; values: unknown[]; maxBytes: number }
  /** The parameter types PostgreSQL infers for a text (statement-set.ts). */
  | { kind: 'types'; text: string };

export type SandboxReply =
  | { kind: 'loaded'; dataDir?: Uint8Array }
  | { kind: 'rows'; columns: string[]; rows: Record<string, unknown>[] }
  | { kind: 'types'; types: string[] }
  /** `code`: a SQLSTATE, RESULT_TOO_BIG, or BROKEN when the database itself failed (the thread is replaced). */
  | { kind: 'error'; code: string; message: string };

/**
 * What a driver puts in place of a value whose text alone is past the answer's limit, instead of
 * parsing it: node-postgres parses a value on the event loop, and a 100 MB integer array held the whole
 * server for seconds (algorithm-executors.ts `boundedTypes`). An answer holding one is too big.
 */
export const OVERSIZED: unique symbol = Symbol('oversized');

/**
 * An answer's size, strings by their length (3 bytes a character at most in UTF-8), binary by its
 * bytes, other values by a small constant; stops counting once past `limit`. Cheap enough to run on
 * every answer before it is sent anywhere.
 */
export function approximateBytes(rows: Record<string, unknown>[], limit: number): number {
  let total = 0;
  for (const row of rows) {
    for (const value of Object.values(row)) {
      if (value === OVERSIZED) return Number.POSITIVE_INFINITY;
      if (typeof value === 'string') total += value.length * 3;
      else if (value instanceof Uint8Array) total += value.byteLength;
      else if (value !== null && typeof value === 'object')
        total += JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? String(v) : v)).length;
      else total += 16;
      if (total > limit) return total;
    }
  }
  return total;
}
