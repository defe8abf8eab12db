import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import type { EmbeddedClient, EmbeddedTransaction } from './embedded-client.ts';
import { namedStatementOf } from './statement-names.ts';

/**
 * Named statements on PGlite, which offers only unnamed ones: its `query` parses, plans and describes
 * every statement anew in six calls into the database. A named statement is parsed once and, after a
 * few runs, keeps a generic plan; each run is then one call (bind, describe, execute, sync). Measured on
 * the demo school: the session lookup 1.13 → 0.12 ms, an object task's points 0.85 → 0.19 ms.
 *
 * Runs under PGlite's own locks as its `query` does, so it never interleaves with another statement
 * or with an open transaction it is not part of.
 */
export function namedStatementsOf(db: PGlite) {
  /** Name → the type of each parameter, as the database inferred them when it parsed the text. */
  const prepared = new Map<string, number[]>();

  async function prepare(name: string, text: string, options: QueryOptions): Promise<number[]> {
    const known = prepared.get(name);
    if (known) return known;
    // Closing a statement that does not exist is no error: a name left by a failed prepare is replaced.
    const { messages } = await db.execProtocol(
      concat([
        protocol.serialize.close({ type: 'S', name }),
        protocol.serialize.parse({ name, text, types: options.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const types = parse.parseDescribeStatementResults(messages);
    prepared.set(name, types);
    return types;
  }

  async function run(name: string, text: string, params: unknown[], options: QueryOptions): Promise<Results> {
    const types = await prepare(name, text, options);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = db.serializers[types[i] ?? 0];
      return serialize ? serialize(param) : String(param);
    });
    try {
      const { messages } = await db.execProtocol(
        concat([
          protocol.serialize.bind({ statement: name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      const [result] = parse.parseResults(messages, db.parsers, options);
      if (!result) throw new Error(`the named statement ${name} answered nothing`);
      return result;
    } catch (error) {
      // A migration changed what the text reads (cached plan must not change result type), or the
      // statement is gone: prepared again at the next run.
      const code = (error as { code?: unknown }).code;
      if (code === '0A000' || code === '26000') prepared.delete(name);
      throw error;
    }
  }

  return {
    /** As `db.query` or, inside the open transaction, `tx.query` would answer the text. */
    query(
      name: string,
      text: string,
      params: unknown[],
      options: QueryOptions,
      inTransaction: boolean,
    ): Promise<Results> {
      if (inTransaction) return db._runExclusiveQuery(() => run(name, text, params, options));
      return db._runExclusiveTransaction(() =>
        db._runExclusiveQuery(async () => {
          const result = await run(name, text, params, options);
          await db.syncToFs();
          return result;
        }),
      );
    },
  };
}

/**
 * A PGlite of this thread (the tests' in-memory database) that runs the texts the app names as the
 * database's thread runs them: the same statements, the same plans, and the same cost per request.
 */
export function withNamedStatements(db: PGlite): EmbeddedClient {
  const named = namedStatementsOf(db);
  const queryOn =
    (target: Pick<Transaction, 'query'>, inTransaction: boolean) =>
    <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
      const name = namedStatementOf(text);
      if (!name) return target.query<T>(text, params, options);
      return named.query(name, text, params ?? [], options ?? {}, inTransaction) as Promise<Results<T>>;
    };
  return {
    query: queryOn(db, false),
    exec: (text, options) => db.exec(text, options),
    transaction: (callback) =>
      db.transaction((tx) => {
        const open: EmbeddedTransaction = {
          query: queryOn(tx, true),
          exec: (text, options) => tx.exec(text, options),
          rollback: () => tx.rollback(),
          get closed() {
            return tx.closed;
          },
        };
        return callback(open);
      }),
    dumpDataDir: (compression) => db.dumpDataDir(compression),
    close: () => db.close(),
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
