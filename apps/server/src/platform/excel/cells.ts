import type ExcelJS from 'exceljs';

/** Text that a spreadsheet would take for a formula (or, after tab/CR, a field injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Export side: such text is written with a leading apostrophe, so it stays text when opened. */
export function guardFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Import side: the apostrophe an export (or a careful user) put before such text is not part of it. */
function unguardFormula(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** A cell as the user typed it: text, numbers, dates (yyyy-MM-dd), rich text and formula results, trimmed. */
export function cellText(cell: ExcelJS.Cell): string {
  return unguardFormula(rawCellText(cell));
}

function rawCellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in value)
      return value.result === undefined || value.result === null ? '' : String(value.result).trim();
    if ('text' in value) return String(value.text).trim();
  }
  return cell.text.trim();
}

/** Reads an option by its Chinese label or its wire value (case-insensitive); null when neither matches. */
export function option<T extends string>(options: Readonly<Record<T, string>>, raw: string): T | null {
  const entries = Object.entries(options) as Array<[T, string]>;
  const lower = raw.toLowerCase();
  return entries.find(([value, label]) => label === raw || value.toLowerCase() === lower)?.[0] ?? null;
}
