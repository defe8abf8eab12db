import { describe, expect, it } from 'vitest';
import { UNREACHABLE } from './datasources.hosts.ts';
import { describeConnectError } from './datasources.probe.ts';

/** A driver's error as mysql2 and pg raise it: the code (and errno) the servers send, the text they wrote. */
const driverError = (code: string | undefined, message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), code === undefined ? {} : { code }, extra);

const target = {
  host: '10.1.2.3',
  port: 3306,
  database: 'jw',
  username: 'reader',
  connectTimeoutMs: 5_000,
};
const describeAs = (error: unknown) => describeConnectError(error, target);

describe('describeConnectError', () => {
  it('names what a MariaDB/MySQL server answered, by its error number', () => {
    // Texts as MariaDB 10/11 sends them (seen against the machine's server).
    expect(
      describeAs(driverError('ER_BAD_DB_ERROR', "Unknown database 'jw'", { errno: 1049, sqlState: '42000' })),
    ).toBe('数据库 jw 不存在');
    expect(
      describeAs(
        driverError('ER_DBACCESS_DENIED_ERROR', "Access denied for user 'reader'@'%' to database 'jw'", {
          errno: 1044,
          sqlState: '42000',
        }),
      ),
    ).toBe('数据库 jw 不存在，或用户 reader 无权访问它');
    expect(
      describeAs(
        driverError(
          'ER_ACCESS_DENIED_ERROR',
          "Access denied for user 'reader'@'127.0.0.1' (using password: YES)",
          { errno: 1045, sqlState: '28000' },
        ),
      ),
    ).toBe('用户名或密码错误（用户 reader）');
  });

  it('names what a PostgreSQL server answered, by its SQLSTATE', () => {
    expect(describeAs(driverError('3D000', 'database "jw" does not exist'))).toBe('数据库 jw 不存在');
    expect(describeAs(driverError('28P01', 'password authentication failed for user "reader"'))).toBe(
      '用户名或密码错误（用户 reader）',
    );
    expect(describeAs(driverError('28000', 'role "reader" does not exist'))).toBe(
      '用户名或密码错误（用户 reader）',
    );
    expect(describeAs(driverError('42501', 'permission denied for database "jw"'))).toBe(
      '用户 reader 无权连接数据库 jw',
    );
  });

  it('names an unknown host, a refused port and a timeout, on either driver', () => {
    expect(
      describeAs(driverError('ENOTFOUND', 'getaddrinfo ENOTFOUND jw-db.invalid', { errno: -3008 })),
    ).toBe('找不到主机 10.1.2.3，请检查主机地址是否正确');
    expect(describeAs(driverError('ECONNREFUSED', 'connect ECONNREFUSED 10.1.2.3:3306'))).toBe(
      '主机 10.1.2.3 的端口 3306 拒绝连接，请检查端口是否正确、数据库服务是否已启动',
    );
    const timedOut =
      '连接主机 10.1.2.3 的端口 3306 超时（5 秒内没有数据库应答），请检查主机地址、端口、数据库类型和防火墙';
    // mysql2's connectTimeout, and pg's connectionTimeoutMillis (no code, only its text).
    expect(describeAs(driverError('ETIMEDOUT', 'connect ETIMEDOUT'))).toBe(timedOut);
    expect(describeAs(driverError(undefined, 'timeout expired'))).toBe(timedOut);
  });

  it('answers one message for what names no cause, never the driver’s text', () => {
    for (const error of [
      driverError('ECONNRESET', 'read ECONNRESET'),
      driverError(undefined, 'Connection terminated unexpectedly'),
      driverError(undefined, 'Received unexpected copyData message from backend.'),
      driverError('PROTOCOL_CONNECTION_LOST', 'SSH-2.0-OpenSSH_9.2 secret-banner'),
      'not even an error',
    ])
      expect(describeAs(error)).toBe(UNREACHABLE);
  });
});
