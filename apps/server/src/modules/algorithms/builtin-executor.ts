import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import pg, { type PoolClient } from 'pg';
import type { Database, Db } from '../../db/client.ts';
import {
  ALGORITHM_ROLE,
  boundedQuery,
  capReads,
  describeRunError,
  type Execution,
  limited,
  type RawRun,
  type RunLimits,
  TOO_BIG,
} from './algorithm-executors.ts';
import {
  MAX_SET_RUNS,
  partSet,
  type StatementSet,
  setStatement,
  setValues,
  typesProbe,
} from './statement-set.ts';
import { approximateBytes } from './warehouse-sandbox.protocol.ts';
import { createWarehouseSandbox, oneAtATime } from './warehouse-sandbox.ts';

/** A guarded statement with its values; the limits are the session's. */
export type Statement = Omit<Execution, 'limits'>;

/** Many statements in one envelope, one at a time; an error in one is that statement's alone. */
export interface BuiltinSession {
  run(statement: Statement): Promise<RawRun>;
  /**
   * Each value list's answer from one statement (statement-set.ts), in order; undefined when the set
   * did not run as one — its text cannot be, or the statement failed — and each is to be run alone,
   * which tells whose run failed and why. The session's limits hold for each list's answer.
   */
  runEach(set: StatementSet): Promise<RawRun[] | undefined>;
  close(): Promise<void>;
}

/** Runs guarded statements on the platform's own database (the built-in source). */
export interface BuiltinExecutor {
  run(execution: Execution): Promise<RawRun>;
  /** The envelope opened once for many statements (collection runs one per object and cycle). */
  session(limits: RunLimits): BuiltinSession;
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

/** A one-statement session: how a single run (试运行, a card, a why) uses the same envelope. */
async function once(open: (limits: RunLimits) => BuiltinSession, execution: Execution): Promise<RawRun> {
  const session = open(execution.limits);
  try {
    return await session.run(execution);
  } finally {
    await session.close();
  }
}

/**
 * PostgreSQL: a read-only transaction on a connection of the pool as the role that can read only
 * `dw`, with the server's own statement timeout and values past the answer's limit left unparsed
 * (boundedTypes); the pool's other connections keep answering other users meanwhile.
 * PGlite: the warehouse sandbox (a copy of `dw` in a worker thread, see warehouse-sandbox.ts).
 * Neither (the demo seed, whose warehouse is still in its own transaction): the same transaction
 * settings through Drizzle on that transaction, for the seed's own statements. The `$n` in the text
 * are the guard's placeholders: it refuses any the user typed, so splitting on them cannot misplace a value.
 */
export function createBuiltinExecutor(database: Pick<Database, 'db' | 'pool' | 'pglite'>): BuiltinExecutor {
  if (database.pglite) {
    const sandbox = createWarehouseSandbox(database.pglite);
    const session = (limits: RunLimits): BuiltinSession => {
      const statements = sandbox.session();
      const typesOf = typesOnce((text) => statements.types(text));
      return {
        async run(statement) {
          const outcome = await statements.run({
            text: limited(statement.text, limits.maxRows),
            values: statement.values,
            timeoutMs: limits.timeoutMs,
            maxBytes: limits.maxBytes,
          });
          if (outcome.kind === 'error')
            throw describeRunError(Object.assign(new Error(outcome.message), { code: outcome.code }), limits);
          return { columns: outcome.columns, rows: outcome.rows };
        },
        async runEach(set) {
          const types = await typesOf(set.text);
          const text = types && setStatement(set.text, types, limits.maxRows);
          if (!types || !text) return undefined;
          const outcome = await statements.run({
            text,
            values: setValues(set, types.length),
            timeoutMs: limits.timeoutMs,
            maxBytes: limits.maxBytes,
          });
          return outcome.kind === 'rows' ? partSet(outcome, set.valueLists.length) : undefined;
        },
        close: async () => {},
      };
    };
    return { run: (execution) => once(session, execution), session, close: () => sandbox.close() };
  }
  const { pool } = database;
  if (!pool) return inTransaction(database.db);
  return {
    run: (execution) => once((limits) => pgSession(pooled(pool), limits), execution),
    session: (limits) => pgSession(dedicated(pool), limits),
    close: async () => {},
  };
}

/** Each text's parameter types, asked once per session; undefined when the text could not be prepared. */
function typesOnce(ask: (text: string) => Promise<string[] | undefined>) {
  const known = new Map<string, Promise<string[] | undefined>>();
  return (text: string) => {
    let types = known.get(text);
    if (!types) {
      types = ask(text).catch(() => undefined);
      known.set(text, types);
    }
    return types;
  };
}

/** Where a session's connection comes from and goes back to, and whether its statements are named. */
interface Connector {
  connect(): Promise<pg.ClientBase>;
  release(client: pg.ClientBase, broken: Error | undefined): void;
  named: boolean;
}

/** A single run: a connection of the pool, its statements unnamed. */
const pooled = (pool: pg.Pool): Connector => ({
  connect: () => pool.connect(),
  release: (client, broken) => (client as PoolClient).release(broken),
  named: false,
});

/**
 * A batch: a connection of its own, closed with it, so that its statements can be prepared once and
 * executed many times (a collection run repeats each version's text per object and cycle; parsing
 * and planning it each time cost more than running it) without leaving prepared statements behind
 * on the pool's connections.
 */
const dedicated = (pool: pg.Pool): Connector => ({
  async connect() {
    const client = new pg.Client(pool.options);
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return client;
  },
  release: (client) => void (client as pg.Client).end().catch(() => {}),
  named: true,
});

/**
 * How long one read-only transaction of a session lasts before the next statement opens another: it
 * holds its tables' share locks until it ends, and a change of a warehouse table's structure waits
 * for them (and every reader after it waits behind that change).
 */
const ENVELOPE_MAX_MS = 1_000;

/** The envelope in one round trip: simple-protocol text of the platform's own, no value of a user's. */
const envelopeText = (timeoutMs: number) =>
  `begin transaction read only; set local role ${ALGORITHM_ROLE}; set local search_path = dw; ` +
  `set local statement_timeout = ${Math.trunc(timeoutMs)}`;

/**
 * One connection for the whole session, one read-only transaction for many statements:
 * statement_timeout is per statement in PostgreSQL, and each statement's answer is read within the
 * byte cap. A statement that fails aborts the transaction: it is rolled back and the next statement
 * opens a new one. A connection cut for its answer's size, or that cannot even roll back, is dropped,
 * not handed to the next user.
 */
function pgSession(connector: Connector, limits: RunLimits): BuiltinSession {
  let held: { client: pg.ClientBase; cap: ReturnType<typeof capReads> } | undefined;
  /** Each text's statement name: the same text always gets the same name, a changed one another. */
  const names = new Map<string, string>();
  /** Set when the connection itself failed (the server ended it): it is dropped, not reused. */
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost = error;
  };
  /** When the open transaction began; undefined when none is open. */
  let openedAt: number | undefined;
  const enqueue = oneAtATime();

