import { describe, expect, it } from 'vitest';
import { averageOf, bandPosition, percentileBand, percentileOf, rankValues } from './peer-stats.ts';

describe('rankValues', () => {
  it('ranks bigger-is-better values with shared ranks for ties (1224) and none for missing ones', () => {
    const ranked = rankValues(
      [
        { key: 'a', value: 80 },
        { key: 'b', value: 95 },
        { key: 'c', value: 80 },
        { key: 'd', value: null },
        { key: 'e', value: 60 },
      ],
      '>',
    );
    expect(ranked.map((r) => r.rank)).toEqual([2, 1, 2, null, 4]);
  });

  it('ranks smaller-is-better values from the smallest', () => {
    const ranked = rankValues(
      [
        { key: 'a', value: 12.5 },
        { key: 'b', value: 9 },
        { key: 'c', value: 15 },
      ],
      '<',
    );
    expect(ranked.map((r) => r.rank)).toEqual([2, 1, 3]);
  });
});

describe('averageOf', () => {
  it('averages the present values only', () => {
    expect(averageOf([10, null, 20, 33])).toBe(21);
    expect(averageOf([null, Number.NaN])).toBeNull();
  });
});

describe('percentileOf', () => {
  // Hand-computed: sorted 10, 20, 30, 40, 50; P25 at position 1 → 20; P90 at 3.6 → 40 + 0.6·10 = 46.
  it('interpolates linearly between closest ranks', () => {
    const values = [50, 10, 40, 20, 30];
    expect(percentileOf(values, 25)).toBe(20);
    expect(percentileOf(values, 50)).toBe(30);
    expect(percentileOf(values, 90)).toBeCloseTo(46, 10);
    expect(percentileOf(values, 0)).toBe(10);
    expect(percentileOf(values, 100)).toBe(50);
  });

  // Hand-computed: 1, 2, 4, 8 → P75 at 2.25 → 4 + 0.25·4 = 5.
  it('handles an even count and a single value', () => {
    expect(percentileOf([8, 1, 4, 2], 75)).toBe(5);
    expect(percentileOf([7], 90)).toBe(7);
    expect(percentileOf([], 50)).toBeNull();
  });

  it('refuses a percentile outside 0–100', () => {
    expect(() => percentileOf([1], 101)).toThrow('百分位');
  });
});

describe('percentileBand', () => {
  it('draws the bands in the indicator direction', () => {
    const values = [10, 20, 30, 40, 50, null];
    expect(percentileBand(values, '>')).toEqual({ p25: 20, p50: 30, p75: 40, p90: 46, count: 5 });
    // Smaller is better: the P90 band is the raw 10th percentile, 10 + 0.4·10 = 14.
    const low = percentileBand(values, '<');
    expect(low.p90).toBeCloseTo(14, 10);
    expect(low.p25).toBe(40);
  });

  it('places a value among the bands', () => {
    const band = percentileBand([10, 20, 30, 40, 50]);
    expect(bandPosition(47, band)).toBe('aboveP90');
    expect(bandPosition(35, band)).toBe('p50to75');
    expect(bandPosition(5, band)).toBe('belowP25');
    expect(bandPosition(15, percentileBand([10, 20, 30, 40, 50], '<'), '<')).toBe('p75to90');
  });
});
