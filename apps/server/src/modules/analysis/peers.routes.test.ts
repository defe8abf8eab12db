import {
  peersEndpoints as E,
  type FutureTask,
  PEER_VALUE_IMPORT,
  type PeerImportResult,
} from '@eduqa/contract';
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
import { PEER_CATALOGUE } from './peers.catalogue.ts';
import { ANALYSIS_ROLES, insertSchools, insertValues } from './peers.fixtures.ts';

let t: TestApp;
let admin: Session;
let reader: Session;
let outsider: Session;

beforeAll(async () => {
  t = await createTestApp();
  await insertSchools(
    t.db,
    [
      { code: '4133010001', name: '本校职业技术学院', province: '浙江省', level: '专科' },
      { code: '4133010002', name: '甲职业技术学院', province: '浙江省', level: '专科' },
      { code: '4133010003', name: '乙职业技术学院', province: '浙江省', level: '专科' },
    ],
    '4133010001',
  );
  await insertValues(t.db, [['4133010002', 'scorecard-01', 2020, 80]], true);
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  const r = await createUser(t, { roles: [ANALYSIS_ROLES.reader] });
  reader = await signIn(t, r.account, r.password);
  const o = await createUser(t, { roles: [ANALYSIS_ROLES.outsider] });
  outsider = await signIn(t, o.account, o.password);
});
afterAll(() => t.close());

