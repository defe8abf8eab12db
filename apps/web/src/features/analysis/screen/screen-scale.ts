/** The data screen is designed at 1920×1080 and scaled as a whole to the space it is given. */
export const SCREEN_DESIGN = { width: 1920, height: 1080 } as const;

export interface ScreenFit {
  /** The CSS scale applied to the 1920×1080 stage. */
  scale: number;
  /** Where the scaled stage starts inside the space, centring it (letterbox bars on two sides). */
  left: number;
  top: number;
}

/**
 * The scale that fits the design inside `space` keeping its aspect ratio — the smaller of the two ratios —
 * and the offsets that centre it. An empty or unmeasured space (0, NaN) gives scale 0 rather than a broken
 * transform.
 */
export function fitScreen(
  space: { width: number; height: number },
  design: { width: number; height: number } = SCREEN_DESIGN,
): ScreenFit {
  const width = Number.isFinite(space.width) ? Math.max(0, space.width) : 0;
  const height = Number.isFinite(space.height) ? Math.max(0, space.height) : 0;
  const scale = Math.min(width / design.width, height / design.height);
  if (!(scale > 0)) return { scale: 0, left: 0, top: 0 };
  return {
    scale,
    left: (width - design.width * scale) / 2,
    top: (height - design.height * scale) / 2,
  };
}
