import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../org/org.table.ts';

/** Server-side sessions. The id is the SHA-256 of the cookie token, so a leaked table grants nothing. */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfSecret: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Sign-in throttling counters, one row per `ip:<address>`, `pair:<address> <account>` or `account:<name>` key
 * (auth.throttle.ts): `attempts` failed in the window, `pending` still being checked.
 */
export const loginAttempts = pgTable('login_attempts', {
  key: text().primaryKey(),
  attempts: integer().notNull().default(0),
  pending: integer().notNull().default(0),
  windowStart: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});
