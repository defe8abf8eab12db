import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from '../files/files.table.ts';
import { users } from '../org/org.table.ts';
import { goalTasks, goalYearTargets } from './goals.table.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const at = () => timestamp({ withTimezone: true });

/** 报告模板: a named outline (one section a line) that a generated report lists. */
export const goalReportTemplates = pgTable(
  'goal_report_templates',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    outline: text().notNull(),
    creatorUserId: text()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex('goal_report_templates_name_uq').on(t.name)],
);

/** 报告封面; exactly one is the default while any exist (the partial unique index keeps it at most one). */
export const goalReportCovers = pgTable(
  'goal_report_covers',
  {
    id: text().primaryKey(),
    title: text().notNull(),
    subtitle: text().notNull().default(''),
    schoolName: text().notNull(),
    isDefault: boolean().notNull().default(false),
    creatorUserId: text()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('goal_report_covers_default_uq').on(t.isDefault).where(sql`is_default`)],
);

/**
 * 目标报告 of a year target (`taskId` null) or of one task, created at its first change. `subjectId` is the
 * task's id or else the year target's (ids are unique across tables), so a subject has one report.
 */
export const goalReports = pgTable(
  'goal_reports',
  {
    id: text().primaryKey(),
    subjectId: text().notNull(),
    yearTargetId: text()
      .notNull()
      .references(() => goalYearTargets.id, { onDelete: 'cascade' }),
    taskId: text().references(() => goalTasks.id, { onDelete: 'cascade' }),
    levelSelf: text(),
    /** draft → submitted → passed | rejected (reports.states.ts). */
    state: text().notNull().default('draft'),
    opinion: text().notNull().default(''),
    /** The latest generated document. */
    fileId: text().references(() => files.id),
    generatedAt: at(),
    templateId: text().references(() => goalReportTemplates.id, { onDelete: 'set null' }),
    submitterUserId: text().references(() => users.id),
    submittedAt: at(),
    auditorUserId: text().references(() => users.id),
    auditedAt: at(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('goal_reports_subject_uq').on(t.subjectId),
    index('goal_reports_year_target_idx').on(t.yearTargetId),
  ],
);
