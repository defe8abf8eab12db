import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { dataSources } from '../datasources/datasources.table.ts';
import { users } from '../org/org.table.ts';
import { qualityPoints } from '../standards/standards.table.ts';

const stamp = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** 算法目录: the folder tree algorithm groups are filed in. */
export const algorithmFolders = pgTable(
  'algorithm_folders',
  {
    id: text().primaryKey(),
    parentId: text().references((): AnyPgColumn => algorithmFolders.id),
    name: text().notNull(),
    sort: integer().notNull().default(0),
    createdAt: stamp(),
  },
  (t) => [uniqueIndex('algorithm_folders_sibling_name_uq').on(sql`coalesce(${t.parentId}, '')`, t.name)],
);

/**
 * 算法组: one named computation on a data source. The current versions are the ones collection and
 * the 详细数据 tab use; they change by an explicit update, or when the first version of a type is
 * published (a group with none could not be collected).
 */
export const algorithmGroups = pgTable(
  'algorithm_groups',
  {
    id: text().primaryKey(),
    folderId: text()
      .notNull()
      .references(() => algorithmFolders.id),
    name: text().notNull(),
    description: text().notNull().default(''),
    // Restrict: a source still used by a group cannot be deleted (datasources answers 数据源已被算法使用).
    dataSourceId: text().references(() => dataSources.id),
    currentResultVersion: integer(),
    currentDetailVersion: integer(),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: stamp(),
    updatedAt: stamp(),
  },
  (t) => [
    uniqueIndex('algorithm_groups_name_uq').on(t.name),
    index('algorithm_groups_folder_idx').on(t.folderId, t.createdAt),
  ],
);

/** The quality points a group computes. */
export const algorithmGroupPoints = pgTable(
  'algorithm_group_points',
  {
    groupId: text()
      .notNull()
      .references(() => algorithmGroups.id, { onDelete: 'cascade' }),
    pointId: text()
      .notNull()
      .references(() => qualityPoints.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.pointId] }),
    index('algorithm_group_points_point_idx').on(t.pointId),
  ],
);

/**
 * 算法: a version of a group's result or detail SQL. Numbers increase per group and type; a published
 * version is never changed again, so a stored result's lineage (group, version, hash) stays true.
 */
export const algorithms = pgTable(
  'algorithms',
  {
    id: text().primaryKey(),
    groupId: text()
      .notNull()
      .references(() => algorithmGroups.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    version: integer().notNull(),
    sql: text().notNull(),
    sqlHash: text().notNull(),
    parameters: text().array().notNull().default(sql`'{}'::text[]`),
    status: text().notNull().default('draft'),
    remark: text().notNull().default(''),
    createdBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: stamp(),
    publishedBy: text().references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('algorithms_version_uq').on(t.groupId, t.type, t.version)],
);
