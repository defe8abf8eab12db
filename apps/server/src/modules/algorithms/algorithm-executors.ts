import { type SQL, sql } from 'drizzle-orm';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import {
  CONNECT_TIMEOUT_MS,
  type ConnectionTarget,
  describeConnectError,
} from '../datasources/datasources.probe.ts';

/** Bounds of one run. */
export interface RunLimits {
  timeoutMs: number;
  maxRows: number;
  /** PGlite only: the planner's total cost above which a statement is refused before it runs. */
  maxCost: number;
}

export const DEFAULT_RUN_LIMITS: RunLimits = { timeoutMs: 10_000, maxRows: 1_000, maxCost: 2_000_000 };

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

const fail = (message: string): never => {
  throw new AppError('UNPROCESSABLE', message);
};

/** The row limit: one more row than allowed tells the caller the answer was cut. The newlines end a trailing `--` comment. */
const limited = (text: string, maxRows: number) => `select * from (\n${text}\n) q limit ${maxRows + 1}`;

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
function describeRunError(error: unknown, limits: RunLimits): AppError {
  if (error instanceof AppError) return error;
  const code = codeOf(error);
  const message = messageOf(error);
  const seconds = limits.timeoutMs / 1000;
  if (['57014', 'ER_QUERY_TIMEOUT', 'ER_STATEMENT_TIMEOUT', 'PROTOCOL_SEQUENCE_TIMEOUT'].includes(code)) {
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
 * The built-in database: a read-only transaction as the role that can read only `dw`, with a
 * statement timeout and a row limit. PGlite (the embedded database of `npm start` and the default
 * tests) ignores statement_timeout — pg_sleep(3) runs its 3 s — and runs in Node's own thread, so a
 * long statement would stall the whole server: there the planner's estimate (EXPLAIN) must stay below
 * `maxCost` before the statement runs, and the guard keeps sleeping, recursive and value-inflating
 * functions off the allowlist. The `$n` in `text` are this module's placeholders: the guard refuses
 * any the user typed, so splitting on them cannot misplace a value.
 */
export async function runBuiltin(database: Pick<Database, 'db' | 'driver'>, run: Execution): Promise<RawRun> {
  const { limits } = run;
  try {
    return await database.db.transaction(async (tx) => {
      await tx.execute(sql`set transaction read only`);
      await tx.execute(sql.raw(`set local role ${ALGORITHM_ROLE}`));
      await tx.execute(sql`set local search_path = dw`);
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.trunc(limits.timeoutMs)}`));
      const statement = limited(run.text, limits.maxRows);
      // The plan of the wrapped statement: a LIMIT over a streaming plan really stops early (its cost is
      // cut accordingly), while sorts and aggregates keep the full cost of their input in the estimate.
      if (database.driver === 'pglite') {
        const plan = (await tx.execute(
          boundStatement(`explain (format json) ${statement}`, run.values),
        )) as unknown as DriverResult;
        const cost = planCost(plan.rows[0]);
        if (cost > limits.maxCost) {
          fail(`查询估算代价过高（${Math.round(cost)}，上限 ${limits.maxCost}），请缩小范围或加上条件`);
        }
      }
      const result = (await tx.execute(boundStatement(statement, run.values))) as unknown as DriverResult;
      return { columns: (result.fields ?? []).map((f) => f.name), rows: result.rows };
    });
  } catch (error) {
    throw describeRunError(error, limits);
  }
}

function planCost(row: Record<string, unknown> | undefined): number {
  const value = row ? Object.values(row)[0] : undefined;
  const plan = (typeof value === 'string' ? JSON.parse(value) : value) as Array<{
    Plan?: { 'Total Cost'?: number };
  }>;
  return Number(plan?.[0]?.Plan?.['Total Cost'] ?? Number.POSITIVE_INFINITY);
}

/** An external PostgreSQL: the source's own user, a read-only transaction, the same timeout. */
export async function runPostgres(target: ConnectionTarget, run: Execution): Promise<RawRun> {
  const { limits } = run;
  const client = new pg.Client({
    host: target.host,
    port: target.port,
    database: target.database,
    user: target.username,
    password: target.password,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    statement_timeout: limits.timeoutMs,
    query_timeout: limits.timeoutMs + 2_000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new AppError('UNPROCESSABLE', `数据源连接失败：${describeConnectError(error, target)}`);
  }
  try {
    await client.query('begin transaction read only');
    await client.query(`set local statement_timeout = ${Math.trunc(limits.timeoutMs)}`);
    const result = await client.query(limited(run.text, limits.maxRows), run.values);
    await client.query('rollback');
    return { columns: result.fields.map((f) => f.name), rows: result.rows as Record<string, unknown>[] };
  } catch (error) {
    throw describeRunError(error, limits);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * MySQL / MariaDB: the source's own user, a read-only session and transaction, a server-side time
 * limit (MySQL's max_execution_time in ms, MariaDB's max_statement_time in s) and the driver's own
 * timeout, and values bound by a server-side prepared statement (`execute`).
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
      connectTimeout: CONNECT_TIMEOUT_MS,
      dateStrings: true,
    });
  } catch (error) {
    throw new AppError('UNPROCESSABLE', `数据源连接失败：${describeConnectError(error, target)}`);
  }
  connection.on('error', () => {});
  try {
    const [versionRows] = await connection.query('select version() as v');
    const version = String((versionRows as Array<{ v?: unknown }>)[0]?.v ?? '');
    await connection.query(
      /mariadb/i.test(version)
        ? `set session max_statement_time = ${limits.timeoutMs / 1000}`
        : `set session max_execution_time = ${Math.trunc(limits.timeoutMs)}`,
    );
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
