import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { guardFormula } from './cells.ts';

export type CellValue = string | number | boolean | Date | null;

export interface SheetColumn {
  header: string;
  width?: number;
}

/** One sheet of an export: a bold, frozen header row, then the rows (any iterable, read once). */
export interface SheetSpec {
  name: string;
  columns: readonly SheetColumn[];
  rows: Iterable<readonly CellValue[]> | AsyncIterable<readonly CellValue[]>;
}

/** Text that a spreadsheet would run as a formula is written as text behind an apostrophe. */
const guarded = (value: CellValue) => (typeof value === 'string' ? guardFormula(value) : value);

/**
 * Writes the sheets with exceljs's streaming writer: each row is committed as it is added, so the
 * workbook is never held as a whole model; the zip is collected into the bytes `sendWorkbook` sends.
 */
export async function writeWorkbook(sheets: readonly SheetSpec[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  workbook.creator = 'eduqa';
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = spec.columns.map((c) => ({ key: c.header, width: c.width ?? 16 }));
    const header = sheet.addRow(spec.columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
    for await (const row of spec.rows) sheet.addRow(row.map(guarded)).commit();
    sheet.commit();
  }
  await workbook.commit();
  await finished;
  return Buffer.concat(chunks);
}

/** An import template: the data sheet with its header and one example row, and a help sheet. */
export function templateWorkbook(input: {
  sheet: string;
  columns: readonly SheetColumn[];
  example: readonly CellValue[];
  help: { columns: readonly SheetColumn[]; rows: ReadonlyArray<readonly CellValue[]> };
}): Promise<Buffer> {
  return writeWorkbook([
    { name: input.sheet, columns: input.columns, rows: [input.example] },
    { name: '填写说明', columns: input.help.columns, rows: input.help.rows },
  ]);
}

/** The help sheet's usual columns: 列名, 是否必填, 说明. */
export function helpColumns(helpWidth: number, helpHeader = '说明'): SheetColumn[] {
  return [
    { header: '列名', width: 16 },
    { header: '是否必填', width: 10 },
    { header: helpHeader, width: helpWidth },
  ];
}
