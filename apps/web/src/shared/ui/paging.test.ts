import { describe, expect, it } from 'vitest';
import { pageTotalText } from './paging.tsx';

describe('pageTotalText', () => {
  it('counts the rows of the page shown and the total', () => {
    expect(pageTotalText(23, [21, 23])).toBe('当前页3条，共23条');
    expect(pageTotalText(23, [1, 10])).toBe('当前页10条，共23条');
    expect(pageTotalText(0, [0, 0])).toBe('当前页0条，共0条');
  });
});
