import type { DataSourceKind, DataSourceTestResult } from '@eduqa/contract';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { AppError } from '../../platform/errors.ts';
import { hostNotFoundMessage, UNREACHABLE } from './datasources.hosts.ts';
import { type DatabaseIdentity, vetMysqlSource, vetPostgresSource } from './datasources.vetting.ts';

/** How long a connection waits for the other database before giving up. */
export const CONNECT_TIMEOUT_MS = 5_000;

export interface ConnectionTarget {
  kind: Exclude<DataSourceKind, 'builtin'>;
  /** Where to connect: the address DATA_SOURCE_HOSTS allowed (see datasources.hosts.ts), or a listed name. */
  host: string;
  port: number;
  database: string;
  username: string;
  password: string;
  /** CONNECT_TIMEOUT_MS unless shortened (tests). */
  connectTimeoutMs?: number | undefined;
  /** The platform's own database, which a source must not be; absent or null when it cannot be reached. */
  platformDatabase?: DatabaseIdentity | null | undefined;
}

const errorCode = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
};

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** pg's own connect timeout (connectionTimeoutMillis) carries no code, only its text. */
const PG_CONNECT_TIMEOUT = /^timeout expired$|connection timeout/i;

/** The network's answer before any database spoke, named for what it is; undefined for anything else. */
function describeNetworkError(
  error: unknown,
  target: Pick<ConnectionTarget, 'host' | 'port' | 'connectTimeoutMs'>,
): string | undefined {
  const code = errorCode(error);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return hostNotFoundMessage(target.host);
  if (code === 'ECONNREFUSED')
    return `主机 ${target.host} 的端口 ${target.port} 拒绝连接，请检查端口是否正确、数据库服务是否已启动`;
  if (code === 'ETIMEDOUT' || (code === '' && PG_CONNECT_TIMEOUT.test(errorMessage(error)))) {
    const seconds = (target.connectTimeoutMs ?? CONNECT_TIMEOUT_MS) / 1000;
    return `连接主机 ${target.host} 的端口 ${target.port} 超时（${seconds} 秒内没有数据库应答），请检查主机地址、端口、数据库类型和防火墙`;
  }
  return undefined;
}

/**
 * A driver's failure in Chinese, named for what failed. A database's own answers: pg's SQLSTATEs
 * (3D000 unknown database, 28P01 bad password, 28000 no such role or refused by pg_hba, 42501 no
 * CONNECT right) and mysql2's ER_* names. MariaDB answers a user who may not see a database with
 * 1044 whether the database is missing or only not theirs (it will not tell which), so that answer
 * names both; only a user who may see every database (root) gets 1049 for a missing one. Before any
 * database spoke: an unknown host, a refused port, a timeout. What is left (reset, closed, another
 * protocol's bytes) is UNREACHABLE, and the driver's text (which can quote what the other end sent) is
 * never shown.
 */
export function describeConnectError(
  error: unknown,
  target: Pick<ConnectionTarget, 'database' | 'username' | 'host' | 'port' | 'connectTimeoutMs'>,
): string {
  switch (errorCode(error)) {
    case '28P01':
    case '28000':
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR':
      return `用户名或密码错误（用户 ${target.username}）`;
    case 'ER_DBACCESS_DENIED_ERROR':
      return `数据库 ${target.database} 不存在，或用户 ${target.username} 无权访问它`;
    case '42501':
      return `用户 ${target.username} 无权连接数据库 ${target.database}`;
    case '3D000':
    case 'ER_BAD_DB_ERROR':
      return `数据库 ${target.database} 不存在`;
    default:
      if (/^SASL: SCRAM-SERVER-FIRST-MESSAGE: client password/.test(errorMessage(error))) {
        return `用户名或密码错误（用户 ${target.username}）`;
      }
      return describeNetworkError(error, target) ?? UNREACHABLE;
  }
}

/**
 * Opens one connection, vets the source (datasources.vetting.ts) and closes it; never throws. The
 * connection goes to `target.host` only: the caller has checked it against DATA_SOURCE_HOSTS.
 */
export async function probeConnection(target: ConnectionTarget): Promise<DataSourceTestResult> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const timeout = target.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  let connected = false;
  try {
    if (target.kind === 'postgresql') {
      const client = new pg.Client({
        host: target.host,
        port: target.port,
        database: target.database,
        user: target.username,
        password: target.password,
        connectionTimeoutMillis: timeout,
        query_timeout: timeout,
      });
      // A socket error after connect must not crash the process.
      client.on('error', () => {});
      try {
        await client.connect();
        connected = true;
        await vetPostgresSource(client, target);
      } finally {
        await client.end().catch(() => {});
      }
    } else {
      const connection = await mysql.createConnection({
        host: target.host,
        port: target.port,
        database: target.database,
        user: target.username,
        password: target.password,
        connectTimeout: timeout,
      });
      connected = true;
      connection.on('error', () => {});
      try {
        await vetMysqlSource(connection);
      } finally {
        await connection.end().catch(() => {});
      }
    }
    return { ok: true, message: `连接成功（${elapsed()} 毫秒）`, elapsedMs: elapsed() };
  } catch (error) {
    const message =
      error instanceof AppError
        ? error.message
        : connected
          ? `读取数据源用户的权限失败：${errorMessage(error).slice(0, 200)}`
          : describeConnectError(error, target);
    return { ok: false, message, elapsedMs: elapsed() };
  }
}
