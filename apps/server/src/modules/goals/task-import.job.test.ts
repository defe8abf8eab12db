import {
  type FutureTask,
  goalsEndpoints,
  isJobActive,
  noticeEndpoints,
  TARGET_TASK_IMPORT,
} from '@eduqa/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallError, multipart, postMultipart, type Session } from '../../../test/app.ts';
import { UNREADABLE_MESSAGE } from '../../platform/excel/limits.ts';
import { departments } from '../org/org.table.ts';
import { createYearTarget, day, type GoalWorld, ok, startGoalWorld } from './goals.fixtures.ts';

let w: GoalWorld;
let department: string;
beforeAll(async () => {
  w = await startGoalWorld();
  const all = await w.t.db.select({ id: departments.id, name: departments.name }).from(departments);
  department = all.find((d) => d.id === w.departmentId)!.name;
});
afterAll(() => w.t.close());

async function workbook(rows: string[][]) {
  const template = await w.creator.send(goalsEndpoints.targetTaskTemplate);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('目标任务')!;
  sheet.spliceRows(2, 1);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

function post(session: Session, path: string, file: { name: string; bytes: Buffer }, yearTargetId: string) {
  return postMultipart(w.t, session, path, multipart(file, { yearTargetId }));
}

async function startJob(session: Session, bytes: Buffer, yearTargetId: string) {
  const file = { name: '任务.xlsx', bytes };
  return ok<{ taskId: string }>(await post(session, TARGET_TASK_IMPORT.start.path, file, yearTargetId))
    .taskId;
}

async function ended(session: Session, taskId: string): Promise<FutureTask> {
  for (;;) {
    const task = await session.call(TARGET_TASK_IMPORT.poll, { query: { taskId } });
    if (!isJobActive(task.state)) return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const goodRows = () => [
  ['一级任务', '', '重点', '分数', '10项', department, w.principalAccount, '', day(0), day(60), ''],
  ['子任务', '一级任务', '一般', '等级', '', department, w.principalAccount, '', day(1), day(30), ''],
];

describe('target task import as a job', () => {
  it('finishes with the answer the synchronous import gives', async () => {
    const bytes = await workbook(goodRows());
    const viaJob = await ended(w.creator, await startJob(w.creator, bytes, (await createYearTarget(w)).id));
    expect(viaJob).toMatchObject({ state: 'finished', progress: 100 });
    const direct = await post(
      w.creator,
      goalsEndpoints.targetTaskImport.path,
      { name: '任务.xlsx', bytes },
      (await createYearTarget(w)).id,
    );
    expect(viaJob.result).toEqual(ok(direct));
    expect(viaJob.result).toEqual({ imported: true, tasks: 2, errors: [] });
    // The job tells its starter it ended; the import answered at once tells no one.
    const jobMessages = (
      await w.creator.call(noticeEndpoints.list, { query: { pageNum: 1, pageSize: 20, category: 'job' } })
    ).records;
    expect(jobMessages.map((m) => m.title)).toEqual(['导入完成：目标任务']);
  });

  it('finishes a bad file with nothing imported and its row errors', async () => {
    const target = await createYearTarget(w);
    const bytes = await workbook([
      ...goodRows(),
      ['', '', '特别', '分数', '', '不存在的部门', 'nobody', '', day(0), day(30), ''],
    ]);
    const task = await ended(w.creator, await startJob(w.creator, bytes, target.id));
    expect(task.state).toBe('finished');
    expect(task.result).toEqual({
      imported: false,
      tasks: 0,
      errors: [
        { row: 4, column: '任务名称', message: '请填写任务名称' },
        { row: 4, column: '任务类型', message: '任务类型只能是重点、常规、一般' },
        { row: 4, column: '责任部门', message: '部门「不存在的部门」不存在' },
        { row: 4, column: '任务负责人账号', message: '账号「nobody」不存在或已停用' },
      ],
      errorCount: 4,
    });
    const tasks = await w.creator.call(goalsEndpoints.targetTasks, { query: { yearTargetId: target.id } });
    expect(tasks.records).toEqual([]);
  });

  it('is seen by its starter alone', async () => {
    const taskId = await startJob(w.creator, await workbook(goodRows()), (await createYearTarget(w)).id);
    await ended(w.creator, taskId);
    const polled = w.otherPublisher.call(TARGET_TASK_IMPORT.poll, { query: { taskId } });
    await expect(polled).rejects.toBeInstanceOf(CallError);
    await expect(polled).rejects.toMatchObject({ statusCode: 404, meta: { message: '任务不存在' } });
  });

  it('answers a broken file in Chinese, never a 500', async () => {
    const target = await createYearTarget(w);
    const renamed = await post(
      w.creator,
      TARGET_TASK_IMPORT.start.path,
      { name: '任务.txt', bytes: Buffer.from('x') },
      target.id,
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().meta.message).toBe('只能上传xlsx的文件');

    const garbage = Buffer.from('这不是一个 Excel 文件');
    const task = await ended(w.creator, await startJob(w.creator, garbage, target.id));
    expect(task.state).toBe('finished');
    expect(task.result).toEqual({
      imported: false,
      tasks: 0,
      errors: [{ row: 0, column: '', message: UNREADABLE_MESSAGE }],
      errorCount: 1,
    });
  });
});
