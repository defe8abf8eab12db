import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { datasourceEndpoints as E } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  refused,
  type Session,
  signIn,
  TEST_DATA_SOURCE_HOSTS,
  type TestApp,
} from '../../../test/app.ts';
import {
  type ExternalSource,
  MARIA_ADMIN,
  POSTGRES_ADMIN,
  readerOnMaria,
  readerOnPostgres,
} from '../../../test/external-sources.ts';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { DEFAULT_RUN_LIMITS, runMysql, runPostgres } from '../algorithms/algorithm-executors.ts';
import { createDataSourceConnections, type SourceReach } from './datasources.connections.ts';
import { sealSecret } from './datasources.crypto.ts';
import { createHostAllowList, notAllowedMessage, UNREACHABLE } from './datasources.hosts.ts';
import type { ConnectionTarget } from './datasources.probe.ts';
import { createDataSourcesRepo, type DataSourceRow } from './datasources.repo.ts';
import { type DatabaseIdentity, IDENTITY_SQL, privilegesOfGrant } from './datasources.vetting.ts';

const PASSWORD = 'Vet-Pass-1';
const LIMITS = { ...DEFAULT_RUN_LIMITS, timeoutMs: 2_000 };
const execution = (text: string) => ({ text, values: [], limits: LIMITS });

/** The Chinese refusal of a run (connections or executor), or '' when it ran. */
async function runRefusal(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  return '';
}

