import type { ImportRowError } from '@eduqa/contract';
import { option } from './cells.ts';
import { excelLimits } from './limits.ts';
import { type ReadSheetOptions, readSheetRows } from './read-sheet.ts';
import { RowErrors } from './row-errors.ts';
import type { WorkbookInput } from './source.ts';

/** A cell's text read as T, or the Chinese reason it cannot be. */
export type CellParse<T> = { value: T } | { error: string };

/** One column of an import: its header, whether it must be filled, its longest text and how it is read. */
export interface ColumnSpec<T> {
  header: string;
  required?: boolean;
  maxLength?: number;
  parse: (text: string) => CellParse<T>;
  /** The help sheet's explanation of the column. */
  help?: string;
}

export type ColumnSpecs = Record<string, ColumnSpec<unknown>>;
type ValueOf<C> = C extends ColumnSpec<infer T> ? T : never;

/** A read row: each column's value (null when empty or wrong, the reason already reported) and its text. */
export interface TableRow<S extends ColumnSpecs> {
  row: number;
  values: { [K in keyof S]: ValueOf<S[K]> | null };
  text: { [K in keyof S]: string };
  /** No cell of this row was wrong. */
  isValid: boolean;
}

export const text = (): ((raw: string) => CellParse<string>) => (raw) => ({ value: raw });

export function integer(input: { min: number; max: number; message: string }) {
  return (raw: string): CellParse<number> => {
    const value = Number(raw);
    return Number.isInteger(value) && value >= input.min && value <= input.max
      ? { value }
      : { error: input.message };
  };
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export function isIsoDate(raw: string): boolean {
  if (!DATE_RE.test(raw)) return false;
  const parsed = new Date(`${raw}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === raw;
}

/** yyyy-MM-dd (a date cell reads as that too). */
export const date =
  (message = '日期格式应为 yyyy-MM-dd') =>
  (raw: string): CellParse<string> =>
    isIsoDate(raw) ? { value: raw } : { error: message };

/** An option by its Chinese label or its wire value. */
export function oneOf<T extends string>(
  labels: Readonly<Record<T, string>>,
  message: (raw: string) => string,
) {
  return (raw: string): CellParse<T> => {
    const value = option(labels, raw);
    return value === null ? { error: message(raw) } : { value };
  };
}

const missingColumns = (columns: ColumnSpecs, headers: ReadonlyMap<string, number>): ImportRowError[] =>
  Object.values(columns)
    .filter((c) => c.required && !headers.has(c.header))
    .map((c) => ({ row: 1, column: c.header, message: `缺少列「${c.header}」，请使用下载的模板` }));

/** Header text → column index (0-based) from the header row. */
export function headerIndex(cells: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  cells.forEach((cell, i) => {
    if (cell && !index.has(cell)) index.set(cell, i);
  });
  return index;
}

/** «与第N行的…重复»: the one message of a key repeated in an import file. */
export const duplicateMessage = (earlierRow: number, what: string) => `与第${earlierRow}行的${what}重复`;

/**
 * Remembers the first row of each key of an import file: `earlier(key, row)` answers the row that had
 * the key before, or records this row as its first and answers undefined.
 */
export function firstRows() {
  const seen = new Map<string, number>();
  return (key: string, row: number): number | undefined => {
    const earlier = seen.get(key);
    if (earlier === undefined) seen.set(key, row);
    return earlier;
  };
}

/** A key that must not repeat in the file: reported on `column` as «与第N行的`what`重复». */
export interface UniqueKey<S extends ColumnSpecs> {
  column: keyof S;
  what: string;
  /** The row's key, or null when the row has none to compare (a part empty or wrong). */
  key: (row: TableRow<S>) => string | null;
}

/**
 * Reads a sheet through column specifications: typed rows plus row errors (required, length, parse,
 * then the caller's cross-column `check`, then the `unique` key against the rows above), the first `limits.listedErrors` listed and all counted.
 * Blank rows are skipped. A missing required column answers only the missing-column errors.
 */
export async function readTable<S extends ColumnSpecs>(
  input: WorkbookInput,
  options: ReadSheetOptions & {
    columns: S;
    check?: (row: TableRow<S>, fail: (key: keyof S, message: string) => void) => void;
    unique?: UniqueKey<S>;
  },
): Promise<{ rows: TableRow<S>[]; errors: ImportRowError[]; errorCount: number }> {
  const errors = new RowErrors(excelLimits(options.limits).listedErrors);
  const keys = Object.keys(options.columns) as Array<keyof S & string>;
  const rows: TableRow<S>[] = [];
  const earlier = firstRows();
  let headers: Map<string, number> | null = null;
  for await (const sheetRow of readSheetRows(input, options)) {
    if (!headers) {
      headers = headerIndex(sheetRow.cells);
      const missing = missingColumns(options.columns, headers);
      if (missing.length > 0) return { rows: [], errors: missing, errorCount: missing.length };
      continue;
    }
    const at = headers;
    const cellOf = (key: keyof S & string) =>
      sheetRow.cells[at.get(options.columns[key]!.header) ?? -1] ?? '';
    const row = readRow({ number: sheetRow.number, columns: options.columns, keys, cellOf, errors });
    if (!row) continue;
    const fail = (key: keyof S, message: string) => {
      row.isValid = false;
      errors.add({ row: row.row, column: options.columns[key]!.header, message });
    };
    options.check?.(row, fail);
    const unique = options.unique;
    const key = unique?.key(row);
    const repeated = unique && key != null ? earlier(key, row.row) : undefined;
    if (unique && repeated !== undefined) fail(unique.column, duplicateMessage(repeated, unique.what));
    rows.push(row);
  }
  return { rows, errors: errors.listed, errorCount: errors.count };
}

function readRow<S extends ColumnSpecs>(input: {
  number: number;
  columns: S;
  keys: Array<keyof S & string>;
  cellOf: (key: keyof S & string) => string;
  errors: RowErrors;
}): TableRow<S> | null {
  const text = Object.fromEntries(input.keys.map((k) => [k, input.cellOf(k)])) as TableRow<S>['text'];
  if (input.keys.every((k) => text[k] === '')) return null;
  const values = {} as Record<keyof S, unknown>;
  let isValid = true;
  for (const key of input.keys) {
    const spec = input.columns[key]!;
    const raw = text[key];
    values[key] = null;
    const fail = (message: string) => {
      isValid = false;
      input.errors.add({ row: input.number, column: spec.header, message });
    };
    if (raw === '') {
      if (spec.required) fail(`请填写${spec.header}`);
      continue;
    }
    if (spec.maxLength !== undefined && raw.length > spec.maxLength) {
      fail(`最多只能输入${spec.maxLength}个字符`);
      continue;
    }
    const parsed = spec.parse(raw);
    if ('error' in parsed) fail(parsed.error);
    else values[key] = parsed.value;
  }
  return { row: input.number, values: values as TableRow<S>['values'], text, isValid };
}
