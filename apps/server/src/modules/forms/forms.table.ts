import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { warehouseTables } from '../warehouse/warehouse.table.ts';

/**
 * The form service (spec 1 §7, /api/herm-sjcj): form directories, forms and their versioned designs,
 * constants, collection tasks → department allocations → fill tasks, the collected records, and the
 * public links of forms answered by respondents outside the school.
 */

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** 表单目录 (formDirectorys): a tree of folders. */
export const formDirectories = pgTable('form_directories', {
  id: text().primaryKey(),
  parentId: text(),
  name: text().notNull(),
  sort: integer().notNull().default(0),
  createdAt: created(),
});

/**
 * 表单 (forms). `version` is the design being edited; `publishedVersion` the one fillers see. A published
 * form is backed by `warehouseTableId`. A deleted form keeps its records and goes to the recycle bin.
 */
export const forms = pgTable(
  'forms',
  {
    id: text().primaryKey(),
    directoryId: text().references(() => formDirectories.id),
    name: text().notNull(),
    remark: text().notNull().default(''),
    formType: text().notNull(),
    layout: text().notNull(),
    syncType: text().notNull().default('syn'),
    publishState: text().notNull().default('unpublished'),
    auditState: text().notNull().default('unaudited'),
    version: integer().notNull().default(1),
    publishedVersion: integer(),
    warehouseTableId: text().references(() => warehouseTables.id),
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: text(),
    createdBy: text().notNull(),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    uniqueIndex('forms_name_uq').on(t.name).where(sql`${t.deletedAt} is null`),
    index('forms_directory_idx').on(t.directoryId),
  ],
);

/** One design of a form: the definition JSON of the contract's FormDefinitionSchema. */
export const formVersions = pgTable(
  'form_versions',
  {
    formId: text()
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    definition: jsonb().notNull(),
    createdBy: text().notNull(),
    createdAt: created(),
    publishedAt: timestamp({ withTimezone: true }),
    publishedBy: text(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.version] })],
);

/** 常量类型 and 常量: the option lists of select components (data-source type `constant`). */
export const constantTypes = pgTable(
  'constant_types',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    code: text().notNull(),
    remark: text().notNull().default(''),
    sort: integer().notNull().default(0),
    createdAt: created(),
  },
  (t) => [uniqueIndex('constant_types_code_uq').on(t.code), uniqueIndex('constant_types_name_uq').on(t.name)],
);

export const constants = pgTable(
  'constants',
  {
    id: text().primaryKey(),
    typeId: text()
      .notNull()
      .references(() => constantTypes.id, { onDelete: 'cascade' }),
    label: text().notNull(),
    value: text().notNull(),
    sort: integer().notNull().default(0),
    createdAt: created(),
  },
  (t) => [uniqueIndex('constants_value_uq').on(t.typeId, t.value)],
);

/** 采集任务 (tasks): forms, cycle and deadline, sent to departments. */
export const collectTasks = pgTable('collect_tasks', {
  id: text().primaryKey(),
  name: text().notNull(),
  cycleId: text(),
  startAt: timestamp({ withTimezone: true }).notNull(),
  deadline: timestamp({ withTimezone: true }).notNull(),
  state: text().notNull().default('normal'),
  remark: text().notNull().default(''),
  createdBy: text().notNull(),
  createdAt: created(),
  updatedAt: created(),
});

/** The forms of a task, each at the version it was sent with. */
export const collectTaskForms = pgTable(
  'collect_task_forms',
  {
    taskId: text()
      .notNull()
      .references(() => collectTasks.id, { onDelete: 'cascade' }),
    formId: text()
      .notNull()
      .references(() => forms.id),
    formVersion: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.formId] })],
);

/** 任务分配 (taskAllocations): one per task and department. */
export const taskAllocations = pgTable(
  'task_allocations',
  {
    id: text().primaryKey(),
    taskId: text()
      .notNull()
      .references(() => collectTasks.id, { onDelete: 'cascade' }),
    departmentId: text().notNull(),
    state: text().notNull().default('unallocated'),
    reason: text().notNull().default(''),
    auditedBy: text(),
    auditedAt: timestamp({ withTimezone: true }),
    updatedAt: created(),
  },
  (t) => [uniqueIndex('task_allocations_uq').on(t.taskId, t.departmentId)],
);

