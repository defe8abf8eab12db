import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { departments } from '../org/org.table.ts';
import { qualityPoints } from '../standards/standards.table.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * 部门职责: a department that answers for a quality point. A deleted point takes its rows along; a
 * department that still answers for points cannot be deleted (org answers "已被其他数据引用").
 */
export const deptResponsibilities = pgTable(
  'dept_responsibilities',
  {
    pointId: text()
      .notNull()
      .references(() => qualityPoints.id, { onDelete: 'cascade' }),
    departmentId: text()
      .notNull()
      .references(() => departments.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.pointId, t.departmentId] }),
    index('dept_responsibilities_department_idx').on(t.departmentId),
  ],
);

/** 质控点部门版本: a named, dated snapshot of the whole assignment; at most one enabled. */
export const qualityDeptVersions = pgTable(
  'quality_dept_versions',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    versionDate: date({ mode: 'string' }).notNull(),
    remark: text().notNull().default(''),
    isEnabled: boolean().notNull().default(false),
    createdByUserId: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('quality_dept_versions_name_uq').on(t.name),
    // One enabled version, enforced by the database.
    uniqueIndex('quality_dept_versions_one_enabled_uq').on(t.isEnabled).where(sql`${t.isEnabled}`),
  ],
);

/**
 * A version's pairs. History follows the catalogue: a point or department deleted later drops out of
 * every snapshot, so enabling an old version never restores a pair that can no longer exist.
 */
export const qualityDeptVersionItems = pgTable(
  'quality_dept_version_items',
  {
    versionId: text()
      .notNull()
      .references(() => qualityDeptVersions.id, { onDelete: 'cascade' }),
    pointId: text()
      .notNull()
      .references(() => qualityPoints.id, { onDelete: 'cascade' }),
    departmentId: text()
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.pointId, t.departmentId] })],
);
