import { describe, expect, it } from 'vitest';
import { percentOf, roundPercent } from './goal-summary.rates.ts';

describe('percentOf', () => {
  it('gives the ratio as a percentage with two decimals', () => {
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(2, 3)).toBe(66.67);
    expect(percentOf(3, 3)).toBe(100);
  });

  it('is 0 when either number is empty or zero', () => {
    expect(percentOf(0, 5)).toBe(0);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(null, 5)).toBe(0);
    expect(percentOf(5, undefined)).toBe(0);
  });

  it('is capped at 100', () => {
    expect(percentOf(7, 5)).toBe(100);
  });
});

describe('roundPercent', () => {
  it('clamps and rounds, and treats a missing mean as 0', () => {
    expect(roundPercent(12.345)).toBe(12.35);
    expect(roundPercent(-3)).toBe(0);
    expect(roundPercent(130)).toBe(100);
    expect(roundPercent(null)).toBe(0);
    expect(roundPercent(Number.NaN)).toBe(0);
  });
});
