import { describe, expect, it } from 'vitest';
import { columnsWidth } from './table-width.ts';

describe('columnsWidth', () => {
  it('adds the numeric widths, 100 for a flexible column, and what is not a column', () => {
    expect(columnsWidth([{ width: 120 }, { width: 80 }])).toBe(200);
    expect(columnsWidth([{ width: 120 }, {}, { width: '20%' }])).toBe(320);
    expect(columnsWidth([{ width: 120 }], 32)).toBe(152);
    expect(columnsWidth([])).toBe(0);
  });
});
