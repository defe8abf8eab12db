import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const files = pgTable('files', {
  id: text().primaryKey(),
  name: text().notNull(),
  mime: text().notNull(),
  size: integer().notNull(),
  storageKey: text().notNull(),
  /** Public files (the system logo) are served before sign-in, for the login page. */
  isPublic: boolean().notNull().default(false),
  ownerUserId: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
