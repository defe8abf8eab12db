import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** 数据仓库 (ck): a named group of tables. */
export const warehouses = pgTable(
  'warehouses',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    remark: text().notNull().default(''),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('warehouses_name_uq').on(t.name)],
);

/**
 * 仓库表 (ckb). `physicalName` is generated (`t_<hex>`), never typed by a user; the table lives in schema
 * `dw` while `isCreated`, and in `dw_bin` while `deletedAt` is set (the recycle bin).
 */
export const warehouseTables = pgTable(
  'warehouse_tables',
  {
    id: text().primaryKey(),
    warehouseId: text()
      .notNull()
      .references(() => warehouses.id),
    name: text().notNull(),
    remark: text().notNull().default(''),
    physicalName: text().notNull(),
    isCreated: boolean().notNull().default(false),
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('warehouse_tables_physical_uq').on(t.physicalName),
    // Names are unique among a warehouse's live tables; the bin may hold an older namesake.
    uniqueIndex('warehouse_tables_name_uq').on(t.warehouseId, t.name).where(sql`${t.deletedAt} is null`),
    index('warehouse_tables_deleted_idx').on(t.deletedAt),
  ],
);

/** 仓库表字段 (ckbzd): the physical column is `c_<code>`. */
export const warehouseFields = pgTable(
  'warehouse_fields',
  {
    id: text().primaryKey(),
    tableId: text()
      .notNull()
      .references(() => warehouseTables.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    code: text().notNull(),
    type: text().notNull(),
    isRequired: boolean().notNull().default(false),
    isUnique: boolean().notNull().default(false),
    refKind: text(),
    /** The constant type of a `constant` reference: its cells hold that type's values. */
    refTypeId: text(),
    sort: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('warehouse_fields_code_uq').on(t.tableId, t.code),
    uniqueIndex('warehouse_fields_label_uq').on(t.tableId, t.label),
  ],
);
