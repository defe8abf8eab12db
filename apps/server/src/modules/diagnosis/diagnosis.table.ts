import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { departments, users } from '../org/org.table.ts';
import { cycles, qualityPoints } from '../standards/standards.table.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** 诊断对象: the school, a major, a course, a teacher or a student. */
export const diagnosisObjects = pgTable(
  'diagnosis_objects',
  {
    id: text().primaryKey(),
    level: text().notNull(),
    code: text().notNull(),
    name: text().notNull(),
    departmentId: text().references(() => departments.id),
    /** The account of a teacher or student object, when there is one. */
    userId: text().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('diagnosis_objects_code_uq').on(t.level, t.code),
    index('diagnosis_objects_name_idx').on(t.level, t.name),
  ],
);

/** 诊断任务: one cycle of diagnosis at one object level. */
export const diagnosisTasks = pgTable(
  'diagnosis_tasks',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    level: text().notNull(),
    cycleId: text().references(() => cycles.id),
    /** The period the task measures, e.g. '2026' or '2025-2026'. */
    period: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    state: text().notNull().default('normal'),
    publisherUserId: text()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('diagnosis_tasks_level_idx').on(t.level, t.startDate)],
);

/** 对象任务: a task applied to one object, with its charger. */
export const objectTasks = pgTable(
  'object_tasks',
  {
    id: text().primaryKey(),
    taskId: text()
      .notNull()
      .references(() => diagnosisTasks.id, { onDelete: 'cascade' }),
    objectId: text()
      .notNull()
      .references(() => diagnosisObjects.id),
    chargerUserId: text().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('object_tasks_task_object_uq').on(t.taskId, t.objectId),
    index('object_tasks_charger_idx').on(t.chargerUserId),
    // The previous cycle's result is looked up by object, across tasks.
    index('object_tasks_object_idx').on(t.objectId),
  ],
);

export const objectTaskSharers = pgTable(
  'object_task_sharers',
  {
    objectTaskId: text()
      .notNull()
      .references(() => objectTasks.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id),
  },
  (t) => [
    primaryKey({ columns: [t.objectTaskId, t.userId] }),
    index('object_task_sharers_user_idx').on(t.userId),
  ],
);

/** 诊改质控点 (zgzkdid): a quality point assigned to an object task, with its values and diagnosis. */
export const assignedPoints = pgTable(
  'assigned_points',
  {
    id: text().primaryKey(),
    objectTaskId: text()
      .notNull()
      .references(() => objectTasks.id, { onDelete: 'cascade' }),
    qualityPointId: text()
      .notNull()
      .references(() => qualityPoints.id),
    targetValue: text(),
    revisedTarget: text(),
    result: text(),
    /**
     * What `result` is: 'collected' when the recompute took it from an accepted collection's sample,
     * otherwise typed by a person (a typed sample, 填报, the demo). Written with `result`, so that lists
     * say where a value came from without rerunning the result rule (`RESULT_SOURCE_SQL` reads it).
     */
    resultSource: text(),
    revisedResult: text(),
    /** Who last set 修正结果值, and when: 为什么是这个值 names them when the revised value is the result. */
    revisedBy: text().references(() => users.id, { onDelete: 'set null' }),
    revisedAt: timestamp({ withTimezone: true }),
    grade: text(),
    previousResult: text(),
    previousGrade: text(),
    below: boolean().notNull().default(false),
    unfinished: boolean().notNull().default(false),
    cause: text().notNull().default(''),
    measure: text().notNull().default(''),
    auditState: text().notNull().default('draft'),
    auditReason: text(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('assigned_points_object_point_uq').on(t.objectTaskId, t.qualityPointId),
    index('assigned_points_point_idx').on(t.qualityPointId),
  ],
);

/** The audit trail of an assigned point: submit, pass, refuse. */
export const pointAudits = pgTable(
  'point_audits',
  {
    id: text().primaryKey(),
    assignedPointId: text()
      .notNull()
      .references(() => assignedPoints.id, { onDelete: 'cascade' }),
    action: text().notNull(),
    reason: text(),
    actorUserId: text()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('point_audits_point_idx').on(t.assignedPointId, t.createdAt)],
);

/** 采样: a collected value of an assigned point at a time. */
export const pointSamples = pgTable(
  'point_samples',
  {
    id: text().primaryKey(),
    assignedPointId: text()
      .notNull()
      .references(() => assignedPoints.id, { onDelete: 'cascade' }),
    sampledAt: timestamp({ withTimezone: true }).notNull(),
    value: text().notNull(),
    /** The value as a number for charts and set-based recompute; null for 是/否, 有/无 and grades. */
    numericValue: doublePrecision(),
    /**
     * typed (录入采样值, by `enteredBy`) or collected (an accepted collection; its sample_lineage row says
     * how). The result rule of a computed point (contract `result-source.ts`) tells them apart.
     */
    source: text().notNull().default('typed'),
    enteredBy: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('point_samples_point_time_idx').on(t.assignedPointId, t.sampledAt)],
);

/** 预警记录: one per point per sampling cycle in which the warning rule fired. */
export const pointWarnings = pgTable(
  'point_warnings',
  {
    id: text().primaryKey(),
    assignedPointId: text()
      .notNull()
      .references(() => assignedPoints.id, { onDelete: 'cascade' }),
    /** The sampling cycle that fired, e.g. '2026-03', '2026-W11', '2026-03-14'. */
    cycleKey: text().notNull(),
    warnedAt: timestamp({ withTimezone: true }).notNull(),
    warningValue: text().notNull(),
    monitoredValue: text().notNull(),
    handledAt: timestamp({ withTimezone: true }),
    cause: text(),
    measure: text(),
    handlerUserId: text().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('point_warnings_point_cycle_uq').on(t.assignedPointId, t.cycleKey),
    index('point_warnings_open_idx').on(t.assignedPointId).where(sql`${t.handledAt} is null`),
  ],
);

/** 关注: a user follows an assigned point. */
export const pointFocus = pgTable(
  'point_focus',
  {
    userId: text()
      .notNull()
      .references(() => users.id),
    assignedPointId: text()
      .notNull()
      .references(() => assignedPoints.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.assignedPointId] })],
);
