import { auditEndpoints, datasourceEndpoints as E, PASSWORD_MASK } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  CallError,
  createTestApp,
  createUser,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import {
  type ExternalSource,
  POSTGRES_ADMIN,
  readerOnMaria,
  readerOnPostgres,
} from '../../../test/external-sources.ts';
import { queryRows } from '../../db/client.ts';

/** The machine's PostgreSQL (trust) and MariaDB (root, empty password); see DEVELOPERS.md. */
const PG = { host: '127.0.0.1', port: 5432, username: 'postgres', databaseName: 'postgres' };
const MARIA = { host: '127.0.0.1', port: 3306 };

let t: TestApp;
let admin: Session;
let manager: Session;
let outsider: Session;
/** Users that may only read their own database: the only kind 测试连接 accepts. */
let pgReader: ExternalSource | undefined;
let maria: ExternalSource | undefined;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  const m = await createUser(t, { roles: ['dataManager'] });
  manager = await signIn(t, m.account, m.password);
  const o = await createUser(t);
  outsider = await signIn(t, o.account, o.password);
  pgReader = await readerOnPostgres();
  maria = await readerOnMaria();
});
afterAll(async () => {
  await pgReader?.drop();
  await maria?.drop();
  await t.close();
});

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}_${Date.now().toString(36)}`;

const cipherOf = (id: string) =>
  queryRows<{ password_cipher: string }>(
    t.db,
    sql`select password_cipher from data_sources where id = ${id}`,
  );
const defaults = async () =>
  (
    await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from data_sources where is_default`)
  )[0]!.n;

/** Whatever the server answers must never carry a password typed in. */
function expectNoSecret(body: string, ...secrets: string[]) {
  for (const secret of secrets) expect(body).not.toContain(secret);
}

