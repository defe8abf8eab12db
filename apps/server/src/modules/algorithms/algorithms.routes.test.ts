import {
  algorithmEndpoints as A,
  auditEndpoints,
  datasourceEndpoints as DS,
  algorithmFolderEndpoints as F,
  algorithmGroupEndpoints as G,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
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
import { diagnosisObjects } from '../diagnosis/diagnosis.table.ts';
import { SQL_SHOWN_WHOLE } from './algorithms.audit.ts';

let t: TestApp;
let manager: Session;
let outsider: Session;
let sourceId: string;
const objectId = 'alg-obj-1';

beforeAll(async () => {
  t = await createTestApp();
  const m = await createUser(t, { roles: ['dataManager'], name: '何军' });
  manager = await signIn(t, m.account, m.password);
  const o = await createUser(t);
  outsider = await signIn(t, o.account, o.password);
  await t.db.execute(sql`create table dw.alg_scores (code text, score int, day date)`);
  await t.db.execute(
    sql`insert into dw.alg_scores values ('C001', 90, '2026-03-01'), ('C001', 70, '2026-05-01'), ('C002', 50, '2026-03-01')`,
  );
  await t.db
    .insert(diagnosisObjects)
    .values({ id: objectId, level: 'course', code: 'C001', name: '高等数学' });
  sourceId = (await manager.call(DS.insert, { body: { name: '内置库', type: 'builtin' } })).id;
}, 60_000);
afterAll(async () => t.close());

async function failure(work: Promise<unknown>): Promise<CallError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof CallError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

const cycle = { objectId, cycleStart: '2026-01-01', cycleEnd: '2026-12-31' };

describe('算法目录', () => {
  it('builds the tree, refuses deleting a folder with children or groups, and deletes an empty one', async () => {
    const root = await manager.call(F.insert, { body: { name: '教学' } });
    const child = await manager.call(F.insert, { body: { name: '课程', parentId: root.id } });
    const tree = await manager.call(F.tree);
    const node = tree.find((f) => f.id === root.id);
    expect(node?.children.map((c) => c.name)).toEqual(['课程']);

    const refused = await failure(manager.call(F.delete, { params: { id: root.id } }));
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.meta.message).toBe('该目录下还有子目录，不能删除');
    const moved = await failure(
      manager.call(F.update, { body: { id: root.id, name: '教学', parentId: child.id } }),
    );
    expect(moved.meta.message).toMatch(/不能把目录移到/);

    await manager.call(G.insert, {
      body: { name: '课程平均分', folderId: child.id, dataSourceId: sourceId },
    });
    expect((await failure(manager.call(F.delete, { params: { id: child.id } }))).meta.message).toBe(
      '该目录下还有算法组，不能删除',
    );
    const empty = await manager.call(F.insert, { body: { name: '空目录' } });
    await manager.call(F.delete, { params: { id: empty.id } });
    expect((await manager.call(F.tree)).some((f) => f.id === empty.id)).toBe(false);
  });

  it('asks for a name in Chinese and refuses callers without 数据管理', async () => {
    const bad = await failure(manager.call(F.insert, { body: { name: '' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.meta.message).toMatch(/请输入目录名称/);
    const denied = await failure(outsider.call(F.tree));
    expect(denied.meta.statusCode).toBe(403);
  });
});

describe('算法组 and versions', () => {
  let folderId: string;
  let groupId: string;

  beforeAll(async () => {
    folderId = (await manager.call(F.insert, { body: { name: '成绩' } })).id;
    groupId = (
      await manager.call(G.insert, {
        body: { name: '课程成绩', folderId, dataSourceId: sourceId, description: '平均分' },
      })
    ).id;
  });

  it('numbers versions per type, keeps a published version immutable, and makes the first published one current', async () => {
    const v1 = await manager.call(A.insert, {
      body: {
        groupId,
        type: 'result',
        sql: 'select avg(score)::float8 as value from dw.alg_scores where code = :objectCode and day between :cycleStart and :cycleEnd',
      },
    });
    expect(v1).toMatchObject({
      version: 1,
      status: 'draft',
      parameters: ['objectCode', 'cycleStart', 'cycleEnd'],
    });
    expect(v1.createdByName).toBe('何军');
    const edited = await manager.call(A.update, {
      body: {
        id: v1.id,
        sql: 'select avg(score)::float8 as value from dw.alg_scores where code = :objectCode',
      },
    });
    expect(edited).toMatchObject({ id: v1.id, version: 1, parameters: ['objectCode'] });

    const draft = await failure(
      manager.call(G.update, {
        body: { id: groupId, name: '课程成绩', folderId, dataSourceId: sourceId, currentResultVersion: 1 },
      }),
    );
    expect(draft.meta.message).toBe('只能把已发布的版本设为当前版本');

    expect(await manager.call(A.currentResult, { query: { groupId } })).toBeNull();
    const published = await manager.call(A.publish, { params: { id: v1.id } });
    expect(published).toMatchObject({ status: 'published', publishedByName: '何军' });
    // The group had no current version: collection could not run at all, so the first one is taken.
    expect((await manager.call(A.currentResult, { query: { groupId } }))?.version).toBe(1);
    expect(
      (await manager.call(G.page, { query: { pageNum: 1, pageSize: 1, groupId } })).records[0],
    ).toMatchObject({
      currentDetailVersion: null,
    });

    const v2 = await manager.call(A.update, {
      body: { id: v1.id, sql: 'select max(score) as value from dw.alg_scores where code = :objectCode' },
    });
    expect(v2).toMatchObject({ version: 2, status: 'draft' });
    expect((await manager.call(A.byVersion, { query: { groupId, type: 'result', version: 1 } })).sql).toBe(
      edited.sql,
    );
    expect((await failure(manager.call(A.delete, { params: { id: v1.id } }))).meta.message).toBe(
      '已发布的版本不能删除',
    );

    const group = await manager.call(G.update, {
      body: { id: groupId, name: '课程成绩', folderId, dataSourceId: sourceId, currentResultVersion: 1 },
    });
    expect(group.currentResultVersion).toBe(1);
    expect((await manager.call(A.currentResult, { query: { groupId } }))?.version).toBe(1);
    expect((await manager.call(G.resultVersions, { query: { groupId } })).map((v) => v.version)).toEqual([1]);
    expect((await manager.call(A.versions, { query: { groupId } })).map((v) => v.version)).toEqual([2, 1]);

    await manager.call(A.delete, { params: { id: v2.id } });
    expect((await manager.call(A.versions, { query: { groupId } })).map((v) => v.version)).toEqual([1]);
  });

  it('tests on a diagnosis object: the current result, a detail version asked as 详情算法, and unsaved SQL', async () => {
    const result = await manager.call(G.testResult, { body: { groupId, ...cycle } });
    expect(result).toMatchObject({ value: 80, version: 1 });

    const detail = await manager.call(A.insert, {
      body: {
        groupId,
        type: '详情算法',
        sql: 'select code, score, day from dw.alg_scores where code = :objectCode order by day',
      },
    });
    await manager.call(A.publish, { params: { id: detail.id } });
    expect((await manager.call(G.detailVersions, { query: { groupId } })).map((v) => v.version)).toEqual([1]);
    expect((await manager.call(A.byVersion, { query: { groupId, type: '详情算法', version: 1 } })).type).toBe(
      'detail',
    );
    const rows = await manager.call(G.testByObject, {
      body: { groupId, type: 'detail', version: 1, ...cycle },
    });
    expect(rows.columns).toEqual(['code', 'score', 'day']);
    expect(rows.rows).toHaveLength(2);
    expect(rows.parameters).toMatchObject({ objectCode: 'C001', year: 2026 });

    const unsaved = await manager.call(G.testByObject, {
      body: {
        groupId,
        type: 'detail',
        sql: 'select count(*)::int as n from dw.alg_scores where day >= :cycleStart',
        ...cycle,
      },
    });
    expect(unsaved).toMatchObject({ rows: [{ n: 3 }], version: null });
  });

  it('answers hostile or broken SQL with a Chinese 4xx, never a 5xx', async () => {
    for (const [text, reason] of [
      ['delete from dw.alg_scores', /只允许一条 SELECT/],
      ['select pg_sleep(5)', /不允许调用函数 pg_sleep/],
      ['select * from public.users', /只允许读取数仓/],
      ['select * from nowhere', /SQL 执行失败/],
      ['select :nope', /未知参数/],
    ] as const) {
      const refused = await failure(
        manager.call(G.testByObject, { body: { groupId, sql: text, type: 'detail', ...cycle } }),
      );
      expect(refused.statusCode, text).toBeLessThan(500);
      expect(refused.meta.message, text).toMatch(reason);
    }
    const noObject = await failure(
      manager.call(G.testByObject, { body: { groupId, ...cycle, objectId: 'none' } }),
    );
    expect(noObject.meta.message).toBe('诊断对象不存在');
    const badDates = await failure(
      manager.call(G.testByObject, {
        body: { groupId, objectId, cycleStart: '2026-12-31', cycleEnd: '2026-01-01' },
      }),
    );
    expect(badDates.meta.message).toMatch(/结束日期不能早于开始日期/);
    const badSql = await failure(
      manager.call(A.insert, { body: { groupId, type: 'result', sql: 'select 1; select 2' } }),
    );
    expect(badSql.meta.message).toBe('只允许一条 SELECT 语句');
  });

  it('pages and searches groups by folder and name; refuses a duplicate name; keeps a used data source', async () => {
    const page = await manager.call(G.page, { query: { pageNum: 1, pageSize: 10, id: folderId } });
    expect(page.records.map((g) => g.name)).toEqual(['课程成绩']);
    expect((await manager.call(G.likeName, { query: { name: '成绩' } })).map((g) => g.name)).toContain(
      '课程成绩',
    );
    const points = await manager.call(G.points, {
      query: { pageNum: 1, pageSize: 5, keyword: '不存在的点' },
    });
    expect(points).toMatchObject({ records: [], total: 0 });
    const unknownPoint = await failure(
      manager.call(G.insert, {
        body: { name: '带点', folderId, dataSourceId: sourceId, pointIds: ['no-such-point'] },
      }),
    );
    expect(unknownPoint.meta.message).toBe('质控点不存在');
    const duplicate = await failure(
      manager.call(G.insert, { body: { name: '课程成绩', folderId, dataSourceId: sourceId } }),
    );
    expect(duplicate.meta.message).toBe('算法组名称已存在');
    const used = await failure(manager.call(DS.delete, { params: { id: sourceId } }));
    expect(used.meta.message).toBe('数据源已被算法使用，不能删除');
  });

  it('answers one group by id for its page, whichever group was changed last', async () => {
    const later = await manager.call(G.insert, {
      body: { name: '后建的组', folderId, dataSourceId: sourceId },
    });
    const page = await manager.call(G.page, { query: { pageNum: 1, pageSize: 1, groupId } });
    expect(page.total).toBe(1);
    expect(page.records.map((g) => g.id)).toEqual([groupId]);
    await manager.call(G.delete, { params: { id: later.id } });
  });

  it('tells what to do when a group has no current version, and lets a later published one wait for 设为当前', async () => {
    const id = (await manager.call(G.insert, { body: { name: '新组', folderId, dataSourceId: sourceId } }))
      .id;
    const none = await failure(manager.call(G.testResult, { body: { groupId: id, ...cycle } }));
    expect(none.statusCode).toBeLessThan(500);
    expect(none.meta.message).toBe(
      '算法组「新组」没有当前结果算法版本：请在算法管理中发布一个版本并设为当前',
    );

    const sqlOf = (n: number) => `select ${n} as value`;
    const v1 = await manager.call(A.insert, { body: { groupId: id, type: 'result', sql: sqlOf(1) } });
    const v2 = await manager.call(A.insert, { body: { groupId: id, type: 'result', sql: sqlOf(2) } });
    await manager.call(A.publish, { params: { id: v1.id } });
    // Publishing another version does not switch: results already collected keep the version they used.
    await manager.call(A.publish, { params: { id: v2.id } });
    expect((await manager.call(A.currentResult, { query: { groupId: id } }))?.version).toBe(1);
    expect(await manager.call(G.testResult, { body: { groupId: id, ...cycle } })).toMatchObject({
      value: 1,
      version: 1,
    });
    await manager.call(G.delete, { params: { id } });
  });

  it('keeps a version created, its SQL changed, published and retired in the operation log', async () => {
    const id = (await manager.call(G.insert, { body: { name: '审计组', folderId, dataSourceId: sourceId } }))
      .id;
    const long = `select 1 as value where ${'1 = 1 and '.repeat(SQL_SHOWN_WHOLE / 10)}true`;
    const v1 = await manager.call(A.insert, {
      body: { groupId: id, type: 'result', sql: 'select 1 as value' },
    });
    await manager.call(A.update, { body: { id: v1.id, sql: long } });
    await manager.call(A.publish, { params: { id: v1.id } });
    const v2 = await manager.call(A.insert, {
      body: { groupId: id, type: 'result', sql: 'select 2 as value' },
    });
    await manager.call(A.publish, { params: { id: v2.id } });
    const body = { id, name: '审计组', folderId, dataSourceId: sourceId, currentResultVersion: 2 };
    await manager.call(G.update, { body });

    const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
    const log = await admin.call(auditEndpoints.operationLog, { query: { pageSize: 100 } });
    const changesOf = (objectId: string) =>
      log.records.filter((e) => e.objectIds.includes(objectId)).map((e) => e.changes);
    const [published, edited, created] = changesOf(v1.id);
    expect(created).toEqual([
      {
        object: '算法版本',
        id: v1.id,
        name: '审计组 · 结果算法 v1',
        before: null,
        after: { 类型: '结果算法', 版本: 1, 状态: '草稿', SQL: 'select 1 as value', 备注: '' },
      },
    ]);
    const hash = (await manager.call(A.byVersion, { query: { groupId: id, type: 'result', version: 1 } }))
      .sqlHash;
    expect(edited).toEqual([
      expect.objectContaining({
        before: { SQL: 'select 1 as value' },
        after: { SQL: `（共 ${long.length} 字，SHA-256 ${hash.slice(0, 12)}…）` },
      }),
    ]);
    expect(published).toEqual([
      expect.objectContaining({
        object: '算法组',
        before: { 当前结果算法版本: null },
        after: { 当前结果算法版本: 1 },
      }),
      expect.objectContaining({ before: { 状态: '草稿' }, after: { 状态: '已发布' } }),
    ]);
    expect(changesOf(id)[0]).toEqual([
      expect.objectContaining({
        object: '算法组',
        name: '审计组',
        before: { 当前结果算法版本: 1 },
        after: { 当前结果算法版本: 2 },
      }),
    ]);
  });

  it('deletes a group with its versions', async () => {
    const id = (await manager.call(G.insert, { body: { name: '临时', folderId, dataSourceId: sourceId } }))
      .id;
    await manager.call(A.insert, { body: { groupId: id, type: 'result', sql: 'select 1 as value' } });
    await manager.call(G.delete, { params: { id } });
    expect((await failure(manager.call(A.versions, { query: { groupId: id } }))).meta.message).toBe(
      '算法组不存在',
    );
  });
});
