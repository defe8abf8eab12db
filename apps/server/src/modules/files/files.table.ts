import { boolean, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
  /** Chunk count and byte size the merge request declared; set when the merge starts. */
  totalChunks: integer(),
  size: integer(),
  /** The merged file's id, chosen when the merge starts, so a resumed merge writes the same file. */
  fileId: text(),
  error: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /**
   * Touched by every chunk (an upload untouched for a day is removed by the sweep) and, while merging, the
   * merge's heartbeat: a merge silent for long (its server restarted) is taken over.
   */
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

/**
 * 文件类型 (spec 2 §7.3 fileType). The built-in rows (a non-null `code`) are seeded by their migration:
 * the program refers to them by code, so they may be renamed but never disabled or deleted.
 */
export const fileTypes = pgTable(
  'file_types',
  {
    id: text().primaryKey(),
    code: text(),
    name: text().notNull(),
    description: text().notNull().default(''),
    isEnabled: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('file_types_name_uq').on(t.name), uniqueIndex('file_types_code_uq').on(t.code)],
);
