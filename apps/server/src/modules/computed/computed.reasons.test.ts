import net from 'node:net';
import {
  algorithmEndpoints as A,
  datasourceEndpoints as DS,
  computedEndpoints as E,
  algorithmFolderEndpoints as FO,
  algorithmGroupEndpoints as G,
} from '@eduqa/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { queryRows } from '../../db/client.ts';
import {
  addOtherObject,
  buildWorld,
  setupTask,
  type TaskSetup,
  type World,
} from '../diagnosis/diagnosis.fixtures.ts';
import { qualityPoints } from '../standards/standards.table.ts';
import { startFixtureServer, waitForJob } from './computed.fixtures.ts';

/**
 * A run says why an object got no value: every staged value without one carries the Chinese reason of
 * its own failure (the endpoint's, or the algorithm's as the real runner words it on the built-in
 * database), as the gate report shows it. A task of January 2025 (monthly sampling: one cycle) over two
 * teachers: 科研得分 computed by an algorithm, 学生投诉次数 read from an endpoint.
 */
let t: TestApp;
let w: World;
let task: TaskSetup;
let dataManager: Session;
let groupId: string;
let groupBody: { id: string; name: string; folderId: string; dataSourceId: string };
let fixture: Awaited<ReturnType<typeof startFixtureServer>>;
let codes: { a: string; b: string };

async function collect(): Promise<string> {
  const started = await w.publisher.call(E.run, { body: { rwid: task.taskId } });
  const job = await waitForJob(w.publisher, started.taskId);
  if (job.state === 'failed') throw new Error(job.message);
  return started.runId;
}

/** Each object's value of one point in a new run, by object code. */
async function collectPoint(point: 'score' | 'complaints') {
  const runId = await collect();
  const page = await w.publisher.call(E.runValues, { query: { runId, pageNum: 1, pageSize: 100 } });
  const name = point === 'score' ? '科研得分' : '学生投诉次数';
  return Object.fromEntries(
    page.records
      .filter((v) => v.pointName === name)
      .map((v) => [v.objectCode, { value: v.value, flags: v.flags, reasons: v.reasons }]),
  );
}

/** Makes `sql` the group's current result version, as a data manager does: save, publish, switch. */
async function useSql(text: string) {
  const version = await dataManager.call(A.insert, { body: { groupId, type: 'result', sql: text } });
  await dataManager.call(A.publish, { params: { id: version.id } });
  await dataManager.call(G.update, { body: { ...groupBody, currentResultVersion: version.version } });
}

const bindEndpoint = (url: string, listPath = 'data.list') =>
  dataManager.call(E.saveBinding, {
    body: {
      zkdid: w.points.complaints,
      endpointUrl: url,
      listPath,
      codeField: 'teacher',
      valueField: 'count',
    },
  });

