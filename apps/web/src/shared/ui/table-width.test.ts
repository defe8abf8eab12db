import { describe, expect, it } from 'vitest';
import { columnsWidth } from './table-width.ts';

describe('columnsWidth', () => {
  it('adds the numeric widths and skips the flexible columns', () => {
    expect(columnsWidth([{ width: 120 }, { width: 80 }, {}, { width: '20%' }])).toBe(200);
    expect(columnsWidth([])).toBe(0);
  });
});
