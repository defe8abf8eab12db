import ExcelJS from 'exceljs';
import { AppError } from '../errors.ts';
import { cellText } from './cells.ts';
import { type ExcelLimits, excelLimits, refuse, UnreadableWorkbookError } from './limits.ts';
import { openWorkbookInput, type WorkbookInput } from './source.ts';
import { guardedWorkbookZip } from './zip-guard.ts';

/** One row of the sheet as text: `cells[0]` is column A; empty cells are ''. */
export interface SheetRow {
  number: number;
  cells: string[];
}

export interface ReadSheetOptions {
  /** The sheet to read when present; otherwise the workbook's first sheet. */
  sheet?: string | undefined;
  limits?: Partial<ExcelLimits> | undefined;
}

/**
 * Streams the rows of one sheet (header row included), checking the limits as it goes: the zip's
 * sizes and ratio before and while inflating, then rows, columns and cell length per row. A file that
 * is not a readable .xlsx throws `UnreadableWorkbookError`; a broken limit throws its `AppError`.
 */
export async function* readSheetRows(
  input: WorkbookInput,
  options: ReadSheetOptions = {},
): AsyncGenerator<SheetRow> {
  const limits = excelLimits(options.limits);
  const source = await openWorkbookInput(input, limits);
  try {
    const zip = await guardedWorkbookZip({ source, limits, sheet: options.sheet });
    try {
      yield* rowsOf(zip, limits);
    } finally {
      zip.destroy();
    }
  } finally {
    await source.close();
  }
}

async function* rowsOf(zip: NodeJS.ReadableStream, limits: ExcelLimits): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(zip as never, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) yield checkedRow(row, limits);
      return;
    }
  } catch (error) {
    throw error instanceof AppError ? error : new UnreadableWorkbookError();
  }
}

/**
 * The cell's text as a string of its own. The XML parser's strings are slices of the chunk they were
 * read from, and V8 keeps that whole chunk alive behind every slice of 13 characters or more: kept for
 * a 100,000-row import, the rows held about 70 MB of chunks. Appending a character builds a new string
 * whose slice no longer refers to the chunk.
 */
function detached(text: string): string {
  return text.length < 13 ? text : `${text} `.slice(0, -1);
}

function checkedRow(row: ExcelJS.Row, limits: ExcelLimits): SheetRow {
  if (row.number - 1 > limits.rows) throw refuse.rows(limits);
  if (row.cellCount > limits.columns) throw refuse.columns(limits);
  const cells: string[] = Array.from({ length: row.cellCount }, () => '');
  row.eachCell((cell, column) => {
    const text = cellText(cell);
    if (text.length > limits.cellChars) throw refuse.cell(limits, { row: row.number, column });
    cells[column - 1] = detached(text);
  });
  return { number: row.number, cells };
}
