import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { algorithmGroups } from '../algorithms/algorithms.table.ts';
import { users } from '../org/org.table.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * 仪表盘卡片 (ybp): a card of one type (ybplx: number, line, bar, pie, table, progress, iframe), bound to an
 * algorithm group (detail algorithm) or to a built-in measure, or, for the iframe viewer, to an address.
 */
export const dashboardCards = pgTable(
  'dashboard_cards',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    kind: text().notNull(),
    /** algorithm | measure | url */
    source: text().notNull(),
    algorithmGroupId: text().references(() => algorithmGroups.id, { onDelete: 'set null' }),
    algorithmVersion: integer(),
    measure: text(),
    url: text(),
    config: jsonb().notNull(),
    creatorUserId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('dashboard_cards_creator_idx').on(t.creatorUserId)],
);

/**
 * 仪表盘定义 (ybpdy): where a card sits on a home page — a user's own (`ownerKind` user) or a role's default
 * (`ownerKind` role), in react-grid-layout units.
 */
export const dashboardLayouts = pgTable(
  'dashboard_layouts',
  {
    ownerKind: text().notNull(),
    ownerId: text().notNull(),
    cardId: text()
      .notNull()
      .references(() => dashboardCards.id, { onDelete: 'cascade' }),
    x: integer().notNull(),
    y: integer().notNull(),
    w: integer().notNull(),
    h: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerKind, t.ownerId, t.cardId] })],
);

/**
 * 动态图表 (dynamicYbpDy): the charts of a source (a portrait entry by default); each runs the detail algorithm
 * of its algorithm group at its version (the group's current one when null) and draws the rows.
 */
export const dynamicCharts = pgTable(
  'dynamic_charts',
  {
    id: text().primaryKey(),
    sourceId: text().notNull(),
    /** portrayal | dashboard */
    sourceType: text().notNull().default('portrayal'),
    name: text().notNull(),
    chartKind: text().notNull(),
    algorithmGroupId: text().references(() => algorithmGroups.id, { onDelete: 'set null' }),
    algorithmVersion: integer(),
    /** Grid width units of a 24-unit row; the spec's panels are 8. */
    width: integer().notNull().default(8),
    sortOrder: integer().notNull().default(0),
    updatedAt: createdAt(),
  },
  (t) => [index('dynamic_charts_source_idx').on(t.sourceType, t.sourceId, t.sortOrder)],
);
