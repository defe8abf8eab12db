import {
  DIMENSION_IMPORT,
  type DimensionImportResultWire,
  standardsEndpoints as E,
  type FutureTask,
  NO_PERMISSION_MESSAGE,
  ROLE_IDS,
} from '@eduqa/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  multipart,
  postMultipart,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import { roles } from '../org/org.table.ts';

let t: TestApp;
let publisher: Session;
let reader: Session;
let outsider: Session;

beforeAll(async () => {
  t = await createTestApp();
  const p = await createUser(t, { roles: [ROLE_IDS.diagnosisPublisher] });
  publisher = await signIn(t, p.account, p.password);
  await t.db.insert(roles).values({ id: 'dimReader', name: '维度只读', menuKeys: ['target'], actions: [] });
  const r = await createUser(t, { roles: ['dimReader'] });
  reader = await signIn(t, r.account, r.password);
  const o = await createUser(t);
  outsider = await signIn(t, o.account, o.password);
});
afterAll(() => t.close());

async function workbook(
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
  header = ['维度名称', '显示名称', '排序'],
) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('维度');
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow([...row]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

function start(session: Session, bytes: Uint8Array, name = '维度.xlsx') {
  return postMultipart(t, session, E.dimensionUpload.path, multipart({ name, bytes }));
}

/** Starts the import and polls dimension/getFutureTaskResult until it ends. */
async function importRows(bytes: Uint8Array): Promise<DimensionImportResultWire> {
  const answer = await start(publisher, bytes);
  expect(answer.json().meta.success, answer.body).toBe(true);
  const { taskId } = answer.json().data as { taskId: string };
  for (let i = 0; i < 200; i++) {
    const task: FutureTask = await publisher.call(DIMENSION_IMPORT.poll, { query: { taskId } });
    if (task.state === 'finished') {
      await publisher.call(DIMENSION_IMPORT.done, { body: { taskId } });
      return task.result as DimensionImportResultWire;
    }
    expect(task.state, task.message).not.toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not end');
}

const names = async () =>
  (await reader.call(E.dimensionPage, { query: { pageSize: 1000 } })).records.map(
    (d) => `${d.dimension_Name}|${d.display_Name}|${d.sort}`,
  );

describe('维度 Excel', () => {
  it('serves a template whose example row imports, and exports what is stored', async () => {
    const template = await reader.get(E.dimensionTemplate.path);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const result = await importRows(template.rawPayload);
    expect(result).toMatchObject({ imported: true, created: 1, updated: 0, errors: [] });

    const exported = await reader.get(E.dimensionDownload.path);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('维度')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '维度名称', '显示名称', '排序']);
    expect(sheet.getRow(2).getCell(1).value).toBe('专业建设');
    // Export → import changes nothing.
    const before = await names();
    expect(await importRows(exported.rawPayload)).toMatchObject({ imported: true, created: 0, updated: 1 });
    expect(await names()).toEqual(before);
  });

  it('adds new names after the last, updates stored ones, all or nothing', async () => {
    const ok = await importRows(
      await workbook([
        ['课程建设', '课程'],
        ['师资队伍', '师资', 7],
        ['专业建设', '专业'],
      ]),
    );
    expect(ok).toMatchObject({ imported: true, created: 2, updated: 1 });
    const stored = await names();
    expect(stored).toContain('专业建设|专业|1');
    expect(stored).toContain('师资队伍|师资|7');

    const bad = await importRows(
      await workbook([
        ['学生发展', '学生'],
        ['', '缺名称'],
        ['学生发展', '重复'],
        ['社会服务', '服务', 'abc'],
        ['x'.repeat(61), '太长'],
      ]),
    );
    expect(bad.imported).toBe(false);
    expect(bad.errorCount).toBe(4);
    expect(bad.errors).toEqual([
      { row: 3, column: '维度名称', message: '请填写维度名称' },
      { row: 4, column: '维度名称', message: '与第2行的维度名称重复' },
      { row: 5, column: '排序', message: '排序应为0–99999的整数' },
      { row: 6, column: '维度名称', message: '最多只能输入60个字符' },
    ]);
    expect(await names()).toEqual(stored);

    const wrongSheet = await importRows(await workbook([['a', 'b']], ['名称', '显示']));
    expect(wrongSheet.imported).toBe(false);
    expect(wrongSheet.errors[0]!.message).toMatch(/缺少列「维度名称」/);
  });

  it('refuses a missing or non-xlsx file in Chinese, and callers without the rights', async () => {
    const notXlsx = await start(publisher, new Uint8Array([1, 2, 3]), '维度.csv');
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().meta.message).toBe('只能上传xlsx的文件');
    const readOnly = await start(reader, await workbook([['只读', '只读']]));
    expect(readOnly.json().meta).toMatchObject({ success: false, statusCode: 403 });
    for (const path of [E.dimensionDownload.path, E.dimensionTemplate.path]) {
      const answer = await outsider.get(path);
      expect(answer.json().meta).toMatchObject({ statusCode: 403, message: NO_PERMISSION_MESSAGE });
    }
    const poll = await outsider.send(DIMENSION_IMPORT.poll, { query: { taskId: 'x' } });
    expect(poll.json().meta.statusCode).toBe(403);
  });
});
