import type {
  QualityReportScope,
  QualityReportState,
  ReviewResult,
  SealKind,
  TemplateSection,
} from '@eduqa/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { diagnosisTasks, objectTasks } from '../diagnosis/diagnosis.table.ts';
import { files } from '../files/files.table.ts';
import { departments, users } from '../org/org.table.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const at = () => timestamp({ withTimezone: true });

/**
 * 报告模板: the ordered sections of a summary analysis report, each with its title and, optionally, its own
 * narrative with placeholders (`sections` is `ReportTemplateSection[]` of the contract).
 */
export const qualityReportTemplates = pgTable(
  'quality_report_templates',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    sections: jsonb().$type<TemplateSection[]>().notNull(),
    creatorUserId: text()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex('quality_report_templates_name_uq').on(t.name)],
);

/** 报告封面; at most one is the default (partial unique index). */
export const qualityReportCovers = pgTable(
  'quality_report_covers',
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
  (t) => [uniqueIndex('quality_report_covers_default_uq').on(t.isDefault).where(sql`is_default`)],
);

/**
 * 质量报告: the summary analysis report of a diagnosis task, over one object task, the whole task, or the
 * task's objects in one department. Its numbers are read live from the diagnosis data; the row keeps what
 * people decide about it: template, cover, review state, seals' result and the latest Word file.
 */
export const qualityReports = pgTable(
  'quality_reports',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    taskId: text()
      .notNull()
      .references(() => diagnosisTasks.id, { onDelete: 'cascade' }),
    scope: text().$type<QualityReportScope>().notNull(),
    objectTaskId: text().references(() => objectTasks.id, { onDelete: 'cascade' }),
    departmentId: text().references(() => departments.id),
    templateId: text().references(() => qualityReportTemplates.id, { onDelete: 'set null' }),
    coverId: text().references(() => qualityReportCovers.id, { onDelete: 'set null' }),
    principalUserId: text()
      .notNull()
      .references(() => users.id),
    creatorUserId: text()
      .notNull()
      .references(() => users.id),
    /** draft → submitted → expertReview → schoolReview → done; rejected from any review step (report-states.ts). */
    state: text().$type<QualityReportState>().notNull().default('draft'),
    rejectReason: text(),
    /** The review round: a resubmission after a rejection starts the next; earlier reviews stay in the history. */
    round: integer().notNull().default(1),
    /** The school review's result (fhjg): chooses the school seal. */
    schoolResult: text().$type<ReviewResult>(),
    /** The experts' result (fhjg) once all have reviewed: chooses the expert seal. */
    expertResult: text().$type<ReviewResult>(),
    expertScore: doublePrecision(),
    fileId: text().references(() => files.id),
    generatedAt: at(),
    submittedAt: at(),
    doneAt: at(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('quality_reports_task_idx').on(t.taskId),
    index('quality_reports_state_idx').on(t.state, t.createdAt),
  ],
);

/** An expert assigned to a report, with the review once given. */
export const qualityReportExperts = pgTable(
  'quality_report_experts',
  {
    reportId: text()
      .notNull()
      .references(() => qualityReports.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.userId] }),
    index('quality_report_experts_user_idx').on(t.userId),
  ],
);

/** 评审记录 (review/select): expert reviews, school reviews and rejections, in order. */
export const qualityReportReviews = pgTable(
  'quality_report_reviews',
  {
    id: text().primaryKey(),
    reportId: text()
      .notNull()
      .references(() => qualityReports.id, { onDelete: 'cascade' }),
    /** expert | school | reject */
    kind: text().notNull(),
    reviewerUserId: text()
      .notNull()
      .references(() => users.id),
    result: text(),
    score: doublePrecision(),
    opinion: text().notNull().default(''),
    /** The report's round when given. */
    round: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('quality_report_reviews_report_idx').on(t.reportId, t.createdAt)],
);

/** 讨论: a message of the report's discussion thread. */
export const qualityReportDiscussions = pgTable(
  'quality_report_discussions',
  {
    id: text().primaryKey(),
    reportId: text()
      .notNull()
      .references(() => qualityReports.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id),
    content: text().notNull(),
    replyToId: text(),
    createdAt: createdAt(),
  },
  (t) => [index('quality_report_discussions_report_idx').on(t.reportId, t.createdAt)],
);

/** 分享: read-only access for a user or for every member of a department. */
export const qualityReportShares = pgTable(
  'quality_report_shares',
  {
    id: text().primaryKey(),
    reportId: text()
      .notNull()
      .references(() => qualityReports.id, { onDelete: 'cascade' }),
    userId: text().references(() => users.id),
    departmentId: text().references(() => departments.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('quality_report_shares_report_idx').on(t.reportId),
    index('quality_report_shares_user_idx').on(t.userId),
    index('quality_report_shares_department_idx').on(t.departmentId),
  ],
);

/** 自我诊断总结: the items (name, text) the charger writes for the report, in order. */
export const qualityReportExplains = pgTable(
  'quality_report_explains',
  {
    id: text().primaryKey(),
    reportId: text()
      .notNull()
      .references(() => qualityReports.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    content: text().notNull(),
  },
  (t) => [uniqueIndex('quality_report_explains_position_uq').on(t.reportId, t.position)],
);

/** 印章: the administrator's seal image for an expert or school review result (fhjg). */
export const qualityReportSeals = pgTable(
  'quality_report_seals',
  {
    kind: text().$type<SealKind>().notNull(),
    result: text().$type<ReviewResult>().notNull(),
    fileId: text()
      .notNull()
      .references(() => files.id),
    updatedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.result] })],
);

/** 得分 of an object task (obj/calScore), from its points' grades and indicator weights. */
export const objectTaskScores = pgTable('object_task_scores', {
  objectTaskId: text()
    .primaryKey()
    .references(() => objectTasks.id, { onDelete: 'cascade' }),
  score: doublePrecision().notNull(),
  /** The points that counted: those with a grade. */
  gradedPoints: integer().notNull(),
  computedAt: createdAt(),
});
