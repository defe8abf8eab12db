import type { TargetTaskWire } from '@eduqa/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, postMultipart, type Session } from '../../../test/app.ts';
import { departments } from '../org/org.table.ts';
import {
  API,
  createTask,
  createYearTarget,
  day,
  type GoalWorld,
  ok,
  startGoalWorld,
} from './goals.fixtures.ts';

let w: GoalWorld;
let principalAccount: string;
beforeAll(async () => {
  w = await startGoalWorld();
  principalAccount = w.principalAccount;
});
afterAll(() => w.t.close());

async function departmentName(id: string) {
  const all = await w.t.db.select({ id: departments.id, name: departments.name }).from(departments);
  return all.find((d) => d.id === id)!.name;
}

async function workbookFromTemplate(rows: (string | Date)[][]) {
  const template = await w.creator.get(`${API}/targetTask/template`);
  expect(template.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('目标任务')!;
  sheet.spliceRows(2, 1);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function upload(session: Session, bytes: Buffer, yearTargetId: string) {
  const body = multipart({ name: '任务.xlsx', bytes }, { yearTargetId });
  return postMultipart(w.t, session, `${API}/targetTask/import`, body);
}

type ImportResult = {
  imported: boolean;
  tasks: number;
  errors: { row: number; column: string; message: string }[];
};
const tasksOf = async (yearTargetId: string) =>
  ok<{ records: TargetTaskWire[] }>(await w.creator.get(`${API}/targetTask`, { yearTargetId })).records;

describe('target task Excel', () => {
  it('imports nothing and reports every bad row with its column and a Chinese reason', async () => {
    const target = await createYearTarget(w);
    const department = await departmentName(w.departmentId);
    const account = principalAccount;
    const bytes = await workbookFromTemplate([
      ['好任务', '', '重点', '分数', '10项', department, account, '', day(0), day(30), ''],
      ['', '', '特别', '分数', '', '不存在的部门', 'nobody', '', day(0), day(-1), ''],
      ['子任务', '没有的上级', 'B', 'level', '', department, account, department, '2026/01/01', day(10), ''],
      ['好任务', '', '常规', '等级', '', department, account, '', day(0), day(30), ''],
    ]);
    const result = ok<ImportResult>(await upload(w.creator, bytes, target.id));
    expect(result.imported).toBe(false);
    const byRow = (row: number) =>
      result.errors.filter((e) => e.row === row).map((e) => [e.column, e.message]);
    expect(byRow(2)).toEqual([]);
    expect(byRow(3)).toEqual([
      ['任务名称', '请填写任务名称'],
      ['任务类型', '任务类型只能是重点、常规、一般'],
      ['结束日期', '结束日期不能早于开始日期'],
      ['责任部门', '部门「不存在的部门」不存在'],
      ['任务负责人账号', '账号「nobody」不存在或已停用'],
    ]);
    expect(byRow(4)).toEqual([
      ['开始日期', '日期格式应为 yyyy-MM-dd'],
      ['协同部门', '协同部门不能包含责任部门'],
      ['上级任务名称', '上级任务「没有的上级」不存在（须为本年度目标下的一级任务）'],
    ]);
    expect(byRow(5)).toEqual([['任务名称', '与第2行的任务重复']]);
    expect(await tasksOf(target.id)).toEqual([]);
  });

  it('imports all rows with sub-tasks and collaborators, and exports the details', async () => {
    const target = await createYearTarget(w);
    await createTask(w, target.id, { name: '已有一级任务' });
    const department = await departmentName(w.departmentId);
    const collaborator = await departmentName(w.collaboratingDepartmentId);
    const bytes = await workbookFromTemplate([
      [
        '一级任务',
        '',
        '重点',
        '分数',
        '10项',
        department,
        principalAccount,
        collaborator,
        day(0),
        day(60),
        '详情',
      ],
      ['子任务甲', '一级任务', 'C', 'score', '', department, principalAccount, '', day(1), day(30), ''],
      ['子任务乙', '已有一级任务', '一般', '等级', '', department, principalAccount, '', day(1), day(30), ''],
    ]);
    const result = ok<ImportResult>(await upload(w.creator, bytes, target.id));
    expect(result).toEqual({ imported: true, tasks: 3, errors: [] });
    const tasks = await tasksOf(target.id);
    const top = tasks.find((t) => t.rwmc === '一级任务')!;
    expect(top.collaboratingDepartments.map((d) => d.id)).toEqual([w.collaboratingDepartmentId]);
    expect(tasks.find((t) => t.rwmc === '子任务甲')?.parentId).toBe(top.id);

    const exported = await w.head.get(`${API}/exportTaskDetail`, { yearTargetId: target.id });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(1).getCell(3).value).toBe('任务名称');
  });

  it('lets only a publisher import', async () => {
    const target = await createYearTarget(w);
    const bytes = await workbookFromTemplate([]);
    const response = await upload(w.head, bytes, target.id);
    expect(response.json().meta.statusCode).toBe(403);
  });
});
