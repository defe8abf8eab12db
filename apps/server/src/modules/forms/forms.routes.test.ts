import { formsEndpoints as E, warehouseEndpoints as W } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallError,
  createTestApp,
  createUser,
  refused,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import { queryRows } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { collectTaskForms, collectTasks, formRecords } from './forms.table.ts';

let t: TestApp;
let manager: Session;
let collector: Session;
let outsider: Session;

beforeAll(async () => {
  t = await createTestApp();
  const m = await createUser(t, { roles: ['dataManager'] });
  manager = await signIn(t, m.account, m.password);
  const c = await createUser(t, { roles: ['dataCollector'] });
  collector = await signIn(t, c.account, c.password);
  const o = await createUser(t);
  outsider = await signIn(t, o.account, o.password);
});
afterAll(() => t.close());

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}`;

const field = (key: string, label: string, component = 'text', extra: Record<string, unknown> = {}) => ({
  key,
  label,
  component,
  ...extra,
});

const draft = (fields: Record<string, unknown>[]) => ({
  formType: 'floating' as const,
  layout: 'normal' as const,
  fields,
});

async function newForm(
  fields = [field('name', '姓名'), field('age', '年龄', 'integer')],
  name = unique('教师信息'),
) {
  return manager.call(E.formInsert, { body: { name, definition: draft(fields) } });
}

const columnsOf = async (schema: string, physical: string) =>
  (
    await queryRows<{ column_name: string; data_type: string }>(
      t.db,
      sql`select column_name, data_type from information_schema.columns
          where table_schema = ${schema} and table_name = ${physical} order by column_name`,
    )
  ).map((c) => `${c.column_name}:${c.data_type}`);

async function physicalOf(tableId: string) {
  const table = await manager.call(W.tableDetail, { query: { id: tableId } });
  return table.wlbm.split('.') as [string, string];
}

describe('permissions', () => {
  it('refuses a caller without the 数据采集 menu even the reads', async () => {
    await refused(outsider.call(E.directoryTree), 403);
    await refused(outsider.call(E.formPage, { query: {} }), 403);
  });

  it('lets a data collector read but not design', async () => {
    const form = await newForm();
    expect(await collector.call(E.directoryTree)).toBeInstanceOf(Array);
    await refused(collector.call(E.directoryInsert, { body: { name: '目录' } }), 403);
    await refused(collector.call(E.formInsert, { body: { name: 'x', definition: draft([]) } }), 403);
    await refused(collector.call(E.formUpdate, { params: { id: form.id }, body: { name: 'y' } }), 403);
    await refused(collector.call(E.formPublish, { params: { id: form.id } }), 403);
    await refused(collector.call(E.formDelete, { params: { id: form.id } }), 403);
    await refused(collector.call(E.formVersions, { params: { id: form.id } }), 403);
    await refused(collector.call(E.formRecycle, { query: {} }), 403);
  });

  it('shows a data collector only published forms, at their published version', async () => {
    const form = await newForm();
    const listed = async () =>
      (await collector.call(E.formPage, { query: { keyword: form.name } })).records.map((r) => r.id);
    expect(await listed()).toEqual([]);
    await refused(collector.call(E.formDetail, { params: { id: form.id } }), 404);
    await manager.call(E.formPublish, { params: { id: form.id } });
    await manager.call(E.formUpdate, {
      params: { id: form.id },
      body: {
        definition: draft([field('name', '姓名'), field('age', '年龄', 'integer'), field('note', '备注')]),
      },
    });
    expect(await listed()).toEqual([form.id]);
    const seen = await collector.call(E.formDetail, { params: { id: form.id } });
    expect(seen.definitionVersion).toBe(1);
    expect(seen.definition.fields.map((f) => f.key)).toEqual(['name', 'age']);
    const designed = await manager.call(E.formDetail, { params: { id: form.id } });
    expect(designed.definitionVersion).toBe(2);
    expect(designed.definition.fields).toHaveLength(3);
  });
});

describe('directories', () => {
  it('builds a tree, refuses a cycle and a sibling namesake, and deletes only an empty directory', async () => {
    const root = await manager.call(E.directoryInsert, { body: { name: unique('人事') } });
    const child = await manager.call(E.directoryInsert, { body: { name: '教师', parentId: root.id } });
    const tree = await manager.call(E.directoryTree);
    const node = tree.find((n) => n.id === root.id)!;
    expect(node.children.map((c) => c.name)).toEqual(['教师']);
    await refused(
      manager.call(E.directoryInsert, { body: { name: '教师', parentId: root.id } }),
      409,
      /同名/,
    );
    await refused(
      manager.call(E.directoryUpdate, {
        params: { id: root.id },
        body: { name: root.name, parentId: child.id },
      }),
      422,
      /下级目录/,
    );
    await refused(manager.call(E.directoryInsert, { body: { name: '' } }), 400, /目录名称/);
    const form = await newForm(undefined, unique('目录中的表单'));
    await manager.call(E.formUpdate, { params: { id: form.id }, body: { directoryId: child.id } });
    await refused(manager.call(E.directoryDelete, { params: { id: root.id } }), 422, /下级目录/);
    await refused(manager.call(E.directoryDelete, { params: { id: child.id } }), 422, /表单/);
    const inRoot = await manager.call(E.formPage, { query: { directoryId: root.id } });
    expect(inRoot.records.map((r) => [r.id, r.directoryName])).toEqual([[form.id, '教师']]);
    await manager.call(E.formUpdate, { params: { id: form.id }, body: { directoryId: null } });
    const renamed = await manager.call(E.directoryUpdate, {
      params: { id: child.id },
      body: { name: '教职工', parentId: root.id },
    });
    expect(renamed.name).toBe('教职工');
    await manager.call(E.directoryDelete, { params: { id: child.id } });
    await manager.call(E.directoryDelete, { params: { id: root.id } });
    await refused(manager.call(E.directoryDelete, { params: { id: root.id } }), 404);
  });
});

describe('forms', () => {
  it('creates, finds by name and state, and refuses a duplicate name', async () => {
    const form = await newForm();
    expect(form).toMatchObject({ version: 1, publishState: 'unpublished', publishedVersion: null });
    await refused(newForm(undefined, form.name), 409, /表单名称已存在/);
    await refused(
      manager.call(E.formInsert, {
        body: { name: 'x', definition: { formType: 'nope', layout: 'normal' } as never },
      }),
      400,
      /表单类型/,
    );
    const found = await manager.call(E.formPage, {
      query: { keyword: form.name, publishState: 'unpublished' },
    });
    expect(found.records.map((r) => r.id)).toEqual([form.id]);
    const published = await manager.call(E.formPage, {
      query: { keyword: form.name, publishState: 'published' },
    });
    expect(published.total).toBe(0);
    await refused(manager.call(E.formDetail, { params: { id: 'nope' } }), 404);
  });

  it('overwrites a draft, and saves a published design as the next version', async () => {
    const form = await newForm();
    const saved = await manager.call(E.formUpdate, {
      params: { id: form.id },
      body: { remark: '说明', definition: draft([field('name', '姓名')]) },
    });
    expect(saved).toMatchObject({ version: 1, remark: '说明' });
    await manager.call(E.formPublish, { params: { id: form.id } });
    const next = await manager.call(E.formUpdate, {
      params: { id: form.id },
      body: { version: 1, definition: draft([field('name', '姓名'), field('email', '邮箱', 'email')]) },
    });
    expect(next).toMatchObject({ version: 2, publishedVersion: 1, publishState: 'unpublished' });
    await refused(
      manager.call(E.formUpdate, { params: { id: form.id }, body: { version: 1, remark: 'x' } }),
      409,
      /第2版/,
    );
    const versions = await manager.call(E.formVersions, { params: { id: form.id } });
    expect(versions.map((v) => [v.version, v.publishedAt !== null, v.fieldCount])).toEqual([
      [2, false, 2],
      [1, true, 1],
    ]);
  });

  it('refuses to publish a bad design in Chinese, naming the field and the problem', async () => {
    const duplicate = await newForm([field('name', '姓名'), field('name', '名字')]);
    await refused(
      manager.call(E.formPublish, { params: { id: duplicate.id } }),
      400,
      /名字.*字段标识「name」重复/,
    );
    const noOptions = await newForm([field('title', '职称', 'select')]);
    await refused(manager.call(E.formPublish, { params: { id: noOptions.id } }), 400, /职称.*常量类型/);
    const badKey = await newForm([field('Name', '姓名')]);
    await refused(manager.call(E.formPublish, { params: { id: badKey.id } }), 400, /字段标识/);
    const empty = await newForm([]);
    await refused(manager.call(E.formPublish, { params: { id: empty.id } }), 400, /至少需要一个字段/);
    const missingType = await newForm([
      field('title', '职称', 'select', { options: { source: 'constant', constantTypeId: 'nope' } }),
    ]);
    await refused(manager.call(E.formPublish, { params: { id: missingType.id } }), 400, /常量类型不存在/);
    expect((await manager.call(E.formDetail, { params: { id: duplicate.id } })).publishState).toBe(
      'unpublished',
    );
  });

  it('publishes into a warehouse table with a column per field and the system columns', async () => {
    const form = await newForm([
      field('name', '姓名'),
      field('age', '年龄', 'integer'),
      field('born', '生日', 'date'),
    ]);
    const published = await manager.call(E.formPublish, { params: { id: form.id } });
    expect(published).toMatchObject({
      publishState: 'published',
      publishedVersion: 1,
      auditState: 'unaudited',
    });
    const warehouses = await manager.call(W.warehouseAll);
    expect(warehouses.filter((w) => w.ckmc === '数据采集')).toHaveLength(1);
    const table = await manager.call(W.tableDetail, { query: { id: published.warehouseTableId! } });
    expect(table).toMatchObject({ bmc: form.name, ckmc: '数据采集', sfcj: 1 });
    const [schema, physical] = await physicalOf(published.warehouseTableId!);
    expect(schema).toBe('dw');
    const columns = await columnsOf(schema, physical);
    expect(columns).toEqual(
      expect.arrayContaining([
        'c_name:text',
        'c_age:bigint',
        'c_born:date',
        'c_record_id:text',
        'c_fill_task_id:text',
        'c_filler_id:text',
        'c_department_id:text',
      ]),
    );
    await refused(manager.call(E.formPublish, { params: { id: form.id } }), 409, /已发布/);

    // A second form goes into the same warehouse.
    const other = await newForm();
    await manager.call(E.formPublish, { params: { id: other.id } });
    expect((await manager.call(W.warehouseAll)).filter((w) => w.ckmc === '数据采集')).toHaveLength(1);
  });

  it('adds a column for a field of version 2, and renames the table with the form', async () => {
    const form = await newForm([field('name', '姓名'), field('xm', '姓名')]);
    const v1 = await manager.call(E.formPublish, { params: { id: form.id } });
    const tableId = v1.warehouseTableId!;
    const labels = (await manager.call(W.fieldAll, { query: { ckbid: tableId } })).map((f) => f.zdmc);
    expect(labels).toEqual(expect.arrayContaining(['姓名（name）', '姓名（xm）']));
    const newName = unique('改名表单');
    await manager.call(E.formUpdate, {
      params: { id: form.id },
      body: {
        name: newName,
        definition: draft([field('name', '名字'), field('xm', '姓名'), field('phone', '电话', 'phone')]),
      },
    });
    expect((await manager.call(W.tableDetail, { query: { id: tableId } })).bmc).toBe(newName);
    const v2 = await manager.call(E.formPublish, { params: { id: form.id } });
    expect(v2).toMatchObject({ publishedVersion: 2, version: 2, warehouseTableId: tableId });
    const [schema, physical] = await physicalOf(tableId);
    expect(await columnsOf(schema, physical)).toContain('c_phone:text');
    const fields = await manager.call(W.fieldAll, { query: { ckbid: tableId } });
    expect(fields.map((f) => f.zdmc)).toEqual(expect.arrayContaining(['名字', '姓名', '电话']));
  });

  it('refuses to remove or retype a field holding collected data, and applies it when none does', async () => {
    const form = await newForm([
      field('name', '姓名'),
      field('age', '年龄', 'integer'),
      field('note', '备注'),
    ]);
    const v1 = await manager.call(E.formPublish, { params: { id: form.id } });
    await t.db
      .insert(formRecords)
      .values({ id: newId(), formId: form.id, data: { name: '张三', age: 30, note: '' } });

    const withoutAge = draft([field('name', '姓名'), field('note', '备注')]);
    await manager.call(E.formUpdate, { params: { id: form.id }, body: { definition: withoutAge } });
    await refused(
      manager.call(E.formPublish, { params: { id: form.id } }),
      422,
      /年龄.*1 条采集数据.*删除会丢失数据/,
    );
    const retyped = draft([
      field('name', '姓名', 'integer'),
      field('age', '年龄', 'integer'),
      field('note', '备注'),
    ]);
    await manager.call(E.formUpdate, { params: { id: form.id }, body: { definition: retyped } });
    await refused(manager.call(E.formPublish, { params: { id: form.id } }), 422, /姓名.*修改类型会丢失数据/);

    // A value in the warehouse table counts as much as a collected record.
    const [schema, physical] = await physicalOf(v1.warehouseTableId!);
    await t.db.execute(sql.raw(`insert into ${schema}.${physical} (c_note) values ('已入库')`));
    await manager.call(E.formUpdate, {
      params: { id: form.id },
      body: { definition: draft([field('name', '姓名'), field('age', '年龄', 'integer')]) },
    });
    await refused(manager.call(E.formPublish, { params: { id: form.id } }), 422, /备注.*数据表中 1 行有值/);

    // `note` is empty in every record: retyped to an integer, applied.
    await t.db.execute(sql.raw(`delete from ${schema}.${physical}`));
    await manager.call(E.formUpdate, {
      params: { id: form.id },
      body: {
        definition: draft([
          field('name', '姓名'),
          field('age', '年龄', 'integer'),
          field('note', '备注', 'integer'),
        ]),
      },
    });
    const applied = await manager.call(E.formPublish, { params: { id: form.id } });
    expect(applied.publishState).toBe('published');
    expect(await columnsOf(schema, physical)).toContain('c_note:bigint');
    // Dropped: the removed field held nothing.
    await manager.call(E.formUpdate, {
      params: { id: form.id },
      body: { definition: draft([field('name', '姓名'), field('age', '年龄', 'integer')]) },
    });
    await manager.call(E.formPublish, { params: { id: form.id } });
    expect((await columnsOf(schema, physical)).some((c) => c.startsWith('c_note:'))).toBe(false);
  });

  it('lets exactly one of two concurrent publishes win', async () => {
    const form = await newForm();
    const results = await Promise.allSettled([
      manager.call(E.formPublish, { params: { id: form.id } }),
      manager.call(E.formPublish, { params: { id: form.id } }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const loser = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((loser.reason as CallError).meta.statusCode).toBe(409);
    const tables = await manager.call(W.tablePage, { query: { keyword: form.name } });
    expect(tables.total).toBe(1);
  });

  it('audits only a published form, once', async () => {
    const form = await newForm();
    await refused(manager.call(E.formAudit, { params: { id: form.id } }), 422, /尚未发布/);
    await manager.call(E.formPublish, { params: { id: form.id } });
    expect((await manager.call(E.formAudit, { params: { id: form.id } })).auditState).toBe('audited');
    await refused(manager.call(E.formAudit, { params: { id: form.id } }), 409, /已审核/);
  });

  it("answers a form's select options from its constant types", async () => {
    const [type] = await queryRows<{ id: string }>(
      t.db,
      sql`insert into constant_types (id, name, code) values (${newId()}, ${unique('职称')}, ${unique('zc')}) returning id`,
    );
    await t.db.execute(sql`insert into constants (id, type_id, label, value, sort) values
      (${newId()}, ${type!.id}, '教授', 'professor', 1), (${newId()}, ${type!.id}, '讲师', 'lecturer', 0)`);
    const form = await newForm([
      field('name', '姓名'),
      field('title', '职称', 'select', { options: { source: 'constant', constantTypeId: type!.id } }),
    ]);
    expect(await manager.call(E.formOptions, { params: { id: form.id } })).toEqual({
      title: [
        { label: '讲师', value: 'lecturer' },
        { label: '教授', value: 'professor' },
      ],
    });
    await manager.call(E.formPublish, { params: { id: form.id } });
    expect(Object.keys(await collector.call(E.formOptions, { params: { id: form.id } }))).toEqual(['title']);
  });
});

describe('delete, recycle bin and restore', () => {
  it('refuses while an unfinished collection task uses the form', async () => {
    const form = await newForm();
    await manager.call(E.formPublish, { params: { id: form.id } });
    const taskId = newId();
    await t.db.insert(collectTasks).values({
      id: taskId,
      name: '本学期教师信息采集',
      startAt: new Date(),
      deadline: new Date(Date.now() + 86_400_000),
      createdBy: manager.userId,
    });
    await t.db.insert(collectTaskForms).values({ taskId, formId: form.id, formVersion: 1 });
    await refused(manager.call(E.formDelete, { params: { id: form.id } }), 422, /本学期教师信息采集/);
    await t.db.execute(sql`update collect_tasks set state = 'finished' where id = ${taskId}`);
    await manager.call(E.formDelete, { params: { id: form.id } });
    await refused(manager.call(E.formDetail, { params: { id: form.id } }), 404);
  });

  it('moves the form and its table with its rows to the bins, and restores both together', async () => {
    const form = await newForm();
    const published = await manager.call(E.formPublish, { params: { id: form.id } });
    const tableId = published.warehouseTableId!;
    const [, physical] = await physicalOf(tableId);
    await t.db.execute(sql.raw(`insert into dw.${physical} (c_name) values ('张三')`));

    // The warehouse's own delete of a form's table is refused.
    await refused(manager.call(W.tableDelete, { body: { ids: [tableId] } }), 422, /表单/);

    await manager.call(E.formDelete, { params: { id: form.id } });
    expect((await manager.call(E.formPage, { query: { keyword: form.name } })).total).toBe(0);
    const bin = await manager.call(E.formRecycle, { query: { keyword: form.name } });
    expect(bin.records.map((r) => r.id)).toEqual([form.id]);
    expect(bin.records[0]!.deletedAt).not.toBeNull();
    expect(await columnsOf('dw_bin', physical)).toContain('c_name:text');

    // The warehouse bin points to the form bin instead of restoring or purging the table alone.
    await refused(manager.call(W.recycleRestore, { body: { ids: [tableId] } }), 422, /表单回收站/);
    await refused(manager.call(W.recyclePurge, { body: { ids: [tableId] } }), 422, /表单回收站/);

    // A new form took the name meanwhile: restoring is refused until it is renamed.
    const namesake = await newForm(undefined, form.name);
    await refused(manager.call(E.formRestore, { params: { id: form.id } }), 409, /同名表单/);
    await manager.call(E.formUpdate, { params: { id: namesake.id }, body: { name: unique('另一个') } });

    const restored = await manager.call(E.formRestore, { params: { id: form.id } });
    expect(restored.deletedAt).toBeNull();
    const rows = await queryRows<{ c_name: string }>(t.db, sql.raw(`select c_name from dw.${physical}`));
    expect(rows.map((r) => r.c_name)).toEqual(['张三']);
    await refused(manager.call(E.formRestore, { params: { id: form.id } }), 404);
    expect((await manager.call(E.formRecycle, { query: { keyword: form.name } })).total).toBe(0);
  });

  it('purges a binned form and its table, unless it was used for collection', async () => {
    const form = await newForm();
    const published = await manager.call(E.formPublish, { params: { id: form.id } });
    const [, physical] = await physicalOf(published.warehouseTableId!);
    await refused(manager.call(E.formPurge, { params: { id: form.id } }), 404, /回收站/);
    await manager.call(E.formDelete, { params: { id: form.id } });
    await manager.call(E.formPurge, { params: { id: form.id } });
    expect(await columnsOf('dw_bin', physical)).toEqual([]);
    await refused(manager.call(W.tableDetail, { query: { id: published.warehouseTableId! } }), 404);
    await refused(manager.call(E.formRestore, { params: { id: form.id } }), 404);

    const used = await newForm();
    const usedTable = (await manager.call(E.formPublish, { params: { id: used.id } })).warehouseTableId!;
    await t.db.insert(formRecords).values({ id: newId(), formId: used.id, data: { name: '李四' } });
    await manager.call(E.formDelete, { params: { id: used.id } });
    await refused(manager.call(E.formPurge, { params: { id: used.id } }), 422, /已用于采集/);
    const [, usedPhysical] = await physicalOf(usedTable);
    expect(await columnsOf('dw_bin', usedPhysical)).toContain('c_name:text');
    expect((await manager.call(E.formRestore, { params: { id: used.id } })).deletedAt).toBeNull();
  });

  it('restores a never-published form without a table', async () => {
    const form = await newForm();
    await manager.call(E.formDelete, { params: { id: form.id } });
    await refused(manager.call(E.formDelete, { params: { id: form.id } }), 404);
    expect((await manager.call(E.formRestore, { params: { id: form.id } })).warehouseTableId).toBeNull();
  });
});