/** A port of 127.0.0.1 that nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t);
  await t.db
    .update(qualityPoints)
    .set({ collectionMethod: 'interface' })
    .where(eq(qualityPoints.id, w.points.complaints));
  task = await setupTask(w, { name: '2025年1月教师诊断', startDate: '2025-01-01', endDate: '2025-01-31' });
  await addOtherObject(w, task);
  codes = await objectCodes();

  const dm = await createUser(t, { roles: ['dataManager'] });
  dataManager = await signIn(t, dm.account, dm.password);
  const dataSourceId = (await dataManager.call(DS.insert, { body: { name: '内置库', type: 'builtin' } })).id;
  const folderId = (await dataManager.call(FO.insert, { body: { name: '科研' } })).id;
  const group = await dataManager.call(G.insert, { body: { name: '科研得分', folderId, dataSourceId } });
  groupId = group.id;
  groupBody = { id: groupId, name: '科研得分', folderId, dataSourceId };
  await useSql('select 80 as value');
  await dataManager.call(E.saveBinding, { body: { zkdid: w.points.score, resultGroupId: groupId } });

  fixture = await startFixtureServer({
    '/ok': { data: { list: [{ teacher: codes.a, count: 3 }] } },
    '/no-value': { data: { list: [{ teacher: codes.a, total: 3 }] } },
    '/no-code': { data: { list: [{ id: 1, count: 3 }] } },
    '/no-list': { data: { rows: [] } },
  });
  await bindEndpoint(fixture.url('/ok'));
}, 60_000);
afterAll(async () => {
  await fixture?.close();
  await t?.close();
});

async function objectCodes() {
  const rows = await queryRows<{ id: string; code: string }>(
    t.db,
    sql`select id, code from diagnosis_objects where id in (${w.objectId}, ${w.otherObjectId})`,
  );
  const codeOf = (id: string) => rows.find((r) => r.id === id)!.code;
  return { a: codeOf(w.objectId), b: codeOf(w.otherObjectId) };
}

describe('an interface point without a value says why', () => {
  it('names a refused connection when nothing listens on the port', async () => {
    await bindEndpoint(`http://127.0.0.1:${await closedPort()}/data`);
    const values = await collectPoint('complaints');
    for (const code of [codes.a, codes.b])
      expect(values[code]).toEqual({
        value: null,
        flags: ['error'],
        reasons: ['连接被拒绝：接口地址上没有服务在监听'],
      });
  });

  // Not JSON, too large and late: computed.routes.test.ts.
  it('names the HTTP status of an error answer', async () => {
    await bindEndpoint(fixture.url('/nowhere'));
    const values = await collectPoint('complaints');
    for (const code of [codes.a, codes.b]) expect(values[code]?.reasons).toEqual(['HTTP 状态码 404']);
  });

  it('names the field the answer lacks: the list, the object code or the value', async () => {
    await bindEndpoint(fixture.url('/no-list'));
    expect((await collectPoint('complaints'))[codes.a]?.reasons).toEqual(['返回中缺少字段 data.list']);
    await bindEndpoint(fixture.url('/no-code'));
    expect((await collectPoint('complaints'))[codes.a]?.reasons).toEqual(['返回中缺少字段 teacher']);
    await bindEndpoint(fixture.url('/no-value'));
    const values = await collectPoint('complaints');
    expect(values[codes.a]).toEqual({ value: null, flags: ['error'], reasons: ['返回中缺少字段 count'] });
    // The other teacher has no row at all: not a fault of the answer, but no value either.
    expect(values[codes.b]).toEqual({
      value: null,
      flags: ['missing'],
      reasons: ['接口返回中没有该对象本周期的数据'],
    });
  });
});

describe('an algorithm point without a value says why', () => {
  afterAll(async () => useSql('select 80 as value'));

  it("records the database's message when the SQL fails at run time", async () => {
    await useSql('select 1/0 as value');
    const values = await collectPoint('score');
    for (const code of [codes.a, codes.b])
      expect(values[code]).toEqual({
        value: null,
        flags: ['error'],
        reasons: ['SQL 执行失败：division by zero'],
      });
  });

  it("stages the other objects' values when one object's statement fails", async () => {
    // Both orders: the failing statement first and last in the run's envelope.
    for (const [failing, fine] of [
      [codes.a, codes.b],
      [codes.b, codes.a],
    ] as const) {
      await useSql(`select 100 / case when :objectCode = '${failing}' then 0 else 1 end as value`);
      const values = await collectPoint('score');
      expect(values[failing]).toEqual({
        value: null,
        flags: ['error'],
        reasons: ['SQL 执行失败：division by zero'],
      });
      expect(values[fine]).toMatchObject({ value: '100', flags: [] });
    }
  });

  it('says the algorithm answered nothing when it returns no row', async () => {
    await useSql("select 80 as value where :objectCode = 'NOBODY'");
    const values = await collectPoint('score');
    expect(values[codes.a]).toEqual({
      value: null,
      flags: ['missing'],
      reasons: ['算法没有返回值（该对象本周期没有数据）'],
    });
  });

  it('keeps a long database message short', async () => {
    await useSql(`select cast('${'x'.repeat(600)}' as int) as value`);
    const [reason] = (await collectPoint('score'))[codes.a]?.reasons ?? [];
    expect(reason).toMatch(/^SQL 执行失败：invalid input syntax for type integer/);
    expect(reason!.length).toBeLessThanOrEqual(300);
    expect(reason).toMatch(/…$/);
  });
});
