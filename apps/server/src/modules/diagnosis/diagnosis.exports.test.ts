import type { QualityRowWire, WarningRowWire } from '@eduqa/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestApp } from '../../../test/app.ts';
import { XLSX_TYPE } from '../../platform/excel/send-workbook.ts';
import {
  API,
  forbidden,
  notFound,
  ok,
  startTaskWorld,
  type TaskSetup,
  type World,
} from './diagnosis.fixtures.ts';

let t: TestApp;
let w: World;
let s: TaskSetup;
beforeAll(async () => {
  ({ t, w, s } = await startTaskWorld());
  // 课程合格率 30 misses its target (学生投诉次数 misses already); 40 fires the score's warning.
  ok(await w.charger.post(`${API}/quality/updateupjgz`, { zgzkdid: s.pointIds.rate, jgz: '30' }));
  ok(
    await w.charger.post(`${API}/quality/sample/insert`, {
      zgzkdid: s.pointIds.score,
      cjz: '40',
      sj: '2026-03-03T09:00:00',
    }),
  );
});
afterAll(() => t.close());

/** The exported sheet's rows as text, the header first. */
async function sheetRows(response: LightMyRequestResponse): Promise<string[][]> {
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
  expect(response.headers['content-type']).toBe(XLSX_TYPE);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Uint8Array.from(response.rawPayload).buffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v))),
    );
  });
  return rows;
}

const column = (rows: string[][], header: string) => {
  const at = rows[0]!.indexOf(header);
  expect(at, `列「${header}」`).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((row) => row[at] ?? '');
};

describe('exporting the below-standard list', () => {
  it('writes the rows the list answers under the same filter, in its order, with names', async () => {
    const filters: Array<Record<string, string>> = [
      { dxrwid: s.objectTaskId },
      { rwid: s.taskId, keyword: '课程' },
    ];
    for (const filter of filters) {
      const list = ok<{ records: QualityRowWire[] }>(
        await w.charger.get(`${API}/quality/disqualified`, { ...filter, pageSize: 100 }),
      );
      const rows = await sheetRows(await w.charger.get(`${API}/quality/disqualified/export`, filter));
      expect(column(rows, '质控点名称')).toEqual(list.records.map((r) => r.zkdmc));
      expect(column(rows, '诊断对象')).toEqual(list.records.map((r) => r.gzdxmc));
      expect(column(rows, '任务名称')).toEqual(list.records.map((r) => r.rwmc));
    }
    const filtered = await sheetRows(
      await w.charger.get(`${API}/quality/disqualified/export`, { rwid: s.taskId, keyword: '课程' }),
    );
    expect(column(filtered, '质控点名称')).toEqual(['课程合格率']);
    expect(column(filtered, '本次结果')[0]).toMatch(/^30/);
  });

  it('answers not-found for an object task the caller may not read, and nothing of others', async () => {
    notFound(await w.stranger.get(`${API}/quality/disqualified/export`, { dxrwid: s.objectTaskId }));
    notFound(await w.stranger.get(`${API}/quality/export`, { dxrwid: s.objectTaskId }));
    notFound(await w.stranger.get(`${API}/warningflow/exportWarnGrid`, { dxrwid: s.objectTaskId }));
    const rows = await sheetRows(
      await w.stranger.get(`${API}/quality/disqualified/export`, { rwid: s.taskId }),
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses a caller without the 诊断改进 menu', async () => {
    const user = await createUser(t, { roles: [] });
    const outsider = await signIn(t, user.account, user.password);
    forbidden(await outsider.get(`${API}/quality/disqualified/export`, { rwid: s.taskId }));
    forbidden(await outsider.get(`${API}/warningflow/exportWarnGrid`, {}));
  });
});

describe('exporting the result table and the warning table', () => {
  it('writes every point of the object task with its indicator levels and Chinese states', async () => {
    const list = ok<QualityRowWire[]>(
      await w.charger.get(`${API}/quality/select`, { dxrwid: s.objectTaskId }),
    );
    const rows = await sheetRows(await w.charger.get(`${API}/quality/export`, { dxrwid: s.objectTaskId }));
    expect(rows[0]!.slice(0, 3)).toEqual(['1级指标', '2级指标', '质控点名称']);
    expect(column(rows, '质控点名称')).toEqual(list.map((r) => r.zkdmc));
    expect(column(rows, '1级指标')).toEqual(list.map((r) => r.level1Name));
    expect(new Set(column(rows, '审核状态'))).toEqual(new Set(['未提交']));
    const result = column(rows, '诊断结果');
    expect(result).toEqual(list.map((r) => (r.dis ? '未达标' : r.jgz === null ? '未完成' : '达标')));
  });

  it('writes the warning rows the table answers under its state filter', async () => {
    for (const state of ['all', 'pending', 'handled'] as const) {
      const filter = { rwid: s.taskId, state };
      const grid = ok<{ records: WarningRowWire[] }>(
        await w.charger.get(`${API}/warningflow/queryWarnGrid`, { ...filter, pageSize: 100 }),
      );
      const rows = await sheetRows(await w.charger.get(`${API}/warningflow/exportWarnGrid`, filter));
      expect(column(rows, '质控点名称')).toEqual(grid.records.map((r) => r.zkdmc));
      expect(column(rows, '预警次数')).toEqual(grid.records.map((r) => String(r.allNum)));
      expect(column(rows, '处理人')).toEqual(grid.records.map((r) => r.clrmc ?? ''));
    }
    const pending = await sheetRows(
      await w.charger.get(`${API}/warningflow/exportWarnGrid`, { rwid: s.taskId, state: 'pending' }),
    );
    expect(column(pending, '质控点名称').length).toBeGreaterThan(0);
  });

  it('answers a wrong filter with a Chinese 400', async () => {
    const r = await w.charger.get(`${API}/warningflow/exportWarnGrid`, { state: 'soon' });
    expect(r.statusCode).toBe(400);
    expect(r.json().meta.message).toMatch(/[\u4e00-\u9fff]/);
  });
});
