import { describe, expect, it } from 'vitest';
import { targetBandReading } from './peers.reading.ts';
import type { IndicatorBandPoint } from './peers.schema.ts';

const point = (
  year: number,
  own: number | null,
  position: IndicatorBandPoint['position'],
): IndicatorBandPoint => ({
  year,
  p25: 1,
  p50: 2,
  p75: 3,
  p90: 4,
  count: 5,
  own,
  position,
});

describe('targetBandReading', () => {
  it('reads the latest year that has the own value inside the bands', () => {
    expect(
      targetBandReading([point(2024, 1, 'belowP25'), point(2025, 2.5, 'p50to75'), point(2026, null, null)]),
    ).toBe('2025 年本校位于 P50–P75 区间');
  });
  it('says below P25 and above P90 without an interval', () => {
    expect(targetBandReading([point(2023, 0.5, 'belowP25')])).toBe('2023 年本校低于 P25');
    expect(targetBandReading([point(2023, 9, 'aboveP90')])).toBe('2023 年本校高于 P90');
  });
  it('has nothing to say without an own value', () => {
    expect(targetBandReading([point(2023, null, null)])).toBeNull();
    expect(targetBandReading([])).toBeNull();
  });
});
