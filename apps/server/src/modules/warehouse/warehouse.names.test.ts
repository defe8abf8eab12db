import { warehouseEndpoints as E, formsEndpoints as F } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, refused, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { departments } from '../org/org.table.ts';

/**
 * Issue 26 (7): a key column is shown, filtered, sorted and exported by the name it stands for, the key
 * stays stored; rows come in number order; the import time is on the school's clock.
 */

let t: TestApp;
let manager: Session;
let teacher: { id: string };
let constantTypeId: string;

beforeAll(async () => {
  t = await createTestApp();
  const m = await createUser(t, { roles: ['dataManager'] });
  manager = await signIn(t, m.account, m.password);
  teacher = await createUser(t, { name: '冯磊' });
  await t.db.insert(departments).values([
    { id: 'd08', name: '智能制造学院' },
    { id: 'd09', name: '信息工程学院' },
  ]);
  const type = await manager.call(F.constantTypeInsert, { body: { name: '项目级别', code: 'xmjb' } });
  constantTypeId = type.id;
  for (const [label, value] of [
    ['国家级', 'gj'],
    ['省级', 'sj'],
  ] as const)
    await manager.call(F.constantInsert, { body: { typeId: constantTypeId, label, value } });
});
afterAll(() => t.close());

let seq = 0;

/** 序 (integer), 院系 (department key), 负责人 (user key), 级别 (constant key): twelve rows, 院系 alternating. */
async function projectTable() {
  const wh = await manager.call(E.warehouseInsert, { body: { ckmc: `项目库${++seq}` } });
  const table = await manager.call(E.tableInsert, { body: { ckid: wh.id, bmc: '科研项目' } });
  const add = (body: {
    zdmc: string;
    zddm: string;
    zdlx: 'text' | 'integer';
    gllx?: 'department' | 'user' | 'constant';
    cllxid?: string;
  }) => manager.call(E.fieldInsert, { body: { ckbid: table.id, ...body } });
  await add({ zdmc: '序', zddm: 'n', zdlx: 'integer' });
  await add({ zdmc: '院系', zddm: 'yxbm', zdlx: 'text', gllx: 'department' });
  await add({ zdmc: '负责人', zddm: 'fzr', zdlx: 'text', gllx: 'user' });
  await add({ zdmc: '级别', zddm: 'jb', zdlx: 'text', gllx: 'constant', cllxid: constantTypeId });
  const created = await manager.call(E.createPhysical, { body: { id: table.id } });
  const values = Array.from(
    { length: 12 },
    (_, i) => `(${i + 1}, '${i % 2 ? 'd08' : 'd09'}', '${teacher.id}', '${i % 3 ? 'sj' : 'gj,sj'}')`,
  );
  await t.db.execute(
    sql.raw(`insert into ${created.wlbm} (c_n, c_yxbm, c_fzr, c_jb)
      values ${values.join(', ')}`),
  );
  // 2026-03-01 08:00 UTC is 16:00 at the school.
  await t.db.execute(sql.raw(`update ${created.wlbm} set _imported_at = '2026-03-01T08:00:00Z'`));
  return created;
}

const rows = (
  id: string,
  query: {
    filters?: unknown;
    pxzd?: string;
    pxfs?: 'asc' | 'desc';
    pageNum?: number;
    pageSize?: number;
  } = {},
) => {
  const { filters, ...rest } = query;
  return manager.call(E.rows, {
    query: { id, ...(filters === undefined ? {} : { filters: JSON.stringify(filters) }), ...rest },
  });
};

