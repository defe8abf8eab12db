import { describe, expect, it } from 'vitest';
import { levelColumnWidth, levelDepth, levelName, levelRowSpans } from './table-layout.ts';

const row = (...ids: string[]) => ({ indicatorPath: ids.map((id) => ({ id, name: `名${id}` })) });

describe('levelDepth', () => {
  it('is the deepest level any row names', () => {
    expect(levelDepth([])).toBe(0);
    expect(levelDepth([row('a'), row('a', 'b', 'c'), row('x', 'y')])).toBe(3);
  });
  it('names each level of a path', () => {
    expect(levelName(row('a', 'b'), 2)).toBe('名b');
    expect(levelName(row('a'), 2)).toBe('');
  });
});

describe('levelRowSpans', () => {
  it('merges runs of the same indicator and zeroes the covered rows', () => {
    const rows = [row('a', 'a1'), row('a', 'a1'), row('a', 'a2'), row('b', 'b1')];
    expect(levelRowSpans(rows, 2)).toEqual([
      [3, 0, 0, 1],
      [2, 0, 1, 1],
    ]);
  });
  it('does not merge a child level across different parents', () => {
    const rows = [row('a', 'same'), row('b', 'same')];
    expect(levelRowSpans(rows, 2)).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });
  it('never merges rows without an indicator at a level', () => {
    const rows = [row('a'), row('a'), row('a', 'x')];
    expect(levelRowSpans(rows, 2)).toEqual([
      [3, 0, 0],
      [1, 1, 1],
    ]);
  });
  it('merges non-adjacent equal indicators separately', () => {
    const rows = [row('a'), row('b'), row('a')];
    expect(levelRowSpans(rows, 1)).toEqual([[1, 1, 1]]);
  });
  it('handles an empty list and a single row', () => {
    expect(levelRowSpans([], 2)).toEqual([[], []]);
    expect(levelRowSpans([row('a')], 1)).toEqual([[1]]);
  });
  it('every column sums to the row count', () => {
    const rows = [
      row('a', 'b', 'c'),
      row('a', 'b', 'd'),
      row('a', 'e', 'f'),
      row('g', 'h', 'i'),
      row('g', 'h', 'i'),
    ];
    for (const column of levelRowSpans(rows, 3)) expect(column.reduce((s, n) => s + n, 0)).toBe(rows.length);
  });
});

describe('levelColumnWidth', () => {
  it('keeps the fixed indicator columns within about 200 px whatever the depth', () => {
    for (const depth of [1, 2, 3, 4, 6]) {
      expect(levelColumnWidth(depth) * depth).toBeLessThanOrEqual(depth <= 3 ? 216 : 64 * depth);
      expect(levelColumnWidth(depth)).toBeGreaterThanOrEqual(64);
    }
    expect(levelColumnWidth(1)).toBe(112);
    expect(levelColumnWidth(3) * 3).toBe(216);
  });
});
