import mysql from 'mysql2/promise';
import pg from 'pg';
import { AppError } from '../../platform/errors.ts';
import { UNREACHABLE } from '../datasources/datasources.hosts.ts';
import {
  CONNECT_TIMEOUT_MS,
  type ConnectionTarget,
  describeConnectError,
} from '../datasources/datasources.probe.ts';
import { vetMysqlSource, vetPostgresSource } from '../datasources/datasources.vetting.ts';
import { OVERSIZED } from './warehouse-sandbox.protocol.ts';

/** What a run answers when its answer is past the size limit (describeRunError says it in Chinese). */
export const TOO_BIG = Object.assign(new Error('result too big'), { code: 'RESULT_TOO_BIG' });

/** Bounds of one run. */
export interface RunLimits {
  timeoutMs: number;
  maxRows: number;
  /** The answer's size (strings by their length) above which it is refused instead of sent. */
  maxBytes: number;
}

export const DEFAULT_RUN_LIMITS: RunLimits = {
  timeoutMs: 10_000,
  maxRows: 1_000,
  maxBytes: 16 * 1024 * 1024,
};

/** The role algorithms run as on the built-in database (created by migration 0009). */
export const ALGORITHM_ROLE = 'eduqa_algorithm';

export interface Execution {
  /** Guarded text with placeholders; wrapped here with the row limit. */
  text: string;
  values: unknown[];
  limits: RunLimits;
}

export interface RawRun {
  columns: string[];
  rows: Record<string, unknown>[];
}

/** The row limit: one more row than allowed tells the caller the answer was cut. The newlines end a trailing `--` comment. */
export const limited = (text: string, maxRows: number) =>
  `select * from (\n${text}\n) q limit ${maxRows + 1}`;

/**
 * node-postgres's parsers, but a value whose text is over twice the answer's limit is not parsed:
 * it becomes OVERSIZED and the answer is refused as too big. Parsing runs on the event loop, and a
 * statement answering one 100 MB array kept /api/health waiting 2.8 s. Twice: a value the old rule
 * let through (jsonb's text has spaces JSON.stringify drops) stays within it.
 */
export function boundedTypes(maxBytes: number): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      const parse = pg.types.getTypeParser(oid, format ?? 'text') as (value: unknown) => unknown;
      return (value: unknown) =>
        (typeof value === 'string' || value instanceof Buffer) && value.length > 2 * maxBytes
          ? OVERSIZED
          : parse(value);
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/**
 * Stops reading a statement's answer past `capBytes` on the wire: the socket is closed and `exceeded`
 * turns true, and the run is refused as too big. The driver gathers a whole row before it hands it
 * over, so a 200 MB value was first copied and decoded on the event loop. Four times the answer's
 * limit and 64 KB for the protocol: an answer the size rule accepts is well within it.
 */
export function capReads(client: pg.ClientBase, maxBytes: number) {
  const capBytes = 4 * maxBytes + 64 * 1024;
  // node-postgres keeps its socket as `connection.stream`: not in its types, there since version 1.
  const socket = (
    client as unknown as { connection: { stream: NodeJS.ReadableStream & { destroy(): void } } }
  ).connection.stream;
  let received = 0;
  let counting = false;
  const cap = {
    exceeded: false,
    /** Counts from now: what came before (the vetting, the settings) is not the answer. */
    start() {
      received = 0;
      counting = true;
    },
    /** Stops counting but keeps watching: the next statement on the connection starts anew. */
    pause() {
      counting = false;
    },
    stop() {
      counting = false;
      socket.removeListener('data', onData);
    },
  };
  function onData(chunk: Buffer) {
    if (!counting) return;
    received += chunk.length;
    if (received > capBytes && !cap.exceeded) {
      cap.exceeded = true;
      // The client reports the closed socket as an error event too, after the query's own rejection:
      // expected here, and a pool's checked-out client has no other listener for it.
      client.on('error', () => {});
      socket.destroy();
    }
  }
  socket.on('data', onData);
  return cap;
}

/**
 * The statement itself, on a connection in its read-only transaction: its answer read within bounds.
 * `name` makes it a prepared statement of the connection, parsed and planned at its first run only.
 */
export async function boundedQuery(
  client: pg.ClientBase,
  cap: ReturnType<typeof capReads>,
  execution: Execution,
  name?: string,
): Promise<RawRun> {
  const { limits } = execution;
  cap.start();
  const result = await client
    .query({
      name,
      text: limited(execution.text, limits.maxRows),
      values: execution.values,
      types: boundedTypes(limits.maxBytes),
    })
    .finally(() => cap.pause());
  return { columns: result.fields.map((f) => f.name), rows: result.rows as Record<string, unknown>[] };
}

function codeOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = cause?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : String(code ?? '');
}

function messageOf(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { message?: unknown } | undefined) : undefined;
  const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
  return String(message).slice(0, 300);
}

