import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { files } from '../files/files.table.ts';
import { departments, users } from '../org/org.table.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const at = () => timestamp({ withTimezone: true });

/** 年度目标: a school's target for one year. */
export const goalYearTargets = pgTable(
  'goal_year_targets',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    cycleYear: integer().notNull(),
    description: text().notNull().default(''),
    creatorUserId: text()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex('goal_year_targets_name_uq').on(t.cycleYear, t.name)],
);

/**
 * 目标任务: a task of a year target given to a department; a sub-task names its parent. `state` is
 * derived by goal-states.ts from the decomposition audit and the nodes, and stored so lists filter on it.
 */
export const goalTasks = pgTable(
  'goal_tasks',
  {
    id: text().primaryKey(),
    yearTargetId: text()
      .notNull()
      .references(() => goalYearTargets.id),
    parentId: text(),
    name: text().notNull(),
    type: text().notNull(),
    examType: text().notNull(),
    targetValue: text().notNull().default(''),
    departmentId: text()
      .notNull()
      .references(() => departments.id),
    principalUserId: text()
      .notNull()
      .references(() => users.id),
    startDate: date({ mode: 'string' }).notNull(),
    /** The end date, moved later by passed delay requests. */
    endDate: date({ mode: 'string' }).notNull(),
    detail: text().notNull().default(''),
    situation: text().notNull().default(''),
    state: text().notNull().default('waitResolve'),
    /** Decomposition audit: null not submitted, 0 pending, 1 passed, 2 failed. */
    auditState: integer(),
    isWithdrawn: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    /** 置顶 (年度目标分解): ordered first among the tasks of its year target. */
    isTop: boolean().notNull().default(false),
    /** 目标类型 (annual.table.ts goal_target_types); a used type cannot be deleted. */
    targetTypeId: text(),
    creatorUserId: text()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index('goal_tasks_year_target_idx').on(t.yearTargetId, t.sort),
    index('goal_tasks_parent_idx').on(t.parentId),
    index('goal_tasks_department_idx').on(t.departmentId),
    index('goal_tasks_principal_idx').on(t.principalUserId),
    index('goal_tasks_creator_idx').on(t.creatorUserId),
    index('goal_tasks_end_idx').on(t.endDate),
    index('goal_tasks_target_type_idx').on(t.targetTypeId),
  ],
);

/** 协同部门 of a task. */
export const goalTaskCollaborators = pgTable(
  'goal_task_collaborators',
  {
    taskId: text()
      .notNull()
      .references(() => goalTasks.id, { onDelete: 'cascade' }),
    departmentId: text()
      .notNull()
      .references(() => departments.id),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.departmentId] }),
    index('goal_task_collaborators_department_idx').on(t.departmentId),
  ],
);

