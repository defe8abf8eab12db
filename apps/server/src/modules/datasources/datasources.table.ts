import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * 数据源: a database algorithms read from. `passwordCipher` holds the password sealed with AES-256-GCM
 * (see datasources.crypto.ts); the plaintext is never stored.
 */
export const dataSources = pgTable(
  'data_sources',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    kind: text().notNull(),
    host: text().notNull().default(''),
    port: integer(),
    database: text().notNull().default(''),
    username: text().notNull().default(''),
    passwordCipher: text(),
    isDefault: boolean().notNull().default(false),
    isHidden: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('data_sources_name_uq').on(t.name),
    // At most one default, kept by the database even when two requests race.
    uniqueIndex('data_sources_default_uq').on(t.isDefault).where(sql`${t.isDefault}`),
    index('data_sources_created_idx').on(t.createdAt),
  ],
);
