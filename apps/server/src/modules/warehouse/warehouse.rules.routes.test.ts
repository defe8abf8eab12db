import {
  warehouseEndpoints as E,
  type FutureTask,
  isJobActive,
  ROLE_IDS,
  type WarehouseImportResult,
  warehouseFutureTasks,
} from '@eduqa/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
import { departments } from '../org/org.table.ts';

/**
 * The warehouse's rules at its routes: who may change it, the Chinese answer to each bad input, a table in
 * the bin, and the checks every imported row meets (type, required, unique, reference).
 */
let t: TestApp;
let manager: Session;
let publisher: Session;
let leader: Session;

async function user(roles: string[]) {
  const u = await createUser(t, { roles });
  return signIn(t, u.account, u.password);
}

beforeAll(async () => {
  t = await createTestApp();
  manager = await user(['dataManager']);
  publisher = await user([ROLE_IDS.diagnosisPublisher]);
  leader = await user([ROLE_IDS.schoolLeader]);
});
afterAll(() => t.close());

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}`;

/** A warehouse with a table of 学号 (text, required, unique) and the fields given, each `[label, code, type]`. */
async function table(
  extra: Array<[string, string, 'text' | 'integer' | 'decimal' | 'date' | 'datetime' | 'boolean']> = [],
) {
  const wh = await manager.call(E.warehouseInsert, { body: { ckmc: unique('规则库') } });
  const tb = await manager.call(E.tableInsert, { body: { ckid: wh.id, bmc: '学生' } });
  const number = await manager.call(E.fieldInsert, {
    body: { ckbid: tb.id, zdmc: '学号', zddm: 'xh', zdlx: 'text', sfbt: true, sfwy: true },
  });
  for (const [zdmc, zddm, zdlx] of extra)
    await manager.call(E.fieldInsert, { body: { ckbid: tb.id, zdmc, zddm, zdlx } });
  return { wh, table: tb, number };
}

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const s = book.addWorksheet('数据');
  for (const row of rows) s.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Posts an import file for the table, as the upload dialog does. */
function upload(session: Session, tableId: string, bytes: Buffer) {
  const body = multipart({ name: '数据.xlsx', bytes }, { id: tableId });
  return postMultipart(t, session, E.dataImport.path, body);
}

/** Imports the rows into the table and waits for the job's end. */
async function importRows(tableId: string, rows: unknown[][]): Promise<FutureTask> {
  const answer = await upload(manager, tableId, await sheet(rows));
  expect(answer.statusCode, answer.body).toBe(200);
  const { taskId } = answer.json().data as { taskId: string };
  for (;;) {
    const task = await manager.call(warehouseFutureTasks.result, { query: { taskId } });
    if (!isJobActive(task.state)) return task;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const errorsOf = (task: FutureTask) => (task.result as WarehouseImportResult).errors;

describe('who may manage the warehouse', () => {
  it('refuses every change to a diagnosis publisher and a school leader, and leaves the data as it was', async () => {
    const { wh, table: tb, number } = await table();
    for (const other of [publisher, leader]) {
      await refused(other.call(E.warehouseInsert, { body: { ckmc: unique('偷建库') } }), 403);
      await refused(other.call(E.warehouseUpdate, { body: { id: wh.id, ckmc: '改名' } }), 403);
      await refused(other.call(E.warehouseDelete, { body: { ids: [wh.id] } }), 403);
      await refused(other.call(E.tableInsert, { body: { ckid: wh.id, bmc: '偷建表' } }), 403);
      await refused(other.call(E.tableUpdate, { body: { id: tb.id, bmc: '改名' } }), 403);
      await refused(other.call(E.tableDelete, { body: { ids: [tb.id] } }), 403);
      await refused(
        other.call(E.fieldInsert, { body: { ckbid: tb.id, zdmc: '密码', zddm: 'mm', zdlx: 'text' } }),
        403,
      );
      await refused(
        other.call(E.fieldUpdate, { body: { id: number.id, zdmc: '学号', zddm: 'xh', zdlx: 'integer' } }),
        403,
      );
      await refused(other.call(E.fieldDelete, { body: { ids: [number.id] } }), 403);
      await refused(other.call(E.createPhysical, { body: { id: tb.id } }), 403);
      await refused(other.call(E.recycleRestore, { body: { ids: [tb.id] } }), 403);
      await refused(other.call(E.recyclePurge, { body: { ids: [tb.id] } }), 403);
      const template = await other.send(E.template, { query: { id: tb.id } });
      expect(template.json().meta).toMatchObject({ success: false, statusCode: 403 });
    }
    const detail = await manager.call(E.tableDetail, { query: { id: tb.id } });
    expect(detail).toMatchObject({ bmc: '学生', ckmc: wh.ckmc, sfcj: 0 });
    expect(detail.fields.map((f) => [f.zddm, f.zdlx])).toEqual([['xh', 'text']]);
  });

  it('refuses an import file from someone without the 数据管理 menu before reading it', async () => {
    const { table: tb } = await table();
    await manager.call(E.createPhysical, { body: { id: tb.id } });
    const answer = await upload(publisher, tb.id, await sheet([['学号'], ['1']]));
    expect(answer.json().meta).toMatchObject({ success: false, statusCode: 403 });
    expect((await manager.call(E.rows, { query: { id: tb.id } })).total).toBe(0);
  });
});

describe('bad input, answered in Chinese', () => {
  it('checks a warehouse’s name, remark and sort, and keeps names unique', async () => {
    const { wh } = await table();
    await refused(manager.call(E.warehouseInsert, { body: { ckmc: '   ' } }), 400, /请输入仓库名称/);
    await refused(
      manager.call(E.warehouseInsert, { body: { ckmc: '库'.repeat(61) } }),
      400,
      /仓库名称最多只能输入60个字符/,
    );
    await refused(
      manager.call(E.warehouseInsert, { body: { ckmc: unique('库'), ckms: '说'.repeat(201) } }),
      400,
      /仓库说明最多只能输入200个字符/,
    );
    await refused(
      manager.call(E.warehouseInsert, { body: { ckmc: unique('库'), sort: -1 } }),
      400,
      /排序不能小于0/,
    );
    const other = await manager.call(E.warehouseInsert, { body: { ckmc: unique('另一库') } });
    await refused(
      manager.call(E.warehouseUpdate, { body: { id: other.id, ckmc: wh.ckmc } }),
      409,
      /仓库名称已存在/,
    );
    await refused(
      manager.call(E.warehouseUpdate, { body: { id: 'nope', ckmc: '无' } }),
      404,
      /数据仓库不存在/,
    );
    // Its own name is no clash; a value left out keeps the stored one.
    await manager.call(E.warehouseUpdate, {
      body: { id: other.id, ckmc: other.ckmc, ckms: '说明', sort: 3 },
    });
    const kept = await manager.call(E.warehouseUpdate, { body: { id: other.id, ckmc: other.ckmc } });
    expect(kept).toMatchObject({ ckms: '说明', sort: 3 });
  });

  it('keeps table names unique within a warehouse only, and names an unknown warehouse or table', async () => {
    const { wh, table: tb } = await table();
    const elsewhere = await manager.call(E.warehouseInsert, { body: { ckmc: unique('别的库') } });
    await manager.call(E.tableInsert, { body: { ckid: elsewhere.id, bmc: '学生' } });
    const second = await manager.call(E.tableInsert, { body: { ckid: wh.id, bmc: '教师' } });
    await refused(
      manager.call(E.tableUpdate, { body: { id: second.id, bmc: tb.bmc } }),
      409,
      /该仓库下已有同名数据表/,
    );
    await refused(manager.call(E.tableInsert, { body: { ckid: wh.id, bmc: '' } }), 400, /请输入表名称/);
    await refused(manager.call(E.tableAll, { query: { ckid: 'nope' } }), 404, /数据仓库不存在/);
    await refused(manager.call(E.tableDetail, { query: { id: 'nope' } }), 404, /数据表不存在/);
    await refused(manager.call(E.fieldAll, { query: { ckbid: 'nope' } }), 404, /数据表不存在/);
  });

  it('checks a field’s code, type, key kind and name, and names an unknown field', async () => {
    const { table: tb, number } = await table();
    const field = { ckbid: tb.id, zdmc: '班级', zddm: 'bj', zdlx: 'text' as const };
    const insert = (body: object) => manager.call(E.fieldInsert, { body: { ...field, ...body } as never });
    await refused(insert({ zddm: 'Class' }), 400, /字段代码须以小写字母开头/);
    await refused(insert({ zddm: `a${'b'.repeat(41)}` }), 400, /最多41个字符/);
    await refused(insert({ zdlx: 'money' }), 400, /请选择字段类型/);
    await refused(insert({ gllx: 'school' }), 400, /关联类型不正确/);
    await refused(insert({ zdlx: 'date', gllx: 'cycle' }), 400, /关联字段的类型必须是文本/);
    await refused(insert({ zdmc: '学号' }), 409, /字段名称「学号」已存在/);
    await refused(insert({ zddm: 'xh' }), 409, /字段代码「xh」已存在/);
    await refused(
      manager.call(E.fieldUpdate, { body: { id: 'nope', zdmc: '无', zddm: 'w', zdlx: 'text' } }),
      404,
      /字段不存在/,
    );
    await refused(manager.call(E.fieldDelete, { body: { ids: [number.id, 'nope'] } }), 404, /字段不存在/);
    await refused(manager.call(E.fieldDelete, { body: { ids: [] } }), 400, /请选择/);
    expect(await manager.call(E.fieldAll, { query: { ckbid: tb.id } })).toHaveLength(1);
  });
  it('answers bad paging and malformed row filters with a 400 naming the problem', async () => {
    const { table: tb } = await table();
    await manager.call(E.createPhysical, { body: { id: tb.id } });
    const rows = (query: Record<string, unknown>) =>
      manager.call(E.rows, { query: { id: tb.id, ...query } as never });
    const filter = { zddm: 'xh', op: 'eq', value: '1' };
    await refused(rows({ pageNum: 0 }), 400, /页码/);
    await refused(rows({ pageSize: 'all' }), 400, /每页条数/);
    await refused(rows({ filters: '{}' }), 400, /筛选条件格式不正确/);
    await refused(rows({ filters: JSON.stringify(Array(21).fill(filter)) }), 400, /筛选条件最多20个/);
    await refused(rows({ filters: JSON.stringify([{ ...filter, op: 'like' }]) }), 400, /筛选方式不正确/);
    await refused(
      rows({ filters: JSON.stringify([{ ...filter, value: 'x'.repeat(201) }]) }),
      400,
      /筛选值最多200个字符/,
    );
    expect((await rows({ filters: JSON.stringify([filter]) })).total).toBe(0);
  });
});

describe('a table in the recycle bin', () => {
  it('cannot be changed, created or imported into until restored, and only a binned table is purged', async () => {
    const { table: tb } = await table();
    const live = await table();
    await refused(
      manager.call(E.recyclePurge, { body: { ids: [live.table.id] } }),
      404,
      /回收站中没有该数据表/,
    );
    await manager.call(E.tableDelete, { body: { ids: [tb.id] } });
    await refused(manager.call(E.tableDelete, { body: { ids: [tb.id] } }), 404, /数据表不存在/);
    await refused(manager.call(E.tableUpdate, { body: { id: tb.id, bmc: '改名' } }), 422, /回收站/);
    await refused(manager.call(E.createPhysical, { body: { id: tb.id } }), 422, /回收站/);
    await refused(
      manager.call(E.fieldInsert, { body: { ckbid: tb.id, zdmc: '班级', zddm: 'bj', zdlx: 'text' } }),
      422,
      /回收站/,
    );
    await manager.call(E.recycleRestore, { body: { ids: [tb.id] } });
    expect((await manager.call(E.createPhysical, { body: { id: tb.id } })).sfcj).toBe(1);
  });
});

describe('the rows an import writes', () => {
  it('refuses an import into a table whose physical table is not created', async () => {
    const { table: tb } = await table();
    const task = await importRows(tb.id, [['学号'], ['1']]);
    expect(task).toMatchObject({ state: 'failed', message: expect.stringMatching(/物理表尚未创建/) });
  });

  it('checks integers, decimals, booleans and date-times, and stores each in its canonical form', async () => {
    const { table: tb } = await table([
      ['年龄', 'nl', 'integer'],
      ['在校', 'zx', 'boolean'],
      ['报到时间', 'bdsj', 'datetime'],
    ]);
    await manager.call(E.createPhysical, { body: { id: tb.id } });
    const header = ['学号', '年龄', '在校', '报到时间'];
    const bad = await importRows(tb.id, [
      header,
      ['1', '18.5', '也许', '2024-09-01 24:00'],
      ['2', '一八', '是', '2024-13-01'],
    ]);
    expect(errorsOf(bad)).toEqual([
      { row: 2, column: '年龄', message: '「18.5」不是有效的整数' },
      { row: 2, column: '在校', message: '「也许」不是有效的是/否（填 是 或 否）' },
      {
        row: 2,
        column: '报到时间',
        message: '「2024-09-01 24:00」不是有效的日期时间（如 2024-09-01 08:30:00）',
      },
      { row: 3, column: '年龄', message: '「一八」不是有效的整数' },
      { row: 3, column: '报到时间', message: '「2024-13-01」不是有效的日期时间（如 2024-09-01 08:30:00）' },
    ]);
    const good = await importRows(tb.id, [
      header,
      ['1', '18', '是', '2024/9/1 8:30'],
      ['2', '-3', 'no', '2024-02-29'],
    ]);
    expect(good.result).toEqual({ imported: true, count: 2, errors: [] });
    const rows = await manager.call(E.rows, { query: { id: tb.id } });
    expect(rows.records.map((r) => [r.xh, r.nl, r.zx, r.bdsj])).toEqual([
      ['1', '18', 'true', '2024-09-01 08:30:00'],
      ['2', '-3', 'false', '2024-02-29 00:00:00'],
    ]);
  });

  it('asks for the required columns, each once, and a file with rows', async () => {
    const { table: tb } = await table([['姓名', 'xm', 'text']]);
    await manager.call(E.createPhysical, { body: { id: tb.id } });
    const failedWith = async (rows: unknown[][], message: RegExp) =>
      expect(await importRows(tb.id, rows)).toMatchObject({
        state: 'failed',
        message: expect.stringMatching(message),
      });
    await failedWith([['姓名'], ['张三']], /缺少必填字段「学号」的列/);
    await failedWith(
      [
        ['学号', 'xh'],
        ['1', '1'],
      ],
      /字段「学号」的列重复/,
    );
    await failedWith([['学号', '姓名']], /文件中没有数据行/);
    expect((await manager.call(E.rows, { query: { id: tb.id } })).total).toBe(0);
  });

  it('takes a department key by its id as well as its name, and names one that does not exist', async () => {
    const { table: tb } = await table();
    await manager.call(E.fieldInsert, {
      body: { ckbid: tb.id, zdmc: '院系', zddm: 'yx', zdlx: 'text', gllx: 'department' },
    });
    await manager.call(E.createPhysical, { body: { id: tb.id } });
    const head = await createUser(t, { heads: true });
    const bad = await importRows(tb.id, [
      ['学号', '院系'],
      ['1', head.departmentId],
      ['2', 'nope'],
      ['3', ''],
    ]);
    expect(errorsOf(bad)).toEqual([{ row: 3, column: '院系', message: '部门「nope」不存在' }]);
    const good = await importRows(tb.id, [
      ['学号', '院系'],
      ['1', head.departmentId],
      ['3', ''],
    ]);
    expect(good.result).toMatchObject({ imported: true, count: 2 });
    // The column keeps the id; the browse shows the name it stands for.
    const rows = await manager.call(E.rows, { query: { id: tb.id } });
    const [department] = await t.db.select().from(departments).where(eq(departments.id, head.departmentId!));
    expect(rows.records.map((r) => [r.xh, r.yx])).toEqual([
      ['1', department!.name],
      ['3', null],
    ]);
    const stored = await queryRows<{ c_yx: string | null }>(
      t.db,
      sql.raw(`select c_yx from ${tb.wlbm} order by id`),
    );
    expect(stored.map((r) => r.c_yx)).toEqual([head.departmentId, null]);
  });
});