/** Ports that answer like no database: accept and close, accept and stay silent, another protocol's banner. */
async function fakeServices() {
  const connections: string[] = [];
  const sockets = new Set<net.Socket>();
  const servers = {
    closes: net.createServer((socket) => socket.destroy()),
    silent: net.createServer(() => {}),
    banner: net.createServer((socket) => socket.write('SSH-2.0-OpenSSH_9.2 secret-banner\r\n')),
  };
  const ports: Record<keyof typeof servers, number> = { closes: 0, silent: 0, banner: 0 };
  for (const [name, server] of Object.entries(servers) as Array<[keyof typeof servers, net.Server]>) {
    server.on('connection', (socket) => {
      connections.push(`${name}:${socket.localAddress}`);
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    ports[name] = (server.address() as net.AddressInfo).port;
  }
  return {
    ports,
    connections,
    async close() {
      for (const socket of sockets) socket.destroy();
      for (const server of Object.values(servers)) {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}

/** A port nothing listens on: taken from the system, then freed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('DATA_SOURCE_HOSTS', () => {
  const lookup = (answers: Record<string, string[]>) => async (host: string) => {
    const found = answers[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };
  const refusal = async (work: Promise<unknown>) =>
    work.then(
      () => '',
      (error: unknown) => (error instanceof AppError ? error.message : String(error)),
    );

  it('allows addresses in the listed addresses and CIDRs, IPv4 and IPv6, however they are written', async () => {
    const hosts = createHostAllowList(['10.0.0.0/8', '192.168.1.20', 'fd00::/8', '::1']);
    expect(await hosts.addressOf('10.2.3.4')).toBe('10.2.3.4');
    expect(await hosts.addressOf('192.168.1.20')).toBe('192.168.1.20');
    expect(await hosts.addressOf('[fd00::5]')).toBe('fd00::5');
    expect(await hosts.addressOf('::1')).toBe('::1');
    expect(await hosts.addressOf('::ffff:10.9.9.9')).toBe('::ffff:10.9.9.9');
    expect(await refusal(hosts.addressOf('192.168.1.21'))).toBe(notAllowedMessage('192.168.1.21'));
    expect(await refusal(hosts.addressOf('11.0.0.1'))).toMatch(/DATA_SOURCE_HOSTS/);
    expect(await refusal(hosts.addressOf('::ffff:127.0.0.1'))).toMatch(/DATA_SOURCE_HOSTS/);
  });

  it('allows a name listed by name, or whose every address is allowed, and connects to the checked address', async () => {
    const hosts = createHostAllowList(
      ['jw-db.school.edu.cn', '10.0.0.0/8'],
      lookup({
        'inside.school.edu.cn': ['10.1.1.1', '10.1.1.2'],
        'split.school.edu.cn': ['10.1.1.1', '127.0.0.1'],
      }),
    );
    expect(await hosts.addressOf('JW-DB.school.edu.cn.')).toBe('jw-db.school.edu.cn');
    expect(await hosts.addressOf('inside.school.edu.cn')).toBe('10.1.1.1');
    expect(await refusal(hosts.addressOf('split.school.edu.cn'))).toBe(
      notAllowedMessage('split.school.edu.cn'),
    );
    expect(await refusal(hosts.addressOf('nowhere.school.edu.cn'))).toBe(
      '找不到主机 nowhere.school.edu.cn，请检查主机地址是否正确',
    );
  });

  it('allows nothing when unset, without asking DNS', async () => {
    let asked = 0;
    const hosts = createHostAllowList([], async () => {
      asked += 1;
      return ['127.0.0.1'];
    });
    for (const host of ['127.0.0.1', 'localhost', '::1', 'db.example']) {
      expect(await refusal(hosts.addressOf(host))).toBe(notAllowedMessage(host));
    }
    expect(asked).toBe(0);
  });
});

describe('MySQL grants', () => {
  it('reads the privileges of each SHOW GRANTS line, not roles or passwords', () => {
    expect(privilegesOfGrant("GRANT USAGE ON *.* TO `r`@`%` IDENTIFIED BY PASSWORD '*B690'")).toEqual([
      'USAGE',
    ]);
    expect(privilegesOfGrant('GRANT SELECT (`a`), INSERT (`b`) ON `db`.`t` TO `r`@`%`')).toEqual([
      'SELECT',
      'INSERT',
    ]);
    expect(privilegesOfGrant('GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION')).toEqual([
      'ALL PRIVILEGES',
    ]);
    expect(privilegesOfGrant('GRANT APPLICATION_PASSWORD_ADMIN,AUDIT_ADMIN ON *.* TO `root`@`%`')).toEqual([
      'APPLICATION_PASSWORD_ADMIN',
      'AUDIT_ADMIN',
    ]);
    expect(privilegesOfGrant('GRANT `reporting` TO `r`@`%`')).toEqual([]);
  });
});

describe('external sources reach only what they should', () => {
  let t: TestApp;
  let admin: Session;
  let pgReader: ExternalSource | undefined;
  let mariaReader: ExternalSource | undefined;
  const key = randomBytes(32);
  /** Roles and users made by one test, dropped after it. */
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    t = await createTestApp({ dataSourceConnectTimeoutMs: 700 });
    admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    pgReader = await readerOnPostgres();
    mariaReader = await readerOnMaria();
  }, 60_000);
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  afterAll(async () => {
    await pgReader?.drop();
    await mariaReader?.drop();
    await t.close();
  });

  const testConnection = (target: ConnectionTarget) =>
    admin.call(E.test, {
      body: {
        type: target.kind,
        host: target.host,
        port: target.port,
        databaseName: target.database,
        username: target.username,
        password: target.password,
      },
    });

  /** Runs as collection does: the stored source through the connections, then the executor. */
  function runOn(target: ConnectionTarget, reach: Partial<SourceReach> = {}) {
    const row: DataSourceRow = {
      id: newId(),
      name: '外部库',
      kind: target.kind,
      host: target.host,
      port: target.port,
      database: target.database,
      username: target.username,
      passwordCipher: sealSecret(key, target.password),
      isDefault: false,
      isHidden: false,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    const connections = createDataSourceConnections({
      repo: { find: async (id) => (id === row.id ? row : undefined) },
      key,
      hosts: createHostAllowList(TEST_DATA_SOURCE_HOSTS),
      platformDatabase: async () => null,
      connectTimeoutMs: 700,
      ...reach,
    });
    return runRefusal(async () => {
      const source = await connections(row.id);
      if (!source || source.kind === 'builtin') throw new Error('no external source');
      const text = 'select count(*) as n from scores';
      return source.kind === 'mysql'
        ? runMysql(source, execution(text))
        : runPostgres(source, execution(text));
    });
  }

  /** A PostgreSQL login role on the reader's database, set up by `grants` (run as the administrator there). */
  async function postgresRole(reader: ExternalSource, grants: (role: string) => string[]) {
    const role = `eduqa_vet_${newId().slice(0, 8).toLowerCase()}`;
    await reader.query(`create role ${role} login password '${PASSWORD}'`);
    for (const statement of grants(role)) await reader.query(statement);
    cleanups.push(async () => {
      await reader.query(`drop owned by ${role}`);
      await reader.query(`drop role ${role}`);
    });
    return { ...reader.target, username: role, password: PASSWORD };
  }

  /** A MariaDB user (for both `%` and `localhost`, as the fixture makes them) with `grants` on its database. */
  async function mariaUser(reader: ExternalSource, grants: (user: string) => string[]) {
    const user = `eduqa_vet_${newId().slice(0, 8).toLowerCase()}`;
    for (const host of ['%', 'localhost']) {
      await reader.query(`create user '${user}'@'${host}' identified by '${PASSWORD}'`);
      for (const statement of grants(`'${user}'@'${host}'`)) await reader.query(statement);
    }
    cleanups.push(async () => {
      for (const host of ['%', 'localhost']) await reader.query(`drop user if exists '${user}'@'${host}'`);
    });
    return { ...reader.target, username: user, password: PASSWORD };
  }

  it('accepts a user that may only read, on test and on run', async () => {
    for (const reader of [pgReader, mariaReader]) {
      if (!reader) continue;
      expect(await testConnection(reader.target), reader.target.kind).toMatchObject({ success: true });
      expect(await runOn(reader.target)).toBe('');
    }
  });

  it('refuses a MariaDB source on a system database, on save, test and run', async () => {
    if (!mariaReader) return;
    for (const database of ['mysql', 'MySQL', 'information_schema', 'performance_schema', 'sys']) {
      const source = { ...mariaReader.target, database };
      await refused(
        admin.call(E.insert, {
          body: { name: `系统库${newId().slice(0, 6)}`, type: 'mysql', ...source, databaseName: database },
        }),
        422,
        /系统库/,
      );
      expect((await testConnection(source)).message).toMatch(
        new RegExp(`^${database} 是数据库服务器的系统库`),
      );
    }
    // Run: the typed name is checked before connecting, and what the server says after (root may open mysql).
    expect(await runOn({ ...mariaReader.target, database: 'mysql' })).toMatch(/系统库/);
    const root = { ...mariaReader.target, username: MARIA_ADMIN.user, password: MARIA_ADMIN.password };
    expect(
      await runRefusal(() =>
        runMysql({ ...root, database: 'mysql' }, execution('select user, password from user')),
      ),
    ).toMatch(/^mysql 是数据库服务器的系统库/);
  });

  it('refuses a MariaDB user that may write or read files, naming the privileges, on test and on run', async () => {
    if (!mariaReader) return;
    const root = { ...mariaReader.target, username: MARIA_ADMIN.user, password: MARIA_ADMIN.password };
    const rootAnswer = (await testConnection(root)).message;
    expect(rootAnswer).toMatch(/^数据源用户 root 拥有 ALL PRIVILEGES.*权限，请改用只授予 SELECT 的只读用户$/);
    expect(await runOn(root)).toBe(rootAnswer);

    const database = mariaReader.target.database;
    const writer = await mariaUser(mariaReader, (user) => [
      `grant select, insert, update on ${database}.* to ${user}`,
      `grant file on *.* to ${user}`,
    ]);
    const expected = `数据源用户 ${writer.username} 拥有 FILE、INSERT、UPDATE 权限，请改用只授予 SELECT 的只读用户`;
    expect((await testConnection(writer)).message).toBe(expected);
    expect(await runOn(writer)).toBe(expected);

    const columnWriter = await mariaUser(mariaReader, (user) => [
      `grant select on ${database}.* to ${user}`,
      `grant update (score) on ${database}.scores to ${user}`,
    ]);
    expect((await testConnection(columnWriter)).message).toMatch(/拥有 UPDATE 权限/);
  });

  it('refuses a PostgreSQL superuser, file role member or writer, naming what to remove, on test and on run', async () => {
    if (!pgReader) return;
    const superuser = { ...pgReader.target, username: POSTGRES_ADMIN.user, password: '' };
    const superAnswer = '数据源用户 postgres 是超级用户（SUPERUSER），请改用只授予 SELECT 的只读用户';
    expect((await testConnection(superuser)).message).toBe(superAnswer);
    expect(await runOn(superuser)).toBe(superAnswer);

    const fileReader = await postgresRole(pgReader, (role) => [
      `grant usage on schema ext to ${role}`,
      `grant select on ext.scores to ${role}`,
      `grant pg_read_server_files to ${role}`,
    ]);
    expect((await testConnection(fileReader)).message).toMatch(
      new RegExp(
        `^数据源用户 ${fileReader.username} 属于 pg_read_server_files（可读写服务器文件或执行程序）`,
      ),
    );
    expect(await runOn(fileReader)).toMatch(/pg_read_server_files/);

    const writer = await postgresRole(pgReader, (role) => [
      `grant usage on schema ext to ${role}`,
      `grant select, insert on ext.scores to ${role}`,
      `alter role ${role} set search_path = ext`,
    ]);
    const writerAnswer = (await testConnection(writer)).message;
    expect(writerAnswer).toMatch(
      /可以写入表 ext\.scores（INSERT、UPDATE、DELETE、TRUNCATE 权限或表的所有者），请收回写权限/,
    );
    expect(await runOn(writer)).toBe(writerAnswer);

    // An owner may write its tables without any grant.
    const owner = await postgresRole(pgReader, (role) => [
      `grant usage, create on schema ext to ${role}`,
      `set role ${role}`,
      'create table ext.own_notes (note text)',
      'reset role',
    ]);
    expect((await testConnection(owner)).message).toMatch(/可以写入表 ext\.own_notes/);
  });

  it('refuses a PostgreSQL session whose search_path reaches the catalogs, at test and run', async () => {
    if (!pgReader) return;
    const reader = await postgresRole(pgReader, (role) => [
      `grant usage on schema ext to ${role}`,
      `grant select on ext.scores to ${role}`,
      `alter role ${role} set search_path = ext, information_schema, pg_catalog`,
    ]);
    const answer = (await testConnection(reader)).message;
    expect(answer).toBe(
      `数据源用户 ${reader.username} 的 search_path 包含系统模式 information_schema、pg_catalog，请改为只包含业务数据所在的模式`,
    );
    expect(await runOn(reader)).toBe(answer);
  });

  it('refuses the platform’s own database however its host is written, and allows another database of the cluster', async () => {
    if (!pgReader) return;
    // The comparison itself, on any platform: the reader's database posing as the platform's.
    const [own] = await pgReader.query(IDENTITY_SQL);
    const platformDatabase: DatabaseIdentity = {
      database: String(own?.database),
      startedAt: String(own?.started_at),
    };
    expect(await runOn(pgReader.target, { platformDatabase: async () => platformDatabase })).toBe(
      '数据源指向平台自身的数据库，不能使用',
    );
    expect(
      await runOn(pgReader.target, {
        platformDatabase: async () => ({ ...platformDatabase, database: 'eduqa_other' }),
      }),
    ).toBe('');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'refuses a source on the platform’s own PostgreSQL database (run with TEST_DATABASE_URL; PGlite listens on no port)',
    async () => {
      const [{ name } = { name: '' }] = await queryRows<{ name: string }>(
        t.db,
        sql`select current_database() as name`,
      );
      const role = `eduqa_own_${newId().slice(0, 8).toLowerCase()}`;
      const platform = new URL(process.env.TEST_DATABASE_URL!);
      const server = new pg.Client({ connectionString: platform.toString() });
      await server.connect();
      await server.query(`create role ${role} login password '${PASSWORD}'`);
      try {
        // ::1 too where the server listens there (this machine's listens on 127.0.0.1 only).
        for (const host of ['127.0.0.1', 'localhost']) {
          const answer = await testConnection({
            kind: 'postgresql',
            host,
            port: Number(platform.port || 5432),
            database: name,
            username: role,
            password: PASSWORD,
          });
          expect(answer.message, host).toBe('数据源指向平台自身的数据库，不能使用');
        }
        // And on every run, checked against the platform pool's answer of the moment.
        const source = {
          kind: 'postgresql' as const,
          host: 'localhost',
          port: Number(platform.port || 5432),
        };
        expect(
          await runOn(
            { ...source, database: name, username: role, password: PASSWORD },
            { platformDatabase: () => createDataSourcesRepo(t.db).platformIdentity() },
          ),
        ).toBe('数据源指向平台自身的数据库，不能使用');
        // Another database of the same cluster is fine.
        if (pgReader) expect(await testConnection(pgReader.target)).toMatchObject({ success: true });
      } finally {
        await server.query(`drop role if exists ${role}`);
        await server.end();
      }
    },
  );

  it('refuses a host outside DATA_SOURCE_HOSTS before anything connects, open port or closed alike', async () => {
    const fake = await fakeServices();
    try {
      const closed = await closedPort();
      // 127.0.0.2 is this machine too, but not listed (127.0.0.1, localhost and ::1 are).
      const answers: string[] = [];
      for (const port of [closed, fake.ports.silent, fake.ports.closes, 5432]) {
        const target = {
          kind: 'postgresql' as const,
          host: '127.0.0.2',
          port,
          database: 'eduqa',
          username: 'reader',
          password: PASSWORD,
        };
        answers.push((await testConnection(target)).message);
        answers.push(await runOn(target));
        const save = await admin.send(E.insert, {
          body: { name: `外部${newId().slice(0, 6)}`, type: 'postgresql', ...target, databaseName: 'eduqa' },
        });
        expect(save.statusCode).toBe(422);
        answers.push(save.json().meta.message);
      }
      expect(new Set(answers)).toEqual(new Set([notAllowedMessage('127.0.0.2')]));
      expect(fake.connections).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it('names a closed port and a silent one, and answers one message for a port that hangs up, on test and on run', async () => {
    const fake = await fakeServices();
    const refusedAt = (port: number) =>
      `主机 127.0.0.1 的端口 ${port} 拒绝连接，请检查端口是否正确、数据库服务是否已启动`;
    const timedOutAt = (port: number) =>
      `连接主机 127.0.0.1 的端口 ${port} 超时（0.7 秒内没有数据库应答），请检查主机地址、端口、数据库类型和防火墙`;
    try {
      const closed = await closedPort();
      for (const kind of ['postgresql', 'mysql'] as const) {
        const expected: Array<[number, string]> = [
          [1, refusedAt(1)],
          [closed, refusedAt(closed)],
          [fake.ports.silent, timedOutAt(fake.ports.silent)],
          [fake.ports.closes, UNREACHABLE],
          // Another protocol's banner: the driver waits for the rest of what it takes for a greeting.
          [fake.ports.banner, timedOutAt(fake.ports.banner)],
        ];
        for (const [port, message] of expected) {
          const target = {
            kind,
            host: '127.0.0.1',
            port,
            database: 'eduqa',
            username: 'reader',
            password: PASSWORD,
          };
          expect((await testConnection(target)).message, `${kind} ${port}`).toBe(message);
          // A run says the same, after what failed (algorithm-executors.ts connectFailure).
          expect(await runOn(target), `${kind} ${port}`).toBe(
            message === UNREACHABLE ? message : `数据源连接失败：${message}`,
          );
        }
        // The other kind's port: a database answered, but not in this protocol. PostgreSQL waits for
        // the client to speak first, so a MySQL client hears nothing until its timeout.
        const other = kind === 'mysql' ? 5432 : 3306;
        const target = {
          kind,
          host: '127.0.0.1',
          port: other,
          database: 'eduqa',
          username: 'reader',
          password: PASSWORD,
        };
        expect((await testConnection(target)).message, `${kind} on ${other}`).toBe(
          kind === 'mysql' ? timedOutAt(other) : UNREACHABLE,
        );
      }
      expect(fake.connections.length).toBeGreaterThan(0);
    } finally {
      await fake.close();
    }
  });

  it('names a listed host name that does not resolve, on run', async () => {
    const target = {
      kind: 'postgresql' as const,
      host: 'eduqa-db.invalid',
      port: 5432,
      database: 'eduqa',
      username: 'reader',
      password: PASSWORD,
    };
    // Listed by name, so the driver itself looks it up (no address was checked for it).
    expect(await runOn(target, { hosts: createHostAllowList(['eduqa-db.invalid']) })).toBe(
      '数据源连接失败：找不到主机 eduqa-db.invalid，请检查主机地址是否正确',
    );
  });
});
