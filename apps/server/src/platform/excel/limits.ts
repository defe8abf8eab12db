import { AppError } from '../errors.ts';

/** What an uploaded workbook may be; every reader takes a partial override of these defaults. */
export interface ExcelLimits {
  /** Bytes of the .xlsx file as uploaded. */
  uploadBytes: number;
  /** Bytes of the parts the reader inflates, counted while inflating (a zip header may lie). */
  uncompressedBytes: number;
  /** Inflated bytes per compressed byte of one part, checked once the part is past `ratioGraceBytes`. */
  compressionRatio: number;
  /** Small parts compress well without being bombs; the ratio counts only past this size. */
  ratioGraceBytes: number;
  /** Data rows below the header row. */
  rows: number;
  columns: number;
  /** Characters of one cell. */
  cellChars: number;
  /** Row errors listed in an answer; all of them are counted. */
  listedErrors: number;
}

/** A school's imports are a few thousand rows; these leave room for a whole year's data of a large school. */
export const DEFAULT_EXCEL_LIMITS: Readonly<ExcelLimits> = Object.freeze({
  uploadBytes: 10 * 1024 * 1024,
  uncompressedBytes: 100 * 1024 * 1024,
  compressionRatio: 100,
  ratioGraceBytes: 1024 * 1024,
  rows: 100_000,
  columns: 100,
  cellChars: 2_000,
  listedErrors: 1_000,
});

export function excelLimits(overrides: Partial<ExcelLimits> = {}): ExcelLimits {
  return { ...DEFAULT_EXCEL_LIMITS, ...overrides };
}

function size(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The refusals of a workbook that breaks a limit, each naming the limit in Chinese. */
export const refuse = {
  upload: (l: ExcelLimits) => new AppError('TOO_LARGE', `文件超过 ${size(l.uploadBytes)}，请拆分后再导入`),
  uncompressed: (l: ExcelLimits) =>
    new AppError('TOO_LARGE', `文件解压后超过 ${size(l.uncompressedBytes)}，请拆分后再导入`),
  ratio: (l: ExcelLimits) =>
    new AppError('TOO_LARGE', `文件压缩比超过 ${l.compressionRatio}:1，疑似异常文件，请检查后再导入`),
  rows: (l: ExcelLimits) => new AppError('TOO_LARGE', `数据超过 ${l.rows} 行，请拆分后再导入`),
  columns: (l: ExcelLimits) => new AppError('VALIDATION', `表格超过 ${l.columns} 列，请使用下载的模板`),
  cell: (l: ExcelLimits, at: { row: number; column: number }) =>
    new AppError(
      'VALIDATION',
      `第${at.row}行第${at.column}列的内容超过 ${l.cellChars} 个字符，请精简后再导入`,
    ),
};

export const UNREADABLE_MESSAGE = '无法读取文件，请使用下载的模板（.xlsx）';

/** A file that is not a readable .xlsx: the imports report it as a row error, other callers answer 400. */
export class UnreadableWorkbookError extends AppError {
  constructor(message = UNREADABLE_MESSAGE) {
    super('VALIDATION', message);
  }
}
