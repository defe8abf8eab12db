import type { CellValue } from './write.ts';

/** Narrowest and widest column, in Excel's width unit (about one Latin character of the default font). */
export const COLUMN_WIDTH = { min: 6, max: 60 } as const;

/**
 * East Asian wide and full-width characters (CJK ideographs, kana, hangul, full-width forms and
 * punctuation) take two units of a column; everything else one.
 */
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** The width a text takes: its widest line, wide characters counted twice. */
export function textWidth(text: string): number {
  let widest = 0;
  for (const line of text.split('\n')) {
    let width = 0;
    for (const char of line) width += WIDE.test(char) ? 2 : 1;
    widest = Math.max(widest, width);
  }
  return widest;
}

const cellText = (value: CellValue): string => {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
};

/**
 * Each column's width from its header and the given rows: the widest text plus a little room for the
 * cell's padding, kept between `COLUMN_WIDTH.min` and `.max` (a long text past the cap is cut on screen,
 * never the column grown across the whole sheet).
 */
export function columnWidths(
  headers: readonly string[],
  rows: ReadonlyArray<readonly CellValue[]>,
): number[] {
  return headers.map((header, i) => {
    let widest = textWidth(header);
    for (const row of rows) widest = Math.max(widest, textWidth(cellText(row[i] ?? null)));
    return Math.min(COLUMN_WIDTH.max, Math.max(COLUMN_WIDTH.min, widest + 2));
  });
}
