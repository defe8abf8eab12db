import { DEFAULT_TIME_ZONE } from '@eduqa/contract';
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

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const departments = pgTable(
  'departments',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    parentId: text(),
    headUserId: text(),
    shortNameChinese: text(),
    shortNameEnglish: text(),
    sort: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('departments_name_uq').on(t.name), index('departments_head_idx').on(t.headUserId)],
);

export const userTypes = pgTable(
  'user_types',
  { id: text().primaryKey(), name: text().notNull(), createdAt: createdAt() },
  (t) => [uniqueIndex('user_types_name_uq').on(t.name)],
);

export const users = pgTable(
  'users',
  {
    id: text().primaryKey(),
    account: text().notNull(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    departmentId: text().references(() => departments.id),
    userTypeId: text().references(() => userTypes.id),
    email: text(),
    phone: text(),
    qq: text(),
    sex: text(),
    avatarFileId: text(),
    disabled: boolean().notNull().default(false),
    lastAccessAt: timestamp({ withTimezone: true }),
    passwordChangedAt: timestamp({ withTimezone: true }),
    /** Set when an administrator chose the password (new user, reset); cleared when the user changes it. */
    mustChangePassword: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  // Sign-in ignores case, so two accounts may not differ only by case.
  (t) => [
    uniqueIndex('users_account_uq').on(sql`lower(${t.account})`),
    index('users_department_idx').on(t.departmentId),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    appId: text().notNull().default('001'),
    menuKeys: jsonb().$type<string[]>().notNull().default([]),
    actions: jsonb().$type<string[]>().notNull().default([]),
    builtin: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_name_uq').on(t.name)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: text()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const systemSettings = pgTable('system_settings', {
  appId: text().primaryKey(),
  systemName: text().notNull(),
  logoFileId: text(),
  /** 年度目标分解 (/newTaskManagement) is offered only while this is on (spec 1 §2). */
  annualTargetBreakdown: boolean().notNull().default(true),
  /** IANA name (时区): every time shown or exported, and every day or month counted, is on its clock. */
  timeZone: text().notNull().default(DEFAULT_TIME_ZONE),
  updatedAt: createdAt(),
});
