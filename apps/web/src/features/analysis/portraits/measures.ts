import {
  PORTRAIT_MEASURES,
  type Portrait,
  type PortraitMeasure,
  type PortraitSubject,
} from '@eduqa/contract';

/** What a portrait page draws when no card of its subject is configured: every diagnosis block. */
export const DEFAULT_MEASURES: readonly PortraitMeasure[] = PORTRAIT_MEASURES.filter(
  (m) => m !== 'warehouseCount',
);

/**
 * The measures a subject's portrait shows: those of the cards of the subject the caller is granted, or
 * the default blocks when the subject has none.
 */
export function measuresOf(cards: readonly Portrait[], subject: PortraitSubject): Set<PortraitMeasure> {
  const mine = cards.filter((c) => c.subject === subject);
  if (mine.length === 0) return new Set(DEFAULT_MEASURES);
  return new Set(mine.flatMap((c) => c.config.measures));
}
