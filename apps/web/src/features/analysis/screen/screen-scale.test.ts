import { describe, expect, it } from 'vitest';
import { fitScreen } from './screen-scale.ts';

describe('fitScreen', () => {
  it('is 1 at the design size, with no bars', () => {
    expect(fitScreen({ width: 1920, height: 1080 })).toEqual({ scale: 1, left: 0, top: 0 });
  });

  it('fits 1366×768 by its height (768 / 1080 < 1366 / 1920), centred across', () => {
    const fit = fitScreen({ width: 1366, height: 768 });
    expect(fit.scale).toBeCloseTo(0.71111, 5);
    // 1920 × 0.71111 = 1365.33: a 0.33 px bar on each side.
    expect(fit.left).toBeCloseTo(0.3333, 4);
    expect(fit.top).toBe(0);
  });

  it('fits the width when the space is taller than 16:9 (bars above and below)', () => {
    // 1366 wide: 1366 / 1920 = 0.711458…; 768.33 px high, centred in 1000.
    const fit = fitScreen({ width: 1366, height: 1000 });
    expect(fit.scale).toBeCloseTo(0.7115, 4);
    expect(fit.left).toBe(0);
    expect(fit.top).toBeCloseTo((1000 - 1080 * (1366 / 1920)) / 2, 6);
  });

  it('fits the space below a 64 px header on a 1366×768 window', () => {
    const fit = fitScreen({ width: 1366, height: 704 });
    expect(fit.scale).toBeCloseTo(704 / 1080, 6);
    expect(fit.scale).toBeCloseTo(0.6519, 4);
    expect(fit.left).toBeCloseTo((1366 - 1920 * (704 / 1080)) / 2, 6);
  });

  it('scales up on a 4K window', () => {
    expect(fitScreen({ width: 3840, height: 2160 }).scale).toBe(2);
  });

  it('answers scale 0 for an unmeasured or empty space', () => {
    expect(fitScreen({ width: 0, height: 768 })).toEqual({ scale: 0, left: 0, top: 0 });
    expect(fitScreen({ width: Number.NaN, height: 768 })).toEqual({ scale: 0, left: 0, top: 0 });
    expect(fitScreen({ width: -5, height: 768 })).toEqual({ scale: 0, left: 0, top: 0 });
  });
});
