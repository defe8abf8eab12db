import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { COLUMN_WIDTH, textWidth } from './column-width.ts';
import { readSheetRows } from './read-sheet.ts';
import { templateWorkbook, WIDTH_SAMPLE_ROWS, writeWorkbook } from './write.ts';

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

describe('sizing the columns of a workbook', () => {
  const load = async (bytes: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    return workbook;
  };

  it('makes each column as wide as its widest text, Chinese counted double, within the caps', async () => {
    const bytes = await writeWorkbook([
      {
        name: '目标任务',
        columns: [{ header: '序号' }, { header: '任务名称' }, { header: 'code' }, { header: '完成情况' }],
        rows: [
          [1, '提高毕业生就业质量与专业对口率', 'A', 'x'.repeat(500)],
          [2, '短', 'ABCDEFGHIJ', null],
        ],
      },
    ]);
    const sheet = (await load(bytes)).getWorksheet('目标任务')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const widths = [1, 2, 3, 4].map((i) => sheet.getColumn(i).width);
    // 序号: its header (4) beats the numbers; 任务名称: 15 Chinese characters = 30; code: 10 letters.
    expect(widths).toEqual([COLUMN_WIDTH.min, 32, 12, COLUMN_WIDTH.max]);
    // The capped column wraps its long text instead of hiding it.
    expect(sheet.getRow(2).getCell(4).alignment?.wrapText).toBe(true);
    expect(sheet.getRow(2).getCell(2).value).toBe('提高毕业生就业质量与专业对口率');
  });

  it('sizes from the first rows of a streamed sheet and still writes every row', async () => {
    async function* rows() {
      for (let i = 0; i < WIDTH_SAMPLE_ROWS + 20; i += 1) yield [i < 3 ? '护理学院教务办公室' : 'x'];
    }
    const bytes = await writeWorkbook([{ name: '部门', columns: [{ header: '部门' }], rows: rows() }]);
    const sheet = (await load(bytes)).getWorksheet('部门')!;
    expect(sheet.getColumn(1).width).toBe(20);
    expect(sheet.rowCount).toBe(WIDTH_SAMPLE_ROWS + 21);
  });

  it('measures a text by its widest line and full-width punctuation as wide', () => {
    expect(textWidth('ab\n中文字')).toBe(6);
    expect(textWidth('（１）')).toBe(6);
    expect(textWidth('')).toBe(0);
  });
});
