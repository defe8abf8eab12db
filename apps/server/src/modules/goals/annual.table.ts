import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { departments, users } from '../org/org.table.ts';
import { goalTasks } from './goals.table.ts';

/**
 * 年度目标分解 (/newTaskManagement): what the annual view adds to the one goal model of goals.table.ts.
 * Its tasks are goal_tasks rows; these tables only describe them further.
 */

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** 目标类型: a category of target tasks (人才培养, 师资队伍…), referenced by goal_tasks.target_type_id. */
export const goalTargetTypes = pgTable(
  'goal_target_types',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(''),
    sort: integer().notNull().default(0),
    creatorUserId: text()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex('goal_target_types_name_uq').on(t.name)],
);

/** 负责人: the person answering for one target type in one department. */
export const goalChargers = pgTable(
  'goal_chargers',
  {
    id: text().primaryKey(),
    departmentId: text()
      .notNull()
      .references(() => departments.id),
    targetTypeId: text()
      .notNull()
      .references(() => goalTargetTypes.id),
    userId: text()
      .notNull()
      .references(() => users.id),
    phone: text().notNull().default(''),
    remark: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('goal_chargers_department_type_uq').on(t.departmentId, t.targetTypeId),
    index('goal_chargers_type_idx').on(t.targetTypeId),
    index('goal_chargers_user_idx').on(t.userId),
  ],
);

/**
 * 平均水平目标: a target task whose numeric target is set against the average level (of peer schools or
 * departments); `status` is the spec's task state normal / pause / finished (spec 1 §4).
 */
export const goalAverageTargets = pgTable('goal_average_targets', {
  taskId: text()
    .primaryKey()
    .references(() => goalTasks.id, { onDelete: 'cascade' }),
  averageValue: doublePrecision().notNull(),
  targetNumber: doublePrecision().notNull(),
  /** '>' the target should be above the average (bigger is better), '<' below it. */
  direction: text().notNull().default('>'),
  actualValue: doublePrecision(),
  status: text().notNull().default('normal'),
  updatedAt: createdAt(),
});

/** 任务书: the signed statement of a target task (what, by when, who answers). */
export const goalMissionStatements = pgTable(
  'goal_mission_statements',
  {
    id: text().primaryKey(),
    taskId: text()
      .notNull()
      .references(() => goalTasks.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    content: text().notNull(),
    signedDate: date({ mode: 'string' }),
    creatorUserId: text()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [index('goal_mission_statements_task_idx').on(t.taskId)],
);
