import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readSheetRows } from './read-sheet.ts';
import { templateWorkbook, writeWorkbook } from './write.ts';

describe('writing a workbook', () => {
  it('writes text that would run as a formula as text behind an apostrophe', async () => {
    const risky = ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'];
    const bytes = await writeWorkbook([
      { name: '导出', columns: [{ header: '值' }], rows: [...risky.map((v) => [v]), ['平常'], [-5]] },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('导出')!;
    const first = sheet.getRow(2).getCell(1);
    expect(first.value).toBe("'=1+1");
    expect(first.type).toBe(ExcelJS.ValueType.String);
    expect(first.formula).toBeUndefined();
    // XML turns a lone carriage return into a line feed; what matters is the apostrophe before it.
    const written = risky.map((_, i) => String(sheet.getRow(i + 2).getCell(1).value));
    expect(written.map((v) => v.replace('\n', '\r'))).toEqual(risky.map((v) => `'${v}`));
    expect(sheet.getRow(8).getCell(1).value).toBe('平常');
    expect(sheet.getRow(9).getCell(1).value).toBe(-5);

    // An import reads back what was exported, without the apostrophe.
    const read: string[] = [];
    for await (const row of readSheetRows(bytes)) read.push(row.cells[0]!);
    expect(read.slice(1, 5)).toEqual(risky.slice(0, 4));
  });

  it('writes a template: bold frozen header, an example row and a help sheet', async () => {
    const bytes = await templateWorkbook({
      sheet: '数据',
      columns: [{ header: '名称' }, { header: '日期' }],
      example: ['示例', '2026-01-10'],
      help: { columns: [{ header: '列名' }, { header: '说明' }], rows: [['名称', '必填']] },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const data = workbook.getWorksheet('数据')!;
    expect(data.getRow(1).values).toEqual([undefined, '名称', '日期']);
    expect(data.getRow(1).font?.bold).toBe(true);
    expect(data.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(data.getRow(2).values).toEqual([undefined, '示例', '2026-01-10']);
    expect(workbook.getWorksheet('填写说明')!.getRow(2).values).toEqual([undefined, '名称', '必填']);
  });
});
