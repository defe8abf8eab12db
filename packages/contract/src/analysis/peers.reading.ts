import type { IndicatorBandPoint } from './peers.schema.ts';

/**
 * The short Chinese reading under the 目标定位 chart: where the own school stood in the latest year it has a
 * value inside the peers' bands, e.g. "2025 年本校位于 P50–P75 区间". Null when no year has both.
 */
export function targetBandReading(points: readonly IndicatorBandPoint[]): string | null {
  const latest = [...points].reverse().find((p) => p.own !== null && p.position !== null);
  if (!latest) return null;
  switch (latest.position) {
    case 'belowP25':
      return `${latest.year} 年本校低于 P25`;
    case 'aboveP90':
      return `${latest.year} 年本校高于 P90`;
    case 'p25to50':
      return `${latest.year} 年本校位于 P25–P50 区间`;
    case 'p50to75':
      return `${latest.year} 年本校位于 P50–P75 区间`;
    default:
      return `${latest.year} 年本校位于 P75–P90 区间`;
  }
}