describe('a warehouse table with key columns', () => {
  it('shows each key by its name: department, user and constants, never the stored key', async () => {
    const table = await projectTable();
    const page = await rows(table.id, { pageSize: 2 });
    expect(page.records[0]).toMatchObject({ n: '1', yxbm: '信息工程学院', fzr: '冯磊', jb: '国家级,省级' });
    expect(page.records[1]).toMatchObject({ n: '2', yxbm: '智能制造学院', jb: '省级' });
    expect(JSON.stringify(page.records)).not.toMatch(/d09|d08|"gj|"sj|[0-9a-f]{32}/);
  });

  it('finds the rows of 信息工程学院 by its name, and still by its key', async () => {
    const table = await projectTable();
    const byName = await rows(table.id, { filters: [{ zddm: 'yxbm', op: 'eq', value: '信息工程学院' }] });
    expect(byName.total).toBe(6);
    expect(byName.records.every((r) => r.yxbm === '信息工程学院')).toBe(true);
    const contains = await rows(table.id, { filters: [{ zddm: 'yxbm', op: 'contains', value: '信息' }] });
    expect(contains.total).toBe(6);
    const byKey = await rows(table.id, { filters: [{ zddm: 'yxbm', op: 'eq', value: 'd09' }] });
    expect(byKey.total).toBe(6);
    const constant = await rows(table.id, { filters: [{ zddm: 'jb', op: 'contains', value: '国家级' }] });
    expect(constant.records.map((r) => r.n)).toEqual(['1', '4', '7', '10']);
  });

  it('pages in number order (1, 2, … 10, 11), numbers each row with its 序号, and sorts a number as a number', async () => {
    const table = await projectTable();
    const first = await rows(table.id);
    expect(first.records.map((r) => r.n)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    const second = await rows(table.id, { pageNum: 2 });
    expect(second.records.map((r) => [r._xh, r.n])).toEqual([
      ['11', '11'],
      ['12', '12'],
    ]);
    const down = await rows(table.id, { pxzd: 'n', pxfs: 'desc', pageSize: 4 });
    expect(down.records.map((r) => r.n)).toEqual(['12', '11', '10', '9']);
    expect(down.records.map((r) => r._xh)).toEqual(['1', '2', '3', '4']);
  });

  it('sorts a key column by the name it stands for', async () => {
    const table = await projectTable();
    const sorted = await rows(table.id, { pxzd: 'yxbm', pageSize: 12 });
    const names = sorted.records.map((r) => r.yxbm);
    expect(names).toEqual([...names].sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0)));
    expect(new Set(names)).toEqual(new Set(['信息工程学院', '智能制造学院']));
    await refused(rows(table.id, { pxzd: 'nope' }), 400, /排序字段「nope」不存在/);
  });

  it('shows the import time on the school clock (UTC+8), as every other page', async () => {
    const table = await projectTable();
    const page = await rows(table.id, { pageSize: 1 });
    expect(page.records[0]!._imported_at).toBe('2026-03-01 16:00:00');
  });

  it('exports the names under 院系, 负责人 and 级别', async () => {
    const table = await projectTable();
    const answer = await manager.send(E.dataExport, { query: { id: table.id } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Uint8Array.from(answer.rawPayload).buffer);
    const sheet = book.getWorksheet('数据')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '序', '院系', '负责人', '级别']);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, '信息工程学院', '冯磊', '国家级,省级']);
    expect(sheet.getRow(3).values).toEqual([undefined, 2, '智能制造学院', '冯磊', '省级']);
  });

  it('refuses a constant key without a constant type, in Chinese', async () => {
    const wh = await manager.call(E.warehouseInsert, { body: { ckmc: `项目库${++seq}` } });
    const table = await manager.call(E.tableInsert, { body: { ckid: wh.id, bmc: '级别表' } });
    await refused(
      manager.call(E.fieldInsert, {
        body: { ckbid: table.id, zdmc: '级别', zddm: 'jb', zdlx: 'text', gllx: 'constant' },
      }),
      422,
      /请选择常量类型/,
    );
  });
});

describe('the table of a published form', () => {
  /** A form of 姓名 and 级别 (a select of 项目级别), published, with one answer written as the sync writes it. */
  async function answeredForm() {
    const form = await manager.call(F.formInsert, {
      body: {
        name: `项目申报${++seq}`,
        definition: {
          formType: 'floating',
          layout: 'normal',
          fields: [
            { key: 'xm', label: '姓名', component: 'text' },
            {
              key: 'jb',
              label: '级别',
              component: 'select',
              options: { source: 'constant', constantTypeId },
            },
          ],
        },
      },
    });
    const published = await manager.call(F.formPublish, { params: { id: form.id } });
    const table = await manager.call(E.tableDetail, { query: { id: published.warehouseTableId! } });
    await t.db.execute(
      sql.raw(`insert into ${table.wlbm} (c_xm, c_jb, c_record_id, c_filler_id, c_department_id)
        values ('张三', 'gj', 'new-m3x9k2-1', '${teacher.id}', 'd09')`),
    );
    return table;
  }

  it('keys its system columns and selects: who answered by name, the constant by its name, no record id', async () => {
    const table = await answeredForm();
    const kinds = Object.fromEntries(table.fields.map((f) => [f.zddm, [f.gllx, f.cllxid]]));
    expect(kinds).toMatchObject({
      jb: ['constant', constantTypeId],
      record_id: ['record', ''],
      fill_task_id: ['task', ''],
      filler_id: ['user', ''],
      department_id: ['department', ''],
    });
    const [row] = (await rows(table.id)).records;
    expect(row).toMatchObject({ xm: '张三', jb: '国家级', filler_id: '冯磊', department_id: '信息工程学院' });
    expect(row).not.toHaveProperty('record_id');
    expect(JSON.stringify(row)).not.toMatch(/new-|d09|[0-9a-f]{32}/);
    await refused(rows(table.id, { pxzd: 'record_id' }), 400, /记录编号.*不显示/);
  });

  it('exports who answered by name and leaves the record id out', async () => {
    const table = await answeredForm();
    const answer = await manager.send(E.dataExport, { query: { id: table.id } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Uint8Array.from(answer.rawPayload).buffer);
    const sheet = book.getWorksheet('数据')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '姓名', '级别', '填报任务', '填报人', '填报部门']);
    expect(sheet.getRow(2).values).toEqual([undefined, '张三', '国家级', undefined, '冯磊', '信息工程学院']);
  });
});