describe('数据源 CRUD', () => {
  it('seals the password, answers only the mask, and keeps it when the mask is sent back', async () => {
    const secret = 'Pg-Secret-42';
    const answer = await admin.send(E.insert, {
      body: { name: unique('教务库'), type: 'postgresql', ...PG, password: secret },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expectNoSecret(answer.body, secret);
    const created = answer.json().data;
    expect(created.password).toBe(PASSWORD_MASK);

    const [stored] = await cipherOf(created.id);
    expect(stored!.password_cipher).toMatch(/^v1:/);
    expect(stored!.password_cipher).not.toContain(secret);

    const updated = await admin.send(E.update, {
      body: { id: created.id, name: created.name, type: 'postgresql', ...PG, password: PASSWORD_MASK },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const [after] = await cipherOf(created.id);
    expect(after!.password_cipher).toBe(stored!.password_cipher);

    const page = await admin.send(E.page, { query: { keyword: created.name } });
    expectNoSecret(page.body, secret);
    expect(page.json().data.records).toHaveLength(1);
    expect(page.json().data.records[0].password).toBe(PASSWORD_MASK);
  });

  it('keeps the fields before and after in the operation log, never the password itself', async () => {
    const name = unique('审计库');
    const created = await admin.call(E.insert, {
      body: { name, type: 'postgresql', ...PG, password: 'Audit-Secret-1' },
    });
    await admin.call(E.update, {
      body: {
        id: created.id,
        name,
        type: 'postgresql',
        ...PG,
        databaseName: 'jiaowu_audit',
        password: 'Audit-Secret-2',
      },
    });
    await admin.call(E.delete, { params: { id: created.id } });
    const log = await admin.call(auditEndpoints.operationLog, { query: { pageSize: 100 } });
    const [removed, updated, inserted] = log.records.filter((e) => e.objectIds.includes(created.id));
    expect(inserted?.changes).toEqual([
      {
        object: '数据源',
        id: created.id,
        name,
        before: null,
        after: {
          名称: name,
          类型: 'PostgreSQL',
          主机: PG.host,
          端口: PG.port,
          数据库: 'postgres',
          用户名: 'postgres',
          密码: '（已设置）',
          默认: expect.any(String),
          隐藏: '否',
        },
      },
    ]);
    expect(updated?.changes).toEqual([
      expect.objectContaining({
        before: { 数据库: 'postgres', 密码: '（已设置）' },
        after: { 数据库: 'jiaowu_audit', 密码: '已修改' },
      }),
    ]);
    expect(removed?.changes).toEqual([
      expect.objectContaining({ before: expect.objectContaining({ 名称: name }), after: null }),
    ]);
    expectNoSecret(JSON.stringify(log), 'Audit-Secret-1', 'Audit-Secret-2');
  });

  it('refuses to reuse a stored password for another host', async () => {
    const created = await admin.call(E.insert, {
      body: { name: unique('人事库'), type: 'postgresql', ...PG, password: 'x1' },
    });
    const moved = {
      id: created.id,
      name: created.name,
      type: 'postgresql' as const,
      ...PG,
      host: '10.9.9.9',
    };
    await expect(admin.call(E.update, { body: { ...moved, password: PASSWORD_MASK } })).rejects.toMatchObject(
      {
        meta: { message: '修改了类型、主机、端口或用户名，请重新输入密码' },
      },
    );
    await expect(admin.call(E.test, { body: { ...moved, password: PASSWORD_MASK } })).rejects.toBeInstanceOf(
      CallError,
    );
  });

  it('asks in Chinese for what an external source lacks, and refuses a duplicate name', async () => {
    const answer = await admin.send(E.insert, { body: { name: unique('缺项'), type: 'mysql' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().meta.message).toMatch(/请输入主机地址/);
    const name = unique('同名');
    await admin.call(E.insert, { body: { name, type: 'builtin' } });
    await expect(admin.call(E.insert, { body: { name, type: 'builtin' } })).rejects.toMatchObject({
      meta: { message: '数据源名称已存在' },
    });
  });

  it('keeps one visible default: toggles, hidden rules, delete hands the default on', async () => {
    const a = await admin.call(E.insert, {
      body: { name: unique('甲'), type: 'builtin', defaultsStatus: true },
    });
    const b = await admin.call(E.insert, { body: { name: unique('乙'), type: 'builtin' } });
    expect(a.defaultsStatus).toBe(1);
    await expect(
      admin.call(E.hidden, { params: { id: a.id }, body: { status: true } }),
    ).rejects.toMatchObject({
      meta: { message: '默认数据源不能隐藏' },
    });
    expect((await admin.call(E.hidden, { params: { id: b.id }, body: {} })).hideStatus).toBe(1);
    await expect(admin.call(E.makeDefault, { params: { id: b.id } })).rejects.toMatchObject({
      meta: { message: '隐藏的数据源不能设为默认' },
    });
    expect((await admin.call(E.hidden, { params: { id: b.id }, body: {} })).hideStatus).toBe(0);
    expect((await admin.call(E.makeDefault, { params: { id: b.id } })).defaultsStatus).toBe(1);
    expect(await defaults()).toBe(1);

    await admin.call(E.delete, { params: { id: b.id } });
    // The deleted default handed it on: still exactly one.
    expect(await defaults()).toBe(1);
    await admin.call(E.deleteBatch, { body: { ids: [a.id] } });
    await expect(admin.call(E.delete, { params: { id: a.id } })).rejects.toMatchObject({
      meta: { message: '数据源不存在' },
    });
  });

  it('is for the 数据管理 menu only', async () => {
    const name = unique('管理员可见');
    await manager.call(E.insert, { body: { name, type: 'builtin' } });
    for (const answer of [
      await outsider.send(E.page, { query: {} }),
      await outsider.send(E.insert, { body: { name: unique('越权'), type: 'builtin' } }),
      await outsider.send(E.test, { body: { type: 'builtin' } }),
    ]) {
      expect(answer.json().meta, answer.body).toMatchObject({ success: false, statusCode: 403 });
    }
  });
});

describe('测试连接 PostgreSQL', () => {
  const test = (body: Record<string, unknown>) =>
    admin.call(E.test, { body: { type: 'postgresql', ...PG, password: '', ...body } });

  it('answers success', async () => {
    if (!pgReader) return;
    const { database, username, password } = pgReader.target;
    expect(await test({ databaseName: database, username, password })).toMatchObject({
      success: true,
      message: expect.stringMatching(/^连接成功/),
    });
  });
  it('answers wrong credentials', async () => {
    const answer = await admin.send(E.test, {
      body: { type: 'postgresql', ...PG, username: 'no_such_role_x', password: 'Typed-Secret-9' },
    });
    expect(answer.json().data).toMatchObject({
      success: false,
      message: '用户名或密码错误（用户 no_such_role_x）',
    });
    expectNoSecret(answer.body, 'Typed-Secret-9');
  });
  it('answers unknown database', async () => {
    expect(await test({ databaseName: 'no_such_db_x' })).toMatchObject({
      success: false,
      message: '数据库 no_such_db_x 不存在',
    });
  });
  it('answers a refused port', async () => {
    expect((await test({ port: 1 })).message).toBe(
      '主机 127.0.0.1 的端口 1 拒绝连接，请检查端口是否正确、数据库服务是否已启动',
    );
  });
  it('answers a host no DNS answer resolves', async () => {
    expect((await test({ host: 'eduqa-no-such-host.invalid' })).message).toBe(
      '找不到主机 eduqa-no-such-host.invalid，请检查主机地址是否正确',
    );
  });
  it('answers a role that may not connect to the database (42501)', async () => {
    if (!pgReader) return;
    const server = new pg.Client(POSTGRES_ADMIN);
    await server.connect();
    const role = `eduqa_noconn_${Date.now().toString(36)}`;
    try {
      await server.query(`create role ${role} login password 'No-Connect-1'`);
      await server.query(`revoke connect on database ${pgReader.target.database} from public`);
      expect(
        await test({ databaseName: pgReader.target.database, username: role, password: 'No-Connect-1' }),
      ).toMatchObject({
        success: false,
        message: `用户 ${role} 无权连接数据库 ${pgReader.target.database}`,
      });
    } finally {
      await server.query(`grant connect on database ${pgReader.target.database} to public`);
      await server.query(`drop role if exists ${role}`);
      await server.end();
    }
  });
  it('answers the built-in database', async () => {
    expect(await admin.call(E.test, { body: { type: 'builtin' } })).toMatchObject({ success: true });
  });
});

describe('测试连接 MariaDB', () => {
  const skip = () => {
    if (maria) return false;
    console.warn('!!! skipped: MariaDB is not reachable');
    return true;
  };
  const body = (extra: Record<string, unknown>) => ({
    type: 'mysql' as const,
    ...MARIA,
    databaseName: maria?.target.database,
    username: maria?.target.username,
    password: maria?.target.password,
    ...extra,
  });

  it('answers success through the stored (sealed) password', async () => {
    if (skip()) return;
    const created = await admin.call(E.insert, { body: { name: unique('学工库'), ...body({}) } });
    const answer = await admin.send(E.test, {
      body: { id: created.id, ...body({ password: PASSWORD_MASK }) },
    });
    expect(answer.json().data, answer.body).toMatchObject({ success: true });
    expectNoSecret(answer.body, maria!.target.password);
  });
  it('answers wrong credentials', async () => {
    if (skip()) return;
    const answer = await admin.send(E.test, { body: body({ password: 'Wrong-Pass-7' }) });
    expect(answer.json().data).toMatchObject({
      success: false,
      message: `用户名或密码错误（用户 ${maria!.target.username}）`,
    });
    expectNoSecret(answer.body, 'Wrong-Pass-7', maria!.target.password);
  });
  it('answers unknown database', async () => {
    if (skip()) return;
    const answer = await admin.call(E.test, {
      body: body({ username: 'root', password: '', databaseName: 'no_such_db_x' }),
    });
    expect(answer).toMatchObject({ success: false, message: '数据库 no_such_db_x 不存在' });
  });
  it('answers a missing database to a user who may read only its own (1044): missing, or not theirs', async () => {
    if (skip()) return;
    // MariaDB answers this user the same for a database that does not exist and another's database.
    const other = await readerOnMaria();
    try {
      for (const databaseName of ['no_such_db_x', other!.target.database]) {
        const answer = await admin.call(E.test, { body: body({ databaseName }) });
        expect(answer).toMatchObject({
          success: false,
          message: `数据库 ${databaseName} 不存在，或用户 ${maria!.target.username} 无权访问它`,
        });
      }
    } finally {
      await other?.drop();
    }
  });
  it('answers a refused port', async () => {
    if (skip()) return;
    const answer = await admin.call(E.test, { body: body({ port: 1 }) });
    expect(answer.message).toBe('主机 127.0.0.1 的端口 1 拒绝连接，请检查端口是否正确、数据库服务是否已启动');
  });
});
