import { type CardKind, DASHBOARD_GRID_COLUMNS, type DashboardCard, type LayoutItem } from '@eduqa/contract';

export type BoardItem = LayoutItem & { card: DashboardCard };

/** A new card's size by kind, in grid units (24 per row, 40 px per row). */
export const DEFAULT_SIZE: Record<CardKind, { w: number; h: number }> = {
  number: { w: 6, h: 3 },
  progress: { w: 6, h: 6 },
  line: { w: 12, h: 7 },
  bar: { w: 12, h: 7 },
  pie: { w: 8, h: 7 },
  table: { w: 12, h: 7 },
  iframe: { w: 12, h: 9 },
};

/** The card added below everything on the board, at the left. */
export function placeCard(items: readonly BoardItem[], card: DashboardCard): BoardItem[] {
  const bottom = items.reduce((max, i) => Math.max(max, i.y + i.h), 0);
  const { w, h } = DEFAULT_SIZE[card.kind];
  return [...items, { cardId: card.id, x: 0, y: bottom, w: Math.min(w, DASHBOARD_GRID_COLUMNS), h, card }];
}
