import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * 消息中心 (issue 29): one row per recipient and event, written by the domain that made the change in its own
 * transaction (`notify` of notices.writer.ts), so that a change that rolled back told no one. No foreign keys:
 * a message keeps the names as they were and outlives the objects it names. `dedupeKey` makes a reminder
 * (one per person, object and step) idempotent across instances and restarts.
 */
export const notices = pgTable(
  'notices',
  {
    id: text().primaryKey(),
    recipientId: text().notNull(),
    category: text().notNull(),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    link: text().notNull().default(''),
    objectId: text(),
    actorId: text(),
    actorName: text(),
    dedupeKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp({ withTimezone: true }),
    /** When its e-mails and robot posts were queued (notice_deliveries); null: not yet looked at. */
    dispatchedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notices_recipient_idx').on(t.recipientId, t.createdAt),
    index('notices_unread_idx').on(t.recipientId).where(sql`${t.readAt} is null`),
    index('notices_undispatched_idx').on(t.createdAt).where(sql`${t.dispatchedAt} is null`),
    uniqueIndex('notices_dedupe_uq').on(t.recipientId, t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
  ],
);
