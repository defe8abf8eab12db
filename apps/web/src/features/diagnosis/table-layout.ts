/**
 * The indicator-level columns of the shared quality-point table (spec 2 §2.1): level 1..n names,
 * with equal consecutive cells merged. A cell of level k merges only inside its parent's merged
 * cell, so two points under different level-1 indicators never share a level-2 cell.
 */

export const MAX_LEVELS = 6;

/** A row placed under its indicator path, level 1 first. */
export interface PathRow {
  indicatorPath: ReadonlyArray<{ id: string; name: string }>;
}

function levelKey(row: PathRow, level: number): string | undefined {
  return row.indicatorPath[level - 1]?.id;
}

export function levelName(row: PathRow, level: number): string {
  return row.indicatorPath[level - 1]?.name ?? '';
}

/** How many indicator levels the rows use: the deepest level any row names (0 for none). */
export function levelDepth(rows: readonly PathRow[]): number {
  let depth = 0;
  for (const row of rows) {
    for (let level = MAX_LEVELS; level > depth; level--) {
      if (levelKey(row, level) !== undefined) {
        depth = level;
        break;
      }
    }
  }
  return depth;
}

/**
 * rowSpans[k][i]: the rowSpan of row i's level-(k+1) cell — the run length on the run's first row,
 * 0 on the rows it covers, 1 for a cell that merges with nothing. Rows with no indicator at a level
 * never merge at that level.
 */
export function levelRowSpans(rows: readonly PathRow[], depth: number): number[][] {
  const spans: number[][] = [];
  for (let level = 1; level <= depth; level++) {
    const column = new Array<number>(rows.length).fill(1);
    let start = 0;
    for (let i = 1; i <= rows.length; i++) {
      const continues = i < rows.length && sameBranch(rows[start], rows[i], level);
      if (continues) continue;
      column[start] = i - start;
      for (let j = start + 1; j < i; j++) column[j] = 0;
      start = i;
    }
    spans.push(column);
  }
  return spans;
}

/** Same indicator at this level and at every level above it. */
function sameBranch(a: PathRow | undefined, b: PathRow | undefined, level: number): boolean {
  if (!a || !b) return false;
  for (let k = 1; k <= level; k++) {
    const ka = levelKey(a, k);
    if (ka === undefined || ka !== levelKey(b, k)) return false;
  }
  return true;
}

/**
 * The width of each indicator-level column of the fill table. The levels and the point name stay
 * fixed on the left while the entry columns stay fixed on the right, so together they must leave
 * room to scroll at 1280 px; the deeper the tree, the narrower each level (names wrap, the merged
 * cells are tall), about 200 px for all levels together.
 */
export function levelColumnWidth(depth: number): number {
  const widths = [112, 96, 72];
  return widths[depth - 1] ?? 64;
}

/**
 * The width a list has inside the page at a 1280 px desk (the sidebar, the page's and the card's
 * padding taken off: 945 px measured). Every diagnosis list but the two spec tables of all the
 * point's columns (fill table, below standard) fits it, so none scrolls sideways on a desk.
 */
export const DESK_TABLE_WIDTH = 940;
