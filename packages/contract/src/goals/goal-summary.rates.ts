/**
 * Spec 1 §5: a progress is the ratio of two numbers as a percentage, clamped to 0–100 with two
 * decimals, and 0 when either number is empty or zero. Finish rates and mean progress use it.
 */
export function percentOf(
  numerator: number | null | undefined,
  denominator: number | null | undefined,
): number {
  if (!numerator || !denominator) return 0;
  return roundPercent((numerator / denominator) * 100);
}

/** A percentage clamped to 0–100 and rounded to two decimals. */
export function roundPercent(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return 0;
  return Math.round(Math.min(100, Math.max(0, value)) * 100) / 100;
}
