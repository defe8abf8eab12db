import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../org/org.table.ts';

/**
 * The addresses a person has signed in from, kept beyond the sessions (which are purged): a sign-in from an
 * address not in this list, by someone who has signed in before, is a 新地址登录 message (account-notices.ts).
 * At most 50 per person, the most recently used (auth.repo.ts `rememberAddress`).
 */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text().notNull(),
    firstSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);
