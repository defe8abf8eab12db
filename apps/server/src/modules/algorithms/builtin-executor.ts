import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  ALGORITHM_ROLE,
  describeRunError,
  type Execution,
  limited,
  type RawRun,
} from './algorithm-executors.ts';
import { approximateBytes } from './warehouse-sandbox.protocol.ts';
import { createWarehouseSandbox } from './warehouse-sandbox.ts';

/** Runs guarded statements on the platform's own database (the built-in source). */
export interface BuiltinExecutor {
  run(execution: Execution): Promise<RawRun>;
  close(): Promise<void>;
}

/** Text and values → one Drizzle statement whose placeholders Drizzle numbers in the same order ($1, $2 …). */
function boundStatement(text: string, values: unknown[]): SQL {
  const pieces = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  pieces.forEach((piece, index) => {
    chunks.push(index % 2 === 0 ? sql.raw(piece) : sql`${values[Number(piece) - 1] ?? null}`);
  });
  return sql.join(chunks, sql.raw(''));
}

interface DriverResult {
  rows: Record<string, unknown>[];
  fields?: Array<{ name: string }>;
}

/**
 * PostgreSQL: a read-only transaction on the pool as the role that can read only `dw`, with the
 * server's own statement timeout; the pool's other connections keep answering other users meanwhile.
 * PGlite: the warehouse sandbox (a copy of `dw` in a worker thread, see warehouse-sandbox.ts). The
 * `$n` in the text are this module's placeholders: the guard refuses any the user typed, so splitting
 * on them cannot misplace a value.
 */
export function createBuiltinExecutor(database: Pick<Database, 'db' | 'driver' | 'pglite'>): BuiltinExecutor {
  if (database.pglite) {
    const sandbox = createWarehouseSandbox(database.pglite);
    return {
      async run(execution) {
        const { limits } = execution;
        const outcome = await sandbox.run({
          text: limited(execution.text, limits.maxRows),
          values: execution.values,
          timeoutMs: limits.timeoutMs,
          maxBytes: limits.maxBytes,
        });
        if (outcome.kind === 'error')
          throw describeRunError(Object.assign(new Error(outcome.message), { code: outcome.code }), limits);
        return { columns: outcome.columns, rows: outcome.rows };
      },
      close: () => sandbox.close(),
    };
  }
  return {
    async run(execution) {
      const { limits } = execution;
      try {
        const raw = await database.db.transaction(async (tx) => {
          await tx.execute(sql`set transaction read only`);
          await tx.execute(sql.raw(`set local role ${ALGORITHM_ROLE}`));
          await tx.execute(sql`set local search_path = dw`);
          await tx.execute(sql.raw(`set local statement_timeout = ${Math.trunc(limits.timeoutMs)}`));
          const result = (await tx.execute(
            boundStatement(limited(execution.text, limits.maxRows), execution.values),
          )) as unknown as DriverResult;
          return { columns: (result.fields ?? []).map((f) => f.name), rows: result.rows };
        });
        if (approximateBytes(raw.rows, limits.maxBytes) > limits.maxBytes)
          throw Object.assign(new Error(''), { code: 'RESULT_TOO_BIG' });
        return raw;
      } catch (error) {
        throw describeRunError(error, limits);
      }
    },
    close: async () => {},
  };
}