/** A database's refusal in Chinese, always a 4xx: the SQL is the user's, not the platform's fault. */
export function describeRunError(error: unknown, limits: RunLimits): AppError {
  if (error instanceof AppError) return error;
  const code = codeOf(error);
  const message = messageOf(error);
  const seconds = limits.timeoutMs / 1000;
  if (code === 'RESULT_TOO_BIG') {
    return new AppError(
      'UNPROCESSABLE',
      `查询结果过大（超过 ${Math.round(limits.maxBytes / 1024 / 1024)} MB），请减少返回的行或列`,
    );
  }
  if (code === 'BROKEN') {
    return new AppError('UNPROCESSABLE', 'SQL 执行失败：查询占用的内存超过上限，已终止');
  }
  if (
    ['TIMEOUT', '57014', 'ER_QUERY_TIMEOUT', 'ER_STATEMENT_TIMEOUT', 'PROTOCOL_SEQUENCE_TIMEOUT'].includes(
      code,
    )
  ) {
    return new AppError('UNPROCESSABLE', `执行超时（超过 ${seconds} 秒），请优化 SQL`);
  }
  if (/maximum statement execution time|max_statement_time/i.test(message)) {
    return new AppError('UNPROCESSABLE', `执行超时（超过 ${seconds} 秒），请优化 SQL`);
  }
  if (code === '42501' || code === 'ER_TABLEACCESS_DENIED_ERROR') {
    return new AppError('UNPROCESSABLE', `没有读取权限：${message}`);
  }
  if (code === '25006' || code === 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION') {
    return new AppError('UNPROCESSABLE', '只读事务中不允许修改数据');
  }
  if (/role "eduqa_algorithm" does not exist|permission denied to set role/i.test(message)) {
    return new AppError('UNPROCESSABLE', '算法运行角色不可用，请联系管理员检查数据库迁移');
  }
  return new AppError('UNPROCESSABLE', `SQL 执行失败：${message}`);
}

/** A failed connect: the one network answer alone, a database's answer after what failed. */
function connectFailure(error: unknown, target: ConnectionTarget): AppError {
  const message = describeConnectError(error, target);
  return new AppError('UNPROCESSABLE', message === UNREACHABLE ? message : `数据源连接失败：${message}`);
}

/**
 * An external PostgreSQL: the source's own user, vetted right after connecting (datasources.vetting.ts:
 * not the platform's database, no system database or schema, no superuser, file role or write right),
 * then a read-only transaction with the same timeout. `target.host` is the address the connections
 * checked against DATA_SOURCE_HOSTS.
 */
export async function runPostgres(target: ConnectionTarget, run: Execution): Promise<RawRun> {
  const { limits } = run;
  const client = new pg.Client({
    host: target.host,
    port: target.port,
    database: target.database,
    user: target.username,
    password: target.password,
    connectionTimeoutMillis: target.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    statement_timeout: limits.timeoutMs,
    query_timeout: limits.timeoutMs + 2_000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw connectFailure(error, target);
  }
  const cap = capReads(client, limits.maxBytes);
  try {
    await vetPostgresSource(client, target);
    await client.query('begin transaction read only');
    await client.query(`set local statement_timeout = ${Math.trunc(limits.timeoutMs)}`);
    const answer = await boundedQuery(client, cap, run);
    await client.query('rollback');
    return answer;
  } catch (error) {
    throw describeRunError(cap.exceeded ? TOO_BIG : error, limits);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * MySQL / MariaDB: the source's own user, vetted right after connecting (no system database, nothing
 * beyond SELECT), a read-only session and transaction, a server-side time limit (MySQL's
 * max_execution_time in ms, MariaDB's max_statement_time in s) and the driver's own timeout, and values
 * bound by a server-side prepared statement (`execute`).
 */
export async function runMysql(target: ConnectionTarget, run: Execution): Promise<RawRun> {
  const { limits } = run;
  let connection: mysql.Connection;
  try {
    connection = await mysql.createConnection({
      host: target.host,
      port: target.port,
      database: target.database,
      user: target.username,
      password: target.password,
      connectTimeout: target.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      dateStrings: true,
    });
  } catch (error) {
    throw connectFailure(error, target);
  }
  connection.on('error', () => {});
  try {
    const { version } = await vetMysqlSource(connection);
    await connection.query(
      /mariadb/i.test(version)
        ? `set session max_statement_time = ${limits.timeoutMs / 1000}`
        : `set session max_execution_time = ${Math.trunc(limits.timeoutMs)}`,
    );
    // The guard's parser reads `"…"` as a string and a backslash nowhere: the session must read them
    // alike whatever the server's default mode (ANSI_QUOTES would make `"…"` a name).
    await connection.query("set session sql_mode = 'NO_ENGINE_SUBSTITUTION,NO_BACKSLASH_ESCAPES'");
    await connection.query('set session transaction read only');
    await connection.query('start transaction read only');
    const [rows, fields] = await connection.execute(
      { sql: limited(run.text, limits.maxRows), timeout: limits.timeoutMs + 2_000 },
      run.values as Array<string | number | null>,
    );
    await connection.query('rollback');
    return {
      columns: (fields ?? []).map((f) => f.name),
      rows: rows as Record<string, unknown>[],
    };
  } catch (error) {
    throw describeRunError(error, limits);
  } finally {
    connection.destroy();
  }
}