/** 填报任务 (fillTasks): one filler's form of an allocation. `revision` guards every transition. */
export const fillTasks = pgTable(
  'fill_tasks',
  {
    id: text().primaryKey(),
    allocationId: text()
      .notNull()
      .references(() => taskAllocations.id, { onDelete: 'cascade' }),
    taskId: text()
      .notNull()
      .references(() => collectTasks.id, { onDelete: 'cascade' }),
    formId: text()
      .notNull()
      .references(() => forms.id),
    fillerId: text().notNull(),
    state: text().notNull().default('uncommitted'),
    rollbackReason: text().notNull().default(''),
    revision: integer().notNull().default(0),
    committedAt: timestamp({ withTimezone: true }),
    auditedBy: text(),
    auditedAt: timestamp({ withTimezone: true }),
    updatedAt: created(),
  },
  (t) => [
    uniqueIndex('fill_tasks_uq').on(t.allocationId, t.formId, t.fillerId),
    index('fill_tasks_filler_idx').on(t.fillerId, t.state),
  ],
);

/** 公开链接: a published form answered without sign-in at /tableConfiguration/{id}. */
export const formPublicLinks = pgTable('form_public_links', {
  id: text().primaryKey(),
  formId: text()
    .notNull()
    .references(() => forms.id),
  title: text().notNull(),
  maxSubmissions: integer().notNull(),
  submissionCount: integer().notNull().default(0),
  isClosed: boolean().notNull().default(false),
  createdBy: text().notNull(),
  createdAt: created(),
});

/**
 * 采集数据: one row of a form — the draft and then the submission of a fill task, or an answer through a
 * public link. `parentId` (tree layout) and `links` (topology layout) relate rows of the same fill.
 * `revision` answers a conflicting save with 409.
 */
export const formRecords = pgTable(
  'form_records',
  {
    id: text().primaryKey(),
    formId: text()
      .notNull()
      .references(() => forms.id),
    fillTaskId: text().references(() => fillTasks.id, { onDelete: 'cascade' }),
    publicLinkId: text().references(() => formPublicLinks.id),
    data: jsonb().notNull(),
    parentId: text(),
    links: jsonb().notNull().default([]),
    sort: integer().notNull().default(0),
    revision: integer().notNull().default(0),
    updatedBy: text(),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [index('form_records_fill_idx').on(t.fillTaskId), index('form_records_form_idx').on(t.formId)],
);

/**
 * The claimed values of a form's `unique` fields: the unique index decides which of two concurrent
 * submissions wins, whatever the number of app instances.
 */
export const formUniqueValues = pgTable(
  'form_unique_values',
  {
    formId: text()
      .notNull()
      .references(() => forms.id),
    fieldKey: text().notNull(),
    value: text().notNull(),
    recordId: text()
      .notNull()
      .references(() => formRecords.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.formId, t.fieldKey, t.value] }),
    index('form_unique_values_record_idx').on(t.recordId),
  ],
);

/** Answers per address and link, for the public page's throttle. */
export const formPublicHits = pgTable(
  'form_public_hits',
  {
    linkId: text()
      .notNull()
      .references(() => formPublicLinks.id, { onDelete: 'cascade' }),
    addressHash: text().notNull(),
    at: created(),
  },
  (t) => [index('form_public_hits_idx').on(t.linkId, t.addressHash, t.at)],
);

/**
 * 数据变更提醒: on commit a filler kept a value different from the one a field's source holds (数据只采一次).
 * `recipientId` is the source form's owner; null means the data managers, who keep the warehouse.
 * One notice per fill and field: a later commit of the same fill replaces its values and reopens it.
 */
export const formValueNotices = pgTable(
  'form_value_notices',
  {
    id: text().primaryKey(),
    fillTaskId: text()
      .notNull()
      .references(() => fillTasks.id, { onDelete: 'cascade' }),
    fieldKey: text().notNull(),
    fieldLabel: text().notNull(),
    source: text().notNull(),
    recipientId: text(),
    knownValue: text().notNull(),
    newValue: text().notNull(),
    readAt: timestamp({ withTimezone: true }),
    readBy: text(),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('form_value_notices_uq').on(t.fillTaskId, t.fieldKey),
    index('form_value_notices_recipient_idx').on(t.recipientId, t.readAt),
  ],
);
