/**
 * The width a table needs: the sum of its columns' fixed widths. Given as `scroll.x`, the table fits
 * its box whenever the box is that wide and scrolls sideways only below it, instead of a guessed
 * constant that made lists scroll on a 1440 px desk (issue 11).
 */
export function columnsWidth(columns: ReadonlyArray<{ width?: unknown }>): number {
  return columns.reduce<number>(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : 0),
    0,
  );
}
