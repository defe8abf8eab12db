import { type SQL, sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import type { Database, Db } from '../../db/client.ts';
import {
  ALGORITHM_ROLE,
  boundedQuery,
  capReads,
  describeRunError,
  type Execution,
  limited,
  type RawRun,
  TOO_BIG,
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
 * PostgreSQL: a read-only transaction on a connection of the pool as the role that can read only
 * `dw`, with the server's own statement timeout and values past the answer's limit left unparsed
 * (boundedTypes); the pool's other connections keep answering other users meanwhile.
 * PGlite: the warehouse sandbox (a copy of `dw` in a worker thread, see warehouse-sandbox.ts). The
 * Neither (the demo seed, whose warehouse is still in its own transaction): the same transaction
 * settings through Drizzle on that transaction, for the seed's own statements. The `$n` in the text
 * are the guard's placeholders: it refuses any the user typed, so splitting on them cannot misplace a value.
 */
export function createBuiltinExecutor(database: Pick<Database, 'db' | 'pool' | 'pglite'>): BuiltinExecutor {
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
  const { pool } = database;
  if (!pool) return inTransaction(database.db);
  return {
    async run(execution) {
      const { limits } = execution;
      let client: PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw describeRunError(error, limits);
      }
      let broken: Error | undefined;
      const cap = capReads(client, limits.maxBytes);
      try {
        await client.query('begin transaction read only');
        await client.query(`set local role ${ALGORITHM_ROLE}`);
        await client.query('set local search_path = dw');
        await client.query(`set local statement_timeout = ${Math.trunc(limits.timeoutMs)}`);
        const answer = await boundedQuery(client, cap, execution);
        if (approximateBytes(answer.rows, limits.maxBytes) > limits.maxBytes) throw TOO_BIG;
        return answer;
      } catch (error) {
        throw describeRunError(cap.exceeded ? TOO_BIG : error, limits);
      } finally {
        cap.stop();
        // A connection cut for its answer's size, or that cannot even roll back, is dropped, not
        // handed to the next user.
        if (cap.exceeded) broken = TOO_BIG;
        else
          await client.query('rollback').catch((error: Error) => {
            broken = error;
          });
        client.release(broken);
      }
    },
    close: async () => {},
  };
}

function inTransaction(db: Db): BuiltinExecutor {
  return {
    async run(execution) {
      const { limits } = execution;
      try {
        const raw = await db.transaction(async (tx) => {
          await tx.execute(sql`set transaction read only`);
          await tx.execute(sql.raw(`set local role ${ALGORITHM_ROLE}`));
          await tx.execute(sql`set local search_path = dw`);
          await tx.execute(sql.raw(`set local statement_timeout = ${Math.trunc(limits.timeoutMs)}`));
          const result = (await tx.execute(
            boundStatement(limited(execution.text, limits.maxRows), execution.values),
          )) as unknown as DriverResult;
          return { columns: (result.fields ?? []).map((f) => f.name), rows: result.rows };
        });
        if (approximateBytes(raw.rows, limits.maxBytes) > limits.maxBytes) throw TOO_BIG;
        return raw;
      } catch (error) {
        throw describeRunError(error, limits);
      }
    },
    close: async () => {},
  };
}
