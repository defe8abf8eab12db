import type { Direction } from '../standards/standards.enums.ts';

/**
 * The statistics of 智能分析, one pure module shared by the API, the screens and 目标标准's target band.
 * Missing values (null, NaN) never count: a school that did not publish an indicator has no rank and
 * does not move the average or the bands.
 */

export interface RankedValue<K> {
  key: K;
  value: number | null;
  /** Standard competition rank ("1224"): equal values share the better rank; null when the value is missing. */
  rank: number | null;
}

const isValue = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Ranks values in the indicator's direction ('>' bigger is better: the largest is 1; '<' the smallest is 1).
 * The answer keeps the input order.
 */
export function rankValues<K>(
  items: readonly { key: K; value: number | null }[],
  direction: Direction,
): RankedValue<K>[] {
  const present = items.filter((i) => isValue(i.value)).map((i) => i.value as number);
  const better = (a: number, b: number) => (direction === '>' ? a > b : a < b);
  return items.map((item) => {
    if (!isValue(item.value)) return { key: item.key, value: null, rank: null };
    const v = item.value;
    const ahead = present.filter((other) => better(other, v)).length;
    return { key: item.key, value: v, rank: ahead + 1 };
  });
}

/** Arithmetic mean of the present values; null when none. */
export function averageOf(values: readonly (number | null)[]): number | null {
  const present = values.filter(isValue);
  if (present.length === 0) return null;
  return present.reduce((sum, v) => sum + v, 0) / present.length;
}

/**
 * The p-th percentile (0–100) by linear interpolation between closest ranks (Excel's PERCENTILE.INC,
 * PostgreSQL's percentile_cont): sorted ascending, position (n − 1)·p/100. Null when no value.
 */
export function percentileOf(values: readonly (number | null)[], p: number): number | null {
  if (!(p >= 0 && p <= 100)) throw new RangeError('百分位须在 0 到 100 之间');
  const sorted = values.filter(isValue).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const pos = ((sorted.length - 1) * p) / 100;
  const lower = Math.floor(pos);
  const upper = Math.ceil(pos);
  const lo = sorted[lower] as number;
  const hi = sorted[upper] as number;
  return lo + (hi - lo) * (pos - lower);
}

export interface PercentileBand {
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
  /** How many values the band was drawn from. */
  count: number;
}

/**
 * P25/P50/P75/P90 of the peers in the indicator's direction: for '<' (smaller is better) the "90th" band
 * is the value only 10 % of peers beat, i.e. the 10th percentile of the raw values.
 */
export function percentileBand(
  values: readonly (number | null)[],
  direction: Direction = '>',
): PercentileBand {
  const at = (p: number) => percentileOf(values, direction === '>' ? p : 100 - p);
  return { p25: at(25), p50: at(50), p75: at(75), p90: at(90), count: values.filter(isValue).length };
}

/** Where a value sits among the bands: 'belowP25' … 'aboveP90', in the indicator's direction. */
export type BandPosition = 'belowP25' | 'p25to50' | 'p50to75' | 'p75to90' | 'aboveP90';
export const BAND_POSITION_LABELS: Record<BandPosition, string> = {
  belowP25: '低于 P25',
  p25to50: 'P25–P50',
  p50to75: 'P50–P75',
  p75to90: 'P75–P90',
  aboveP90: '高于 P90',
};

export function bandPosition(
  value: number,
  band: PercentileBand,
  direction: Direction = '>',
): BandPosition | null {
  const { p25, p50, p75, p90 } = band;
  if (p25 === null || p50 === null || p75 === null || p90 === null) return null;
  const reaches = (threshold: number) => (direction === '>' ? value >= threshold : value <= threshold);
  if (reaches(p90)) return 'aboveP90';
  if (reaches(p75)) return 'p75to90';
  if (reaches(p50)) return 'p50to75';
  if (reaches(p25)) return 'p25to50';
  return 'belowP25';
}
