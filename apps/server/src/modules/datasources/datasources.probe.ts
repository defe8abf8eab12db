import type { DataSourceKind, DataSourceTestResult } from '@eduqa/contract';
import mysql from 'mysql2/promise';
import pg from 'pg';

/** How long a test waits for the other database before answering 连接超时. */
export const CONNECT_TIMEOUT_MS = 5_000;

export interface ConnectionTarget {
  kind: Exclude<DataSourceKind, 'builtin'>;
  host: string;
  port: number;
  database: string;
  username: string;
  password: string;
}

const errorCode = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
};

/**
 * A driver's failure in Chinese, by its code: pg answers SQLSTATEs (28P01 bad password, 28000 no such
 * role / refused by pg_hba, 3D000 unknown database), mysql2 its ER_* names; both pass socket errors.
 */
export function describeConnectError(
  error: unknown,
  target: Pick<ConnectionTarget, 'host' | 'port' | 'database' | 'username'>,
): string {
  const code = errorCode(error);
  const where = `${target.host}:${target.port}`;
  switch (code) {
    case 'ECONNREFUSED':
      return `无法连接到主机 ${where}：连接被拒绝，请检查主机地址、端口和数据库服务是否已启动`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `无法解析主机地址 ${target.host}，请检查主机地址`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `无法访问主机 ${where}，请检查网络和主机地址`;
    case 'ETIMEDOUT':
    case 'TIMEOUT':
      return `连接 ${where} 超时（${CONNECT_TIMEOUT_MS / 1000} 秒），请检查主机地址、端口和防火墙`;
    case '28P01':
    case '28000':
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR':
    case 'ER_DBACCESS_DENIED_ERROR':
      return `用户名或密码错误（用户 ${target.username}）`;
    case '3D000':
    case 'ER_BAD_DB_ERROR':
      return `数据库 ${target.database} 不存在`;
    default: {
      const message = error instanceof Error ? error.message : String(error);
      // pg reports its own connect timeout without a code.
      if (/timeout/i.test(message))
        return `连接 ${where} 超时（${CONNECT_TIMEOUT_MS / 1000} 秒），请检查主机地址、端口和防火墙`;
      return `连接失败：${message.slice(0, 200)}`;
    }
  }
}

/** Opens one connection, runs `select 1`, closes it; never throws. */
export async function probeConnection(target: ConnectionTarget): Promise<DataSourceTestResult> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  try {
    if (target.kind === 'postgresql') {
      const client = new pg.Client({
        host: target.host,
        port: target.port,
        database: target.database,
        user: target.username,
        password: target.password,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        query_timeout: CONNECT_TIMEOUT_MS,
      });
      // A socket error after connect must not crash the process.
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('select 1');
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
        connectTimeout: CONNECT_TIMEOUT_MS,
      });
      connection.on('error', () => {});
      try {
        await connection.query({ sql: 'select 1', timeout: CONNECT_TIMEOUT_MS });
      } finally {
        await connection.end().catch(() => {});
      }
    }
    return { ok: true, message: `连接成功（${elapsed()} 毫秒）`, elapsedMs: elapsed() };
  } catch (error) {
    return { ok: false, message: describeConnectError(error, target), elapsedMs: elapsed() };
  }
}
