import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * bytea, read as a Buffer whichever driver answers: node-postgres gives a Buffer, PGlite a Uint8Array
 * (wrapped here without a copy).
 */
const bytes = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The file store of `FILE_STORAGE=database`: each stored file by its storage key (`uploads/<guid>/3`,
 * `ab/<id>`), so every instance on the database reads what any other one wrote. No foreign key to `files`:
 * chunks and import uploads have no `files` row, and the platform does not depend on a module's tables.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text().primaryKey(),
    bytes: bytes().notNull(),
    size: integer().notNull(),
    /** Written on the database's clock, which every instance shares; the upload sweep ages folders by it. */
    modifiedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // `list` and `removeAll` find a folder's keys by prefix (`like 'uploads/%'`), whatever the collation.
  (t) => [index('stored_files_key_prefix_idx').on(t.key.op('text_pattern_ops'))],
);
