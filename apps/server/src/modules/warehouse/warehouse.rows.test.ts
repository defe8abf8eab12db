import { warehouseEndpoints as E } from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, refused, type Session, signIn, type TestApp } from '../../../test/app.ts';

let t: TestApp;
let manager: Session;
let filler: Session;

beforeAll(async () => {
  t = await createTestApp();
  const m = await createUser(t, { roles: ['dataManager'] });
  manager = await signIn(t, m.account, m.password);
  const f = await createUser(t);
  filler = await signIn(t, f.account, f.password);
});
afterAll(() => t.close());

let seq = 0;

/**
 * A created table of 学号 (text), 成绩 (decimal), 在校 (boolean) and 登记时间 (datetime), holding three
 * rows written straight into `dw`, as an import would leave them.
 */
async function filledTable() {
  const wh = await manager.call(E.warehouseInsert, { body: { ckmc: `浏览库${++seq}` } });
  const table = await manager.call(E.tableInsert, { body: { ckid: wh.id, bmc: '成绩' } });
  const add = (zdmc: string, zddm: string, zdlx: 'text' | 'decimal' | 'boolean' | 'datetime') =>
    manager.call(E.fieldInsert, { body: { ckbid: table.id, zdmc, zddm, zdlx } });
  await add('学号', 'xh', 'text');
  await add('成绩', 'cj', 'decimal');
  await add('在校', 'zx', 'boolean');
  await add('登记时间', 'djsj', 'datetime');
  const created = await manager.call(E.createPhysical, { body: { id: table.id } });
  await t.db.execute(
    sql.raw(`insert into ${created.wlbm} (c_xh, c_cj, c_zx, c_djsj) values
      ('S100%', 1.5, true, '2024-09-01 08:30:15.250'),
      ('s200', 90, false, null),
      ('S300', null, null, '2024-09-02 00:00:00')`),
  );
  return { table: created };
}

const rows = (id: string, filters?: unknown, paging: { pageNum?: number; pageSize?: number } = {}) =>
  manager.call(E.rows, {
    query: { id, ...(filters === undefined ? {} : { filters: JSON.stringify(filters) }), ...paging },
  });

describe('browsing a created table', () => {
  it('answers every value as text keyed by field code, timestamps without their fraction', async () => {
    const { table } = await filledTable();
    const page = await rows(table.id);
    expect(page.total).toBe(3);
    expect(page.records[0]).toMatchObject({
      xh: 'S100%',
      cj: '1.5',
      zx: 'true',
      djsj: '2024-09-01 08:30:15',
    });
    expect(page.records[0]!._xh).toBe('1');
    expect(page.records[0]!._imported_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(page.records[1]).toMatchObject({ xh: 's200', djsj: null });
    expect(page.records[0]).not.toHaveProperty('c_xh');
  });

  it('filters by equality in the column’s type and by a literal, case-blind "contains" on text', async () => {
    const { table } = await filledTable();
    const xh = async (filters: unknown) => (await rows(table.id, filters)).records.map((r) => r.xh);
    // 1.50 is the stored 1.5: compared as numeric, not as text.
    expect(await xh([{ zddm: 'cj', op: 'eq', value: '1.50' }])).toEqual(['S100%']);
    expect(await xh([{ zddm: 'zx', op: 'eq', value: '否' }])).toEqual(['s200']);
    expect(await xh([{ zddm: 'xh', op: 'contains', value: 's' }])).toEqual(['S100%', 's200', 'S300']);
    // The % is a character to find, not a wildcard.
    expect(await xh([{ zddm: 'xh', op: 'contains', value: '%' }])).toEqual(['S100%']);
    expect(
      await xh([
        { zddm: 'xh', op: 'contains', value: 's' },
        { zddm: 'djsj', op: 'eq', value: '2024-09-02' },
      ]),
    ).toEqual(['S300']);
  });

  it('pages the rows in id order with the total of all that match', async () => {
    const { table } = await filledTable();
    const second = await rows(table.id, undefined, { pageNum: 2, pageSize: 2 });
    expect(second.total).toBe(3);
    expect(second.records.map((r) => r.xh)).toEqual(['S300']);
    const beyond = await rows(table.id, undefined, { pageNum: 5, pageSize: 2 });
    expect(beyond).toMatchObject({ total: 3, records: [] });
  });

  it('refuses a filter on an unknown field, "contains" on a non-text field and a value of the wrong type', async () => {
    const { table } = await filledTable();
    await refused(rows(table.id, [{ zddm: 'nope', op: 'eq', value: '1' }]), 400, /筛选字段「nope」不存在/);
    await refused(rows(table.id, [{ zddm: 'cj', op: 'contains', value: '1' }]), 400, /不是文本/);
    await refused(rows(table.id, [{ zddm: 'cj', op: 'eq', value: '一百' }]), 400, /成绩.*筛选值/);
    await refused(rows(table.id, [{ zddm: 'djsj', op: 'eq', value: '2024-02-30' }]), 400, /日期时间/);
    await refused(rows(table.id, [{ zddm: 'Bad; drop', op: 'eq', value: '1' }]), 400, /筛选/);
  });

  it('shows the rows to data managers only, and not those of an unknown or binned table', async () => {
    const { table } = await filledTable();
    await refused(filler.call(E.rows, { query: { id: table.id } }), 403);
    await refused(rows('no-such-table'), 404);
    await manager.call(E.tableDelete, { body: { ids: [table.id] } });
    await refused(rows(table.id), 422, /回收站/);
  });
});

describe('exporting a table’s data', () => {
  it('writes every row under the field labels, values as the browser shows them', async () => {
    const { table } = await filledTable();
    const answer = await manager.send(E.dataExport, { query: { id: table.id } });
    expect(answer.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Uint8Array.from(answer.rawPayload).buffer);
    const sheet = book.getWorksheet('数据')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '学号', '成绩', '在校', '登记时间']);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(1).value).toBe('S100%');
    expect(sheet.getRow(3).getCell(1).value).toBe('s200');
  });

  it('refuses the export of a table without its physical table', async () => {
    const wh = await manager.call(E.warehouseInsert, { body: { ckmc: `空库${++seq}` } });
    const table = await manager.call(E.tableInsert, { body: { ckid: wh.id, bmc: '未建' } });
    const answer = await manager.send(E.dataExport, { query: { id: table.id } });
    expect(answer.json().meta).toMatchObject({ success: false, statusCode: 422 });
  });
});
