import {
  CONSTANT_IMPORT,
  type ConstantImportResult,
  formsEndpoints as E,
  type FutureTask,
  isJobActive,
} from '@eduqa/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallError,
  createTestApp,
  createUser,
  multipart,
  postMultipart,
  refused,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';

let t: TestApp;
let manager: Session;
let collector: Session;

beforeAll(async () => {
  t = await createTestApp();
  const m = await createUser(t, { roles: ['dataManager'] });
  manager = await signIn(t, m.account, m.password);
  const c = await createUser(t, { roles: ['dataCollector'] });
  collector = await signIn(t, c.account, c.password);
});
afterAll(() => t.close());

let seq = 0;
const unique = (prefix: string) => `${prefix}${++seq}`;

const newType = (code = unique('zc')) =>
  manager.call(E.constantTypeInsert, { body: { name: unique('职称'), code } });

async function sheet(rows: unknown[][], name = '常量'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const s = book.addWorksheet(name);
  for (const row of rows) s.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const upload = (bytes: Buffer, session = manager) =>
  postMultipart(t, session, E.constantImport.path, multipart({ name: '常量.xlsx', bytes }));
const startJob = (bytes: Buffer, session = manager) =>
  postMultipart(t, session, CONSTANT_IMPORT.start.path, multipart({ name: '常量.xlsx', bytes }));

/** Polls the import's job (datas/constant/getFutureTaskResult) until it has ended. */
async function ended(taskId: string, session = manager): Promise<FutureTask> {
  for (;;) {
    const job = await session.call(CONSTANT_IMPORT.poll, { query: { taskId } });
    if (!isJobActive(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The import's two ways in, each answering the import's result: the spec's route answers it at once, the
 * import dialog's starts a job and polls it to its end.
 */
const WAYS = {
  'answered at once': async (bytes: Buffer): Promise<ConstantImportResult> => {
    const response = await upload(bytes);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as ConstantImportResult;
  },
  'as a job': async (bytes: Buffer): Promise<ConstantImportResult> => {
    const started = await startJob(bytes);
    expect(started.statusCode, started.body).toBe(200);
    const job = await ended((started.json().data as { taskId: string }).taskId);
    expect(job).toMatchObject({ state: 'finished', progress: 100 });
    return job.result as ConstantImportResult;
  },
};

describe('constant types', () => {
  it('creates, searches, updates and refuses a duplicate or a bad code', async () => {
    const type = await newType();
    expect(type).toMatchObject({ constantCount: 0, remark: '' });
    await refused(
      manager.call(E.constantTypeInsert, { body: { name: type.name, code: 'other' } }),
      409,
      /已存在/,
    );
    await refused(
      manager.call(E.constantTypeInsert, { body: { name: 'x', code: type.code } }),
      409,
      /已存在/,
    );
    await refused(manager.call(E.constantTypeInsert, { body: { name: 'x', code: '1abc' } }), 400, /编码/);
    await refused(manager.call(E.constantTypeInsert, { body: { name: '', code: 'abc' } }), 400, /名称/);
    const page = await collector.call(E.constantTypePage, { query: { keyword: type.code } });
    expect(page.records.map((r) => r.id)).toEqual([type.id]);
    const updated = await manager.call(E.constantTypeUpdate, {
      params: { id: type.id },
      body: { name: type.name, code: type.code, remark: '教师职称' },
    });
    expect(updated.remark).toBe('教师职称');
    await refused(
      manager.call(E.constantTypeUpdate, { params: { id: 'nope' }, body: { name: 'a', code: 'a' } }),
      404,
    );
  });

  it('refuses a data collector every change', async () => {
    const type = await newType();
    await refused(collector.call(E.constantTypeInsert, { body: { name: 'x', code: 'x' } }), 403);
    await refused(collector.call(E.constantTypeDelete, { params: { id: type.id } }), 403);
    await refused(
      collector.call(E.constantInsert, { body: { typeId: type.id, label: 'a', value: 'a' } }),
      403,
    );
    expect((await collector.send(E.constantTemplate)).json().meta.statusCode).toBe(403);
    const upload403 = await upload(await sheet([['常量类型编码', '名称', '值']]), collector);
    expect(upload403.json().meta).toMatchObject({ success: false, statusCode: 403 });
    const job403 = await startJob(await sheet([['常量类型编码', '名称', '值']]), collector);
    expect(job403.json().meta).toMatchObject({ success: false, statusCode: 403 });
  });

  it('refuses to delete a type a form takes its options from, and deletes it with its constants otherwise', async () => {
    const type = await newType();
    await manager.call(E.constantInsert, { body: { typeId: type.id, label: '教授', value: 'professor' } });
    const form = await manager.call(E.formInsert, {
      body: {
        name: unique('职称表'),
        definition: {
          formType: 'floating',
          layout: 'normal',
          fields: [
            {
              key: 'title',
              label: '职称',
              component: 'select',
              options: { source: 'constant', constantTypeId: type.id },
            },
          ],
        },
      },
    });
    await refused(
      manager.call(E.constantTypeDelete, { params: { id: type.id } }),
      422,
      new RegExp(form.name),
    );
    await manager.call(E.formDelete, { params: { id: form.id } });
    await manager.call(E.constantTypeDelete, { params: { id: type.id } });
    await refused(manager.call(E.constantList, { query: { typeId: type.id } }), 404);
  });
});

describe('constants', () => {
  it('lists a type in order, and refuses a value the type already has', async () => {
    const type = await newType();
    const b = await manager.call(E.constantInsert, {
      body: { typeId: type.id, label: '讲师', value: 'lecturer' },
    });
    const a = await manager.call(E.constantInsert, {
      body: { typeId: type.id, label: '教授', value: 'professor', sort: 0 },
    });
    expect(b.sort).toBe(0);
    await refused(
      manager.call(E.constantInsert, { body: { typeId: type.id, label: '又一个', value: 'lecturer' } }),
      409,
      /相同的值/,
    );
    await refused(manager.call(E.constantInsert, { body: { typeId: 'nope', label: 'x', value: 'x' } }), 404);
    await refused(
      manager.call(E.constantInsert, { body: { typeId: type.id, label: '', value: 'x' } }),
      400,
      /常量名称/,
    );
    const updated = await manager.call(E.constantUpdate, {
      params: { id: b.id },
      body: { label: '讲师（中级）', value: 'lecturer', sort: 5 },
    });
    expect(updated).toMatchObject({ label: '讲师（中级）', sort: 5 });
    await refused(
      manager.call(E.constantUpdate, { params: { id: b.id }, body: { label: 'x', value: 'professor' } }),
      409,
    );
    const list = await collector.call(E.constantList, { query: { typeId: type.id } });
    expect(list.map((c) => c.id)).toEqual([a.id, b.id]);
    expect(
      (await manager.call(E.constantList, { query: { typeId: type.id, keyword: '中级' } })).map((c) => c.id),
    ).toEqual([b.id]);
    await manager.call(E.constantDelete, { params: { id: a.id } });
    await refused(manager.call(E.constantDelete, { params: { id: a.id } }), 404);
    expect(
      (await manager.call(E.constantTypePage, { query: { keyword: type.code } })).records[0]!.constantCount,
    ).toBe(1);
  });
});

describe('Excel template', () => {
  it('sends the template, a workbook with the three columns', async () => {
    const response = await manager.send(E.constantTemplate);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('常量')!.getRow(1).values).toEqual([undefined, '常量类型编码', '名称', '值']);
  });
});

describe.each(Object.entries(WAYS))('Excel import, %s', (_way, importFile) => {
  it('imports every row, a known value taking the new name', async () => {
    const type = await newType();
    await manager.call(E.constantInsert, { body: { typeId: type.id, label: '旧名称', value: 'lecturer' } });
    const result = await importFile(
      await sheet([
        ['常量类型编码', '名称', '值'],
        [type.code, '教授', 'professor'],
        [type.code, '讲师', 'lecturer'],
      ]),
    );
    expect(result).toEqual({ imported: true, count: 2, errors: [] });
    const list = await manager.call(E.constantList, { query: { typeId: type.id } });
    expect(list.map((c) => [c.label, c.value])).toEqual([
      ['讲师', 'lecturer'],
      ['教授', 'professor'],
    ]);
  });

  it('imports nothing when a row is bad, and lists each bad row with its column and reason', async () => {
    const type = await newType();
    const result = await importFile(
      await sheet([
        ['常量类型编码', '名称', '值'],
        [type.code, '教授', 'professor'],
        ['nosuchtype', '讲师', 'lecturer'],
        [type.code, '', 'assistant'],
        [type.code, '教授二', 'professor'],
      ]),
    );
    expect(result.imported).toBe(false);
    expect(result.errors).toEqual([
      { row: 3, column: '常量类型编码', message: '常量类型编码「nosuchtype」不存在' },
      { row: 4, column: '名称', message: '请填写名称' },
      { row: 5, column: '值', message: '与第2行的常量类型和值重复' },
    ]);
    expect(await manager.call(E.constantList, { query: { typeId: type.id } })).toEqual([]);
  });

  it('answers a file that is not a workbook, or a sheet without a column, in Chinese', async () => {
    const bad = await importFile(Buffer.from('not a workbook'));
    expect(bad.imported).toBe(false);
    expect(bad.errors[0]!.message).toMatch(/[\u4e00-\u9fa5]/);
    const result = await importFile(
      await sheet([
        ['常量类型编码', '名称'],
        ['a', 'b'],
      ]),
    );
    expect(result.imported).toBe(false);
    expect(result.errors[0]!.message).toMatch(/缺少列「值」/);
  });
});

describe('Excel import as a job', () => {
  const oneRow = async (code: string) =>
    sheet([
      ['常量类型编码', '名称', '值'],
      [code, '教授', `professor${++seq}`],
    ]);

  it('answers its starter the progress and result, then forgets it once acknowledged', async () => {
    const type = await newType();
    const started = await startJob(await oneRow(type.code));
    const { taskId } = started.json().data as { taskId: string };
    const job = await ended(taskId);
    expect(job).toEqual({
      taskId,
      state: 'finished',
      progress: 100,
      message: '',
      result: { imported: true, count: 1, errors: [] },
      fileName: null,
    });
    expect(await manager.call(CONSTANT_IMPORT.done, { body: { taskId } })).toBeNull();
    await refused(manager.call(CONSTANT_IMPORT.poll, { query: { taskId } }), 404, /任务不存在/);
    expect(await manager.call(E.constantList, { query: { typeId: type.id } })).toHaveLength(1);
  });

  it('is seen by its starter alone', async () => {
    const other = await createUser(t, { roles: ['dataManager'] });
    const otherManager = await signIn(t, other.account, other.password);
    const started = await startJob(await oneRow((await newType()).code));
    const { taskId } = started.json().data as { taskId: string };
    await ended(taskId);
    const polled = otherManager.call(CONSTANT_IMPORT.poll, { query: { taskId } });
    await expect(polled).rejects.toBeInstanceOf(CallError);
    await expect(polled).rejects.toMatchObject({ statusCode: 404, meta: { message: '任务不存在' } });
  });

  it('refuses a missing, empty or misnamed file in Chinese before any job starts', async () => {
    const bytes = await oneRow((await newType()).code);
    for (const [file, message] of [
      [null, '请先选取文件!'],
      [{ name: '常量.xlsx', bytes: Buffer.alloc(0) }, '文件为空'],
      [{ name: '常量.csv', bytes }, '只能上传xlsx的文件'],
    ] as const) {
      const response = await postMultipart(t, manager, CONSTANT_IMPORT.start.path, multipart(file));
      expect(response.statusCode).toBe(400);
      expect(response.json().meta).toMatchObject({ success: false, message });
    }
  });
});
