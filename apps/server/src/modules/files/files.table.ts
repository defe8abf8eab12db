import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * A chunked upload (spec 2 §4, §7.2): the client's guid, its owner, and the merge state. Chunks live in
 * file storage under `uploads/<id>/<index>` and are recorded here, so an upload survives a dropped
 * connection and a server restart.
 */
export const uploads = pgTable('uploads', {
  id: text().primaryKey(),
  ownerUserId: text().notNull(),
  fileName: text(),
  /** uploading → merging → done | failed */
  state: text().notNull().default('uploading'),
  fileId: text(),
  error: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const uploadChunks = pgTable(
  'upload_chunks',
  {
    uploadId: text()
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    index: integer().notNull(),
    size: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.index] })],
);
