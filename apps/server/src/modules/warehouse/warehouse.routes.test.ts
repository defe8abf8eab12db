import {
  warehouseEndpoints as E,
  type FutureTask,
  isJobActive,
  type WarehouseImportResult,
  warehouseFutureTasks,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  multipart,
  postMultipart,
  refused,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import { queryRows } from '../../db/client.ts';
import { writeWorkbook } from '../../platform/excel/write.ts';
import { IMPORT_BATCH } from './warehouse.data-import.ts';

let t: TestApp;
let manager: Session;
let outsider: Session;

beforeAll(async () => {
  t = await createTestApp();
  const m = await createUser(t, { roles: ['dataManager'] });
  manager = await signIn(t, m.account, m.password);
  const o = await createUser(t);
  outsider = await signIn(t, o.account, o.password);
});
afterAll(() => t.close());

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}`;

/** A warehouse with one table holding 学号 (unique, required), 姓名, 成绩 (decimal), 入学日期. */
async function studentTable() {
  const wh = await manager.call(E.warehouseInsert, { body: { ckmc: unique('学生库') } });
  const table = await manager.call(E.tableInsert, { body: { ckid: wh.id, bmc: '学生成绩' } });
  const add = (zdmc: string, zddm: string, zdlx: 'text' | 'integer' | 'decimal' | 'date', extra = {}) =>
    manager.call(E.fieldInsert, { body: { ckbid: table.id, zdmc, zddm, zdlx, ...extra } });
  const fields = {
    number: await add('学号', 'xh', 'text', { sfbt: true, sfwy: true }),
    name: await add('姓名', 'xm', 'text'),
    score: await add('成绩', 'cj', 'decimal'),
    day: await add('入学日期', 'rxrq', 'date'),
  };
  return { wh, table, fields };
}

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const s = book.addWorksheet('数据');
  for (const row of rows) s.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function runImport(
  path: string,
  tableId: string,
  bytes: Buffer,
  session = manager,
): Promise<FutureTask> {
  const body = multipart({ name: '数据.xlsx', bytes }, { id: tableId });
  const answer = await postMultipart(t, session, path, body);
  expect(answer.statusCode, answer.body).toBe(200);
  const { taskId } = answer.json().data as { taskId: string };
  for (;;) {
    const task = await session.call(warehouseFutureTasks.result, { query: { taskId } });
    if (!isJobActive(task.state)) return task;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const physicalRows = async (physical: string) =>
  (await queryRows<{ n: number }>(t.db, sql.raw(`select count(*)::int as n from ${physical}`)))[0]!.n;

describe('permissions and bad input', () => {
  it('refuses an outsider every call with 403', async () => {
    const { table } = await studentTable();
    await refused(outsider.call(E.warehouseAll), 403);
    await refused(outsider.call(E.tablePage, { query: {} }), 403);
    await refused(outsider.call(E.fieldAll, { query: { ckbid: table.id } }), 403);
    await refused(outsider.call(E.createPhysical, { body: { id: table.id } }), 403);
    await refused(outsider.call(E.rows, { query: { id: table.id } }), 403);
    await refused(outsider.call(E.recyclePage, { query: {} }), 403);
    const download = await outsider.send(E.dataExport, { query: { id: table.id } });
    expect(download.json().meta).toMatchObject({ success: false, statusCode: 403 });
  });

  it('answers bad input in Chinese with a 4xx', async () => {
    const { wh, table } = await studentTable();
    await refused(manager.call(E.warehouseInsert, { body: { ckmc: '' } }), 400, /仓库名称/);
    await refused(manager.call(E.warehouseInsert, { body: { ckmc: wh.ckmc } }), 409, /已存在/);
    await refused(manager.call(E.tableInsert, { body: { ckid: wh.id, bmc: '学生成绩' } }), 409);
    await refused(manager.call(E.tableInsert, { body: { ckid: 'nope', bmc: 'x' } }), 404);
    const field = { ckbid: table.id, zdmc: '字段', zdlx: 'text' as const };
    await refused(
      manager.call(E.fieldInsert, { body: { ...field, zddm: 'Bad Code; drop table x' } }),
      400,
      /字段代码/,
    );
    await refused(manager.call(E.fieldInsert, { body: { ...field, zddm: 'xh' } }), 409, /已存在/);
    await refused(
      manager.call(E.fieldInsert, { body: { ...field, zddm: 'dept', zdlx: 'integer', gllx: 'department' } }),
      400,
      /文本/,
    );
    await refused(manager.call(E.rows, { query: { id: table.id } }), 422, /物理表/);
    await refused(manager.call(E.rows, { query: { id: table.id, filters: 'not json' } }), 400, /筛选/);
  });
});

describe('warehouses, tables and fields', () => {
  it('lists, pages, updates and deletes each level', async () => {
    const { wh, table, fields } = await studentTable();
    expect((await manager.call(E.warehouseAll)).find((w) => w.id === wh.id)?.bsl).toBe(1);
    const page = await manager.call(E.warehousePage, {
      query: { keyword: wh.ckmc, pageNum: 1, pageSize: 10 },
    });
    expect(page.records.map((r) => r.id)).toEqual([wh.id]);
    const renamed = await manager.call(E.warehouseUpdate, {
      body: { id: wh.id, ckmc: `${wh.ckmc}改`, ckms: '说明' },
    });
    expect(renamed.ckms).toBe('说明');

    expect((await manager.call(E.tableAll, { query: { ckid: wh.id } })).map((r) => r.id)).toEqual([table.id]);
    const tables = await manager.call(E.tablePage, { query: { ckid: wh.id, keyword: '成绩' } });
    expect(tables.total).toBe(1);
    expect(tables.records[0]).toMatchObject({ zdsl: 4, sfcj: 0, hs: null });
    expect(tables.records[0]!.wlbm).toMatch(/^dw\.t_[0-9a-f]{16}$/);
    await manager.call(E.tableUpdate, { body: { id: table.id, bmc: '学生成绩表' } });

    const all = await manager.call(E.fieldAll, { query: { ckbid: table.id } });
    expect(all.map((f) => f.zddm)).toEqual(['xh', 'xm', 'cj', 'rxrq']);
    expect(all[0]).toMatchObject({ lm: 'c_xh', sfbt: 1, sfwy: 1 });
    const fieldPage = await manager.call(E.fieldPage, {
      query: { ckbid: table.id, keyword: '姓', pageSize: 2 },
    });
    expect(fieldPage.records.map((f) => f.zdmc)).toEqual(['姓名']);
    const changed = await manager.call(E.fieldUpdate, {
      body: { id: fields.name.id, zdmc: '学生姓名', zddm: 'xsxm', zdlx: 'text', sfbt: false },
    });
    expect(changed.lm).toBe('c_xsxm');
    await manager.call(E.fieldDelete, { body: { ids: [fields.day.id] } });
    expect((await manager.call(E.tableDetail, { query: { id: table.id } })).fields).toHaveLength(3);

    await refused(manager.call(E.warehouseDelete, { body: { ids: [wh.id] } }), 422, /还有数据表/);
    await manager.call(E.tableDelete, { body: { ids: [table.id] } });
    await manager.call(E.recyclePurge, { body: { ids: [table.id] } });
    await manager.call(E.warehouseDelete, { body: { ids: [wh.id] } });
    expect((await manager.call(E.warehouseAll)).some((w) => w.id === wh.id)).toBe(false);
  });

  it('creates the physical table in dw and drops it on request', async () => {
    const { wh, table } = await studentTable();
    const empty = await manager.call(E.tableInsert, { body: { ckid: wh.id, bmc: '空表' } });
    await refused(manager.call(E.createPhysical, { body: { id: empty.id } }), 422, /字段/);
    const created = await manager.call(E.createPhysical, { body: { id: table.id } });
    expect(created).toMatchObject({ sfcj: 1, hs: 0 });
    const columns = await queryRows<{ column_name: string; data_type: string; is_nullable: string }>(
      t.db,
      sql`select column_name, data_type, is_nullable from information_schema.columns
          where table_schema = 'dw' and table_name = ${created.wlbm.slice(3)} order by ordinal_position`,
    );
    expect(columns.map((c) => c.column_name)).toEqual([
      'id',
      'c_xh',
      'c_xm',
      'c_cj',
      'c_rxrq',
      '_imported_at',
      '_job_id',
    ]);
    expect(columns.find((c) => c.column_name === 'c_xh')).toMatchObject({
      data_type: 'text',
      is_nullable: 'NO',
    });
    await refused(manager.call(E.createPhysical, { body: { id: table.id } }), 409);
    const dropped = await manager.call(E.dropPhysical, { body: { id: table.id } });
    expect(dropped.sfcj).toBe(0);
    await refused(manager.call(E.dropPhysical, { body: { id: table.id } }), 422);
  });
});

describe('field changes on a created table', () => {
  it('applies safe changes and refuses data-losing ones, naming the field and the rows', async () => {
    const { table, fields } = await studentTable();
    const created = await manager.call(E.createPhysical, { body: { id: table.id } });
    const physical = created.wlbm;
    await t.db.execute(
      sql.raw(
        `insert into ${physical} (c_xh, c_xm, c_cj) values ('1', '张三', 1.5), ('2', '张三', null), ('3', null, 2)`,
      ),
    );
    const update = (id: string, body: object) =>
      manager.call(E.fieldUpdate, { body: { id, ...body } as never });
    const score = { zdmc: '成绩', zddm: 'cj', zdlx: 'decimal' };
    await refused(update(fields.score.id, { ...score, zdlx: 'integer' }), 422, /成绩.*1 行/);
    await refused(update(fields.score.id, { ...score, sfbt: true }), 422, /成绩.*1 行为空/);
    await refused(
      update(fields.name.id, { zdmc: '姓名', zddm: 'xm', zdlx: 'text', sfwy: true }),
      422,
      /姓名.*2 行/,
    );
    await refused(manager.call(E.fieldDelete, { body: { ids: [fields.name.id] } }), 422, /姓名.*2 行数据/);
    await refused(
      manager.call(E.fieldInsert, {
        body: { ckbid: table.id, zdmc: '班级', zddm: 'bj', zdlx: 'text', sfbt: true },
      }),
      422,
      /3 行/,
    );
    // Safe: to text, a rename, a new optional column, dropping an empty column.
    await update(fields.score.id, { ...score, zdlx: 'text', zddm: 'score' });
    await manager.call(E.fieldInsert, { body: { ckbid: table.id, zdmc: '班级', zddm: 'bj', zdlx: 'text' } });
    await manager.call(E.fieldDelete, { body: { ids: [fields.day.id] } });
    const rows = await manager.call(E.rows, { query: { id: table.id, pageSize: 10 } });
    expect(rows.total).toBe(3);
    expect(rows.records[0]).toMatchObject({ xh: '1', score: '1.5', bj: null });
    expect(rows.records[0]).not.toHaveProperty('rxrq');
    // Back to decimal converts every value: allowed.
    await update(fields.score.id, { ...score, zddm: 'score' });
  });
});

describe('Excel', () => {
  it('imports data all or nothing, lists every bad row, then imports the fixed file', async () => {
    const { table } = await studentTable();
    await manager.call(E.createPhysical, { body: { id: table.id } });
    const header = ['学号', '姓名', '成绩', '入学日期'];
    const bad = await runImport(
      E.dataImport.path,
      table.id,
      await sheet([
        header,
        ['1', '甲', 90, '2024-09-01'],
        ['2', '乙', 'abc', '2024-02-30'],
        ['1', '丙', 80, ''],
        ['', '丁', 1, ''],
      ]),
    );
    expect(bad.state).toBe('finished');
    const answer = bad.result as WarehouseImportResult;
    expect(answer.imported).toBe(false);
    expect(answer.errors).toEqual([
      { row: 3, column: '成绩', message: '「abc」不是有效的小数' },
      { row: 3, column: '入学日期', message: '「2024-02-30」不是有效的日期（如 2024-09-01）' },
      { row: 4, column: '学号', message: '「1」与第2行重复（该字段唯一）' },
      { row: 5, column: '学号', message: '必填，不能为空' },
    ]);
    expect((await manager.call(E.rows, { query: { id: table.id } })).total).toBe(0);

    const good = await runImport(
      E.dataImport.path,
      table.id,
      await sheet([header, ['1', '甲', 90, '2024-09-01'], ['2', '乙', 85.5, '2024/9/2']]),
    );
    expect(good.result).toEqual({ imported: true, count: 2, errors: [] });
    // Against stored rows: 学号 2 is taken now.
    const again = await runImport(E.dataImport.path, table.id, await sheet([header, ['2', '戊', 1, '']]));
    expect((again.result as WarehouseImportResult).errors).toEqual([
      { row: 2, column: '学号', message: '与表中已有数据重复（该字段唯一）' },
    ]);

    const filtered = await manager.call(E.rows, {
      query: { id: table.id, filters: JSON.stringify([{ zddm: 'cj', op: 'eq', value: '85.5' }]) },
    });
    expect(filtered.records.map((r) => r.xm)).toEqual(['乙']);
    const contains = await manager.call(E.rows, {
      query: { id: table.id, filters: JSON.stringify([{ zddm: 'xm', op: 'contains', value: '%' }]) },
    });
    expect(contains.total).toBe(0);
    await refused(
      manager.call(E.rows, {
        query: { id: table.id, filters: JSON.stringify([{ zddm: 'cj', op: 'eq', value: 'x' }]) },
      }),
      400,
      /成绩/,
    );

    const exported = await manager.send(E.dataExport, { query: { id: table.id } });
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(3).values).toEqual([undefined, '2', '乙', 85.5, '2024-09-02']);
    const template = await manager.send(E.template, { query: { id: table.id } });
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, ...header]);
  });

  it('imports a file of several batches all or nothing, naming bad rows in any batch', async () => {
    const { table } = await studentTable();
    const created = await manager.call(E.createPhysical, { body: { id: table.id } });
    // Long names end a batch every few rows (IMPORT_BATCH.chars): these files span at least three.
    const name = '长'.repeat(1_900);
    const count = 3 * Math.ceil(IMPORT_BATCH.chars / name.length) + 1;
    const numbered = (from: number) => Array.from({ length: count }, (_, i) => [`${from + i}`, name]);
    const header = ['学号', '姓名'];
    const first = await runImport(E.dataImport.path, table.id, await sheet([header, ...numbered(1)]));
    expect(first.result).toEqual({ imported: true, count, errors: [] });
    expect(await physicalRows(created.wlbm)).toBe(count);

    // A repeat of the file's own row 2 in a middle batch, a number stored by the first file in the last.
    const second = numbered(1001);
    second[count - 10]![0] = '1001';
    second[count - 1]![0] = '5';
    const answer = (await runImport(E.dataImport.path, table.id, await sheet([header, ...second])))
      .result as WarehouseImportResult;
    expect(answer).toMatchObject({ imported: false, count: 0 });
    expect(answer.errors).toEqual([
      { row: count - 8, column: '学号', message: '「1001」与第2行重复（该字段唯一）' },
      { row: count + 1, column: '学号', message: '与表中已有数据重复（该字段唯一）' },
    ]);
    // The batches written before the bad ones were rolled back with them.
    expect(await physicalRows(created.wlbm)).toBe(count);
  });

  it('checks keys to departments and refuses a file of unknown columns', async () => {
    const { table } = await studentTable();
    await manager.call(E.fieldInsert, {
      body: { ckbid: table.id, zdmc: '院系', zddm: 'yx', zdlx: 'text', gllx: 'department' },
    });
    await manager.call(E.createPhysical, { body: { id: table.id } });
    const d = await createUser(t, { heads: true });
    const [dept] = await queryRows<{ id: string; name: string }>(
      t.db,
      sql`select id, name from departments where id = ${d.departmentId}`,
    );
    const answer = (
      await runImport(
        E.dataImport.path,
        table.id,
        await sheet([
          ['学号', '院系'],
          ['1', dept!.name],
          ['2', '没有的部门'],
        ]),
      )
    ).result as WarehouseImportResult;
    expect(answer.errors).toEqual([{ row: 3, column: '院系', message: '部门「没有的部门」不存在' }]);
    const ok = await runImport(
      E.dataImport.path,
      table.id,
      await sheet([
        ['学号', 'yx'],
        ['1', dept!.name],
      ]),
    );
    expect(ok.result).toMatchObject({ imported: true, count: 1 });
    // The column keeps the id; the browse shows the name it stands for.
    const rows = await manager.call(E.rows, { query: { id: table.id } });
    expect(rows.records[0]!.yx).toBe(dept!.name);
    const stored = await queryRows<{ c_yx: string }>(t.db, sql.raw(`select c_yx from ${table.wlbm}`));
    expect(stored.map((r) => r.c_yx)).toEqual([dept!.id]);
    const unknown = await runImport(
      E.dataImport.path,
      table.id,
      await sheet([
        ['学号', '其他'],
        ['9', 'x'],
      ]),
    );
    expect(unknown).toMatchObject({
      state: 'failed',
      message: expect.stringMatching(/其他.*不是本表的字段/),
    });
  });

  it('exports a structure and imports it into another table, refusing a bad row', async () => {
    const { wh, table } = await studentTable();
    const structure = await manager.send(E.structureExport, { query: { id: table.id } });
    expect(structure.statusCode).toBe(200);
    const copy = await manager.call(E.tableInsert, { body: { ckid: wh.id, bmc: '副本' } });
    const imported = await runImport(E.structureImport.path, copy.id, structure.rawPayload);
    expect(imported.result).toEqual({ imported: true, count: 4, errors: [] });
    const fields = await manager.call(E.fieldAll, { query: { ckbid: copy.id } });
    expect(fields.map((f) => [f.zddm, f.zdlx, f.sfbt, f.sfwy])).toEqual([
      ['xh', 'text', 1, 1],
      ['xm', 'text', 0, 0],
      ['cj', 'decimal', 0, 0],
      ['rxrq', 'date', 0, 0],
    ]);
    const badFile = await writeWorkbook([
      {
        name: '表结构',
        columns: ['字段名称', '字段代码', '字段类型', '是否必填', '是否唯一', '关联'].map((header) => ({
          header,
        })),
        rows: [
          ['班级', 'bj', '文本', '否', '否', ''],
          ['年级', '1nj', '颜色', '也许', '否', ''],
        ],
      },
    ]);
    const refusedImport = (await runImport(E.structureImport.path, copy.id, badFile))
      .result as WarehouseImportResult;
    expect(refusedImport.imported).toBe(false);
    expect(refusedImport.errors.map((e) => e.column)).toEqual(['字段代码', '字段类型', '是否必填']);
    expect(await manager.call(E.fieldAll, { query: { ckbid: copy.id } })).toHaveLength(4);
  });
});

describe('recycle bin', () => {
  it('moves a deleted table with its rows to the bin, restores it whole, and purges after', async () => {
    const { wh, table } = await studentTable();
    const created = await manager.call(E.createPhysical, { body: { id: table.id } });
    await t.db.execute(
      sql.raw(`insert into ${created.wlbm} (c_xh) select g::text from generate_series(1, 25) g`),
    );
    await manager.call(E.tableDelete, { body: { ids: [table.id] } });
    expect((await manager.call(E.tableAll, { query: { ckid: wh.id } })).map((r) => r.id)).not.toContain(
      table.id,
    );
    const bin = await manager.call(E.recyclePage, { query: { keyword: '学生成绩', pageSize: 100 } });
    const binned = bin.records.find((r) => r.id === table.id)!;
    expect(binned).toMatchObject({ hs: 25, wlbm: created.wlbm.replace('dw.', 'dw_bin.') });
    expect(binned.scsj).not.toBeNull();
    await refused(manager.call(E.rows, { query: { id: table.id } }), 422, /回收站/);
    expect(await physicalRows(binned.wlbm)).toBe(25);

    // A namesake made meanwhile blocks the restore until renamed.
    const namesake = await manager.call(E.tableInsert, { body: { ckid: wh.id, bmc: '学生成绩' } });
    await refused(manager.call(E.recycleRestore, { body: { ids: [table.id] } }), 409, /同名/);
    await manager.call(E.tableUpdate, { body: { id: namesake.id, bmc: '新表' } });
    await manager.call(E.recycleRestore, { body: { ids: [table.id] } });
    const rows = await manager.call(E.rows, { query: { id: table.id, pageSize: 100 } });
    expect(rows.total).toBe(25);

    await manager.call(E.tableDelete, { body: { ids: [table.id] } });
    await refused(manager.call(E.recycleRestore, { body: { ids: ['nope'] } }), 404);
    await manager.call(E.recyclePurge, { body: { ids: [table.id] } });
    const left = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pg_tables where tablename = ${created.wlbm.slice(3)}`,
    );
    expect(left[0]!.n).toBe(0);
    await refused(manager.call(E.recyclePurge, { body: { ids: [table.id] } }), 404);
  });
});

it('lets the administrator in too', async () => {
  const admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  expect(Array.isArray(await admin.call(E.warehouseAll))).toBe(true);
});
