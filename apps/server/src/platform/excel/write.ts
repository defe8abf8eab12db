import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { guardFormula } from './cells.ts';
import { COLUMN_WIDTH, columnWidths } from './column-width.ts';

export type CellValue = string | number | boolean | Date | null;

export interface SheetColumn {
  header: string;
}

/**
 * How many rows set the column widths. The streaming writer puts the widths before the first row, so
 * they come from the header and these first rows; a later, longer text is cut on screen, not lost.
 */
export const WIDTH_SAMPLE_ROWS = 500;

/**
 * One sheet of an export: a bold, frozen header row, then the rows (any iterable, read once); each
 * column as wide as its content (see column-width.ts).
 */
export interface SheetSpec {
  name: string;
  columns: readonly SheetColumn[];
  rows: Iterable<readonly CellValue[]> | AsyncIterable<readonly CellValue[]>;
}

/** Text that a spreadsheet would run as a formula is written as text behind an apostrophe. */
const guarded = (value: CellValue) => (typeof value === 'string' ? guardFormula(value) : value);

type Rows = SheetSpec['rows'];
type Row = readonly CellValue[];

const toAsyncIterator = (rows: Rows): AsyncIterator<Row> | Iterator<Row> =>
  Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();

/** Up to `count` rows from the iterator, which goes on after them. */
async function takeRows(rows: AsyncIterator<Row> | Iterator<Row>, count: number): Promise<Row[]> {
  const taken: Row[] = [];
  while (taken.length < count) {
    const next = await rows.next();
    if (next.done) break;
    taken.push(next.value);
  }
  return taken;
}

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
    const rows = toAsyncIterator(spec.rows);
    const sample = await takeRows(rows, WIDTH_SAMPLE_ROWS);
    const headers = spec.columns.map((c) => c.header);
    const widths = columnWidths(headers, sample);
    // A column held at the cap wraps its long texts instead of hiding their ends.
    sheet.columns = headers.map((header, i) => ({
      key: header,
      width: widths[i],
      ...(widths[i] === COLUMN_WIDTH.max
        ? { style: { alignment: { wrapText: true, vertical: 'top' } } }
        : {}),
    }));
    const header = sheet.addRow(headers);
    header.font = { bold: true };
    header.commit();
    for (const row of sample) sheet.addRow(row.map(guarded)).commit();
    for (let next = await rows.next(); !next.done; next = await rows.next())
      sheet.addRow(next.value.map(guarded)).commit();
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
export function helpColumns(helpHeader = '说明'): SheetColumn[] {
  return [{ header: '列名' }, { header: '是否必填' }, { header: helpHeader }];
}