/** 任务节点: a milestone of a task with its own principal and state. */
export const goalNodes = pgTable(
  'goal_nodes',
  {
    id: text().primaryKey(),
    taskId: text()
      .notNull()
      .references(() => goalTasks.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    principalUserId: text()
      .notNull()
      .references(() => users.id),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    state: text().notNull().default('notPushed'),
    /** The last return reason or the plan sent for confirmation. */
    reason: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('goal_nodes_task_idx').on(t.taskId), index('goal_nodes_principal_idx').on(t.principalUserId)],
);

/** 进度上报: a process or final report of a node, audited by the department and then the creator. */
export const goalProgress = pgTable(
  'goal_progress',
  {
    id: text().primaryKey(),
    taskId: text()
      .notNull()
      .references(() => goalTasks.id, { onDelete: 'cascade' }),
    nodeId: text()
      .notNull()
      .references(() => goalNodes.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    content: text().notNull(),
    completion: doublePrecision(),
    auditState: text().notNull().default('reviewing'),
    opinion: text().notNull().default(''),
    reporterUserId: text()
      .notNull()
      .references(() => users.id),
    reportedAt: createdAt(),
    auditorUserId: text().references(() => users.id),
    auditedAt: at(),
  },
  (t) => [index('goal_progress_task_idx').on(t.taskId), index('goal_progress_node_idx').on(t.nodeId)],
);

/** 任务审核: each submission of a task's decomposition and its decision. */
export const goalTaskAudits = pgTable(
  'goal_task_audits',
  {
    id: text().primaryKey(),
    taskId: text()
      .notNull()
      .references(() => goalTasks.id, { onDelete: 'cascade' }),
    auditState: integer().notNull().default(0),
    opinion: text().notNull().default(''),
    submitterUserId: text()
      .notNull()
      .references(() => users.id),
    submittedAt: createdAt(),
    auditorUserId: text().references(() => users.id),
    auditedAt: at(),
  },
  (t) => [index('goal_task_audits_task_idx').on(t.taskId)],
);

/** 延期申请 of a node, with its own audit (0 pending, 1 passed, 2 failed). */
export const goalDelays = pgTable(
  'goal_delays',
  {
    id: text().primaryKey(),
    taskId: text()
      .notNull()
      .references(() => goalTasks.id, { onDelete: 'cascade' }),
    nodeId: text()
      .notNull()
      .references(() => goalNodes.id, { onDelete: 'cascade' }),
    originalEndDate: date({ mode: 'string' }).notNull(),
    requestedEndDate: date({ mode: 'string' }).notNull(),
    reason: text().notNull(),
    auditState: integer().notNull().default(0),
    opinion: text().notNull().default(''),
    requesterUserId: text()
      .notNull()
      .references(() => users.id),
    requestedAt: createdAt(),
    auditorUserId: text().references(() => users.id),
    auditedAt: at(),
  },
  (t) => [index('goal_delays_task_idx').on(t.taskId), index('goal_delays_node_idx').on(t.nodeId)],
);

/** Files of the goal area, by owner (YearTask = the task, NodeTask, TaskEndTime = a delay, TaskProgress). */
export const goalFiles = pgTable(
  'goal_files',
  {
    id: text().primaryKey(),
    taskId: text()
      .notNull()
      .references(() => goalTasks.id, { onDelete: 'cascade' }),
    ownerType: text().notNull(),
    ownerId: text().notNull(),
    fileId: text()
      .notNull()
      .references(() => files.id),
    fileType: text().notNull(),
    uploaderUserId: text()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('goal_files_owner_file_uq').on(t.ownerType, t.ownerId, t.fileId),
    index('goal_files_task_idx').on(t.taskId),
  ],
);

/** 预警条件: every configuration is kept; the latest per task type applies (DESIGN §7, default 15 days). */
export const goalWarningConditions = pgTable(
  'goal_warning_conditions',
  {
    id: text().primaryKey(),
    taskType: text().notNull(),
    days: integer().notNull(),
    configuredByUserId: text()
      .notNull()
      .references(() => users.id),
    configuredAt: createdAt(),
  },
  (t) => [index('goal_warning_conditions_type_idx').on(t.taskType, t.configuredAt)],
);

/** 督办: a reminder to a department that has not set (1) or decomposed (2) its target. */
export const goalUrges = pgTable(
  'goal_urges',
  {
    id: text().primaryKey(),
    yearTargetId: text()
      .notNull()
      .references(() => goalYearTargets.id, { onDelete: 'cascade' }),
    departmentId: text()
      .notNull()
      .references(() => departments.id),
    currentStatus: integer().notNull(),
    urgeType: integer().notNull().default(0),
    content: text().notNull().default(''),
    urgerUserId: text()
      .notNull()
      .references(() => users.id),
    urgedAt: createdAt(),
    acceptorUserId: text().references(() => users.id),
    acceptedAt: at(),
  },
  (t) => [
    index('goal_urges_year_target_idx').on(t.yearTargetId),
    index('goal_urges_department_idx').on(t.departmentId),
  ],
);