async function workbook(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>,
) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('年报数据');
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow([...row]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

function start(session: Session, bytes: Uint8Array) {
  return postMultipart(t, session, E.upload.path, multipart({ name: '年报数据.xlsx', bytes }));
}

async function importRows(bytes: Uint8Array): Promise<PeerImportResult> {
  const answer = await start(admin, bytes);
  expect(answer.json().meta.success, answer.body).toBe(true);
  const { taskId } = answer.json().data as { taskId: string };
  for (let i = 0; i < 200; i++) {
    const task: FutureTask = await admin.call(PEER_VALUE_IMPORT.poll, { query: { taskId } });
    if (task.state === 'finished') {
      await admin.call(PEER_VALUE_IMPORT.done, { body: { taskId } });
      return task.result as PeerImportResult;
    }
    expect(task.state, task.message).not.toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not end');
}

describe('the catalogue', () => {
  it('is seeded at start with the five tables of the 质量年报, each indicator with unit and direction', async () => {
    const list = await reader.call(E.indicatorList);
    expect(list).toHaveLength(PEER_CATALOGUE.length);
    expect(new Set(list.map((i) => i.tableKind))).toEqual(
      new Set(['scorecard', 'resource', 'service', 'policy', 'international']),
    );
    expect(list.find((i) => i.name === '月收入')).toMatchObject({ unit: '元', direction: '>' });
    expect(list.find((i) => i.name === '生师比')).toMatchObject({ direction: '<' });
  });
});

describe('年报数据 import', () => {
  it('upserts by code or name and reads the values back as one row per school and year', async () => {
    const result = await importRows(
      await workbook(
        ['学校标识码', '学校名称', '年份', '就业率', '生师比', '全日制国(境)外留学生人数'],
        [
          ['4133010002', '', 2020, 91.5, 16.2, null],
          ['', '乙职业技术学院', 2021, '1,200', '', 12],
        ],
      ),
    );
    expect(result).toEqual({ imported: true, schools: 2, values: 4, errors: [] });
    const page = await reader.call(E.values, {
      query: { pageNum: 1, pageSize: 10 },
      body: { indicatorIds: 'scorecard-01,resource-01,international-01' },
    });
    expect(page.total).toBe(2);
    const rows = page.records.map((r) => [
      r.schoolCode,
      r.year,
      r.isDemo,
      r.values.map((v) => [v.indicatorId, v.value]),
    ]);
    expect(rows).toEqual([
      [
        '4133010003',
        2021,
        false,
        [
          ['scorecard-01', 1200],
          ['international-01', 12],
        ],
      ],
      // The demo value of 2020 was overwritten: no longer demo.
      [
        '4133010002',
        2020,
        false,
        [
          ['scorecard-01', 91.5],
          ['resource-01', 16.2],
        ],
      ],
    ]);
    expect(await reader.call(E.years)).toEqual([2020, 2021]);
    const filtered = await reader.call(E.values, {
      query: { pageNum: 1, pageSize: 10 },
      body: { keyword: '乙', tableKind: 'international' },
    });
    expect(filtered.records.map((r) => [r.schoolName, r.values.length])).toEqual([['乙职业技术学院', 1]]);
  });

  it('imports nothing and names every bad cell in Chinese', async () => {
    const result = await importRows(
      await workbook(
        ['学校标识码', '学校名称', '年份', '就业率'],
        [
          ['9999999999', '', 2020, 90],
          ['', '不存在的学院', 2020, 90],
          ['4133010002', '', 1999, 90],
          ['4133010002', '', 2022, '很好'],
          ['4133010003', '', 2022, 1],
          ['4133010003', '', 2022, 2],
        ],
      ),
    );
    expect(result.imported).toBe(false);
    expect(result.errors.map((e) => [e.row, e.column, e.message])).toEqual([
      [2, '学校标识码', '未找到学校标识码为「9999999999」的学校'],
      [3, '学校名称', '未找到名为「不存在的学院」的学校'],
      [4, '年份', '年份应为2000–2100之间的整数'],
      [5, '就业率', '「就业率」应为数字'],
      [7, '年份', '与第6行的学校和年份重复'],
    ]);
    const unknownHeader = await importRows(
      await workbook(['学校标识码', '年份', '幸福指数'], [['4133010002', 2020, 1]]),
    );
    expect(unknownHeader.errors[0]).toMatchObject({ row: 1, column: '幸福指数' });
    expect(unknownHeader.errors[0]!.message).toMatch(/未知的指标/);
    const page = await reader.call(E.values, {
      query: { pageNum: 1, pageSize: 10 },
      body: { startYear: 2022 },
    });
    expect(page.total).toBe(0);
  });

  it('lets only analysis.manage import, and refuses a bad filter in Chinese', async () => {
    const bytes = await workbook(['学校标识码', '年份', '就业率'], [['4133010002', 2020, 1]]);
    expect((await start(reader, bytes)).json().meta.statusCode).toBe(403);
    await refused(outsider.call(E.values, { query: { pageNum: 1, pageSize: 10 }, body: {} }), 403);
    await refused(
      reader.call(E.values, {
        query: { pageNum: 1, pageSize: 10 },
        body: { startYear: 2022, endYear: 2021 },
      }),
      400,
      /起始年份不能晚于结束年份/,
    );
    await refused(
      reader.call(E.values, { query: { pageNum: 1, pageSize: 10 }, body: { schoolCodes: 'nope' } }),
      400,
      /未找到学校/,
    );
  });
});

describe('template and export', () => {
  it('sends a template with every indicator as a column and an export that imports back', async () => {
    const template = await reader.send(E.template);
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as never);
    const header = (book.getWorksheet('年报数据')!.getRow(1).values as string[]).filter(Boolean);
    expect(header).toEqual(['学校标识码', '学校名称', '年份', ...PEER_CATALOGUE.map((i) => i.name)]);

    const exported = await reader.send(E.download, { query: { tableKind: 'scorecard' } });
    expect(exported.statusCode).toBe(200);
    const again = await importRows(new Uint8Array(exported.rawPayload));
    expect(again).toMatchObject({ imported: true, schools: 2 });
  });

  it('marks every invented row 演示数据 in the export, and an import skips rows so marked', async () => {
    await insertSchools(t.db, [
      { code: '4133010009', name: '丙职业技术学院', province: '浙江省', level: '专科' },
    ]);
    await insertValues(t.db, [['4133010009', 'scorecard-02', 2019, 66]], true);
    const exported = await reader.send(E.download, { query: { startYear: 2019, endYear: 2019 } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as never);
    const sheet = book.getWorksheet('年报数据')!;
    const header = sheet.getRow(1).values as string[];
    const demoColumn = header.indexOf('演示数据');
    expect(demoColumn).toBeGreaterThan(0);
    const rowOf = (code: string) => {
      for (let i = 2; i <= sheet.rowCount; i++)
        if (sheet.getRow(i).getCell(1).value === code) return sheet.getRow(i);
      throw new Error(`no row of ${code}`);
    };
    expect(rowOf('4133010009').getCell(demoColumn).value).toBe('是');
    expect(book.getWorksheet('说明')?.getRow(2).getCell(1).value).toMatch(/演示数据/);

    // Imported back unchanged, the invented value stays invented: the marked row is skipped.
    const again = await importRows(new Uint8Array(exported.rawPayload));
    expect(again).toMatchObject({ imported: true });
    const [row] = (
      await reader.call(E.values, {
        query: { pageNum: 1, pageSize: 10 },
        body: { schoolCodes: '4133010009', startYear: 2019, endYear: 2019 },
      })
    ).records;
    expect(row?.isDemo).toBe(true);
  });
});

describe('schools with data (选择学校 marks them)', () => {
  it('names the schools with a value of the chosen indicators in the chosen years, and only those', async () => {
    await insertSchools(t.db, [
      { code: '4133010007', name: '丁职业技术学院', province: '浙江省', level: '专科' },
      { code: '4133010008', name: '戊职业技术学院', province: '浙江省', level: '专科' },
    ]);
    await insertValues(t.db, [
      ['4133010007', 'resource-02', 2018, 12],
      ['4133010008', 'resource-03', 2018, 5],
    ]);
    const query = (indicatorIds: string, startYear: number, endYear: number) =>
      reader.call(E.schoolsWithData, { query: { indicatorIds, startYear, endYear } });
    expect(await query('resource-02', 2018, 2018)).toEqual(['4133010007']);
    expect(await query('resource-02,resource-03', 2017, 2018)).toEqual(['4133010007', '4133010008']);
    expect(await query('resource-02', 2019, 2020)).toEqual([]);
    await refused(query('nope', 2018, 2018), 400, /未找到指标/);
    await refused(query('resource-02', 2019, 2018), 400, /起始年份不能晚于结束年份/);
    await refused(
      outsider.call(E.schoolsWithData, {
        query: { indicatorIds: 'resource-02', startYear: 2018, endYear: 2018 },
      }),
      403,
    );
  });
});
