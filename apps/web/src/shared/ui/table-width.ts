/**
 * The width a table needs: the sum of its columns' widths, a column without a fixed width counting as
 * 100 px (it still needs room). Given as `scroll.x`, the table fits its box whenever the box is that wide
 * and scrolls sideways only below it, instead of a guessed constant that made lists scroll on a 1440 px
 * desk. `extra` adds what is not a column (the selection checkboxes).
 */
export function columnsWidth(columns: ReadonlyArray<{ width?: unknown }>, extra = 0): number {
  return columns.reduce<number>(
    (sum, column) => sum + (typeof column.width === 'number' ? column.width : 100),
    extra,
  );
}