  function release(broken?: Error) {
    const current = held;
    const reason = broken ?? lost;
    held = undefined;
    openedAt = undefined;
    lost = undefined;
    if (!current) return;
    current.cap.stop();
    current.client.removeListener('error', onError);
    connector.release(current.client, reason);
  }

  async function end() {
    if (!held || openedAt === undefined) return;
    openedAt = undefined;
    await held.client.query('rollback').catch((error: Error) => release(error));
  }

  async function open() {
    if (held && openedAt !== undefined && performance.now() - openedAt < ENVELOPE_MAX_MS) return held;
    await end();
    if (!held) {
      const client = await connector.connect();
      client.on('error', onError);
      held = { client, cap: capReads(client, limits.maxBytes) };
    }
    // Counted as open before it is: an envelope that fails half-way is rolled back all the same.
    openedAt = performance.now();
    await held.client.query(envelopeText(limits.timeoutMs));
    return held;
  }

  function nameOf(text: string): string | undefined {
    if (!connector.named) return undefined;
    let name = names.get(text);
    if (!name) {
      name = `algorithm_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
      names.set(text, name);
    }
    return name;
  }

  /** `bounds`: a set's, whose row limit is its runs' together. */
  async function runNow(statement: Statement, bounds = limits): Promise<RawRun> {
    try {
      const { client, cap } = await open();
      const answer = await boundedQuery(
        client,
        cap,
        { ...statement, limits: bounds },
        nameOf(statement.text),
      );
      if (approximateBytes(answer.rows, bounds.maxBytes) > bounds.maxBytes) throw TOO_BIG;
      return answer;
    } catch (error) {
      if (held?.cap.exceeded) {
        release(TOO_BIG);
        throw describeRunError(TOO_BIG, limits);
      }
      await end();
      if (lost) release();
      throw describeRunError(error, limits);
    }
  }

  const typesOf = typesOnce(async (text) => {
    try {
      const { client } = await open();
      const answers = (await client.query(typesProbe(text))) as unknown as pg.QueryResult[];
      return answers[1]?.rows[0]?.types as string[] | undefined;
    } catch {
      await end();
      if (lost) release();
      return undefined;
    }
  });

  async function runEachNow(set: StatementSet): Promise<RawRun[] | undefined> {
    const types = await typesOf(set.text);
    const text = types && setStatement(set.text, types, limits.maxRows);
    const runs = set.valueLists.length;
    if (!types || !text || runs > MAX_SET_RUNS) return undefined;
    try {
      const answer = await runNow(
        { text, values: setValues(set, types.length) },
        { ...limits, maxRows: MAX_SET_RUNS * (limits.maxRows + 1) },
      );
      return partSet(answer, runs);
    } catch {
      return undefined;
    }
  }

  return {
    run: (statement) => enqueue(() => runNow(statement)),
    runEach: (set) => enqueue(() => runEachNow(set)),
    close: () =>
      enqueue(async () => {
        await end();
        release();
      }),
  };
}

function inTransaction(db: Db): BuiltinExecutor {
  const run = async (execution: Execution): Promise<RawRun> => {
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
  };
  return {
    run,
    // The seed's few statements: each in its own transaction, as a single run.
    session: (limits) => ({
      run: (statement) => run({ ...statement, limits }),
      runEach: async () => undefined,
      close: async () => {},
    }),
    close: async () => {},
  };
}
