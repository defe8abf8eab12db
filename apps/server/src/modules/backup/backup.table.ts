import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = () => timestamp({ withTimezone: true });

/**
 * 定时备份 and 日志保留 (issue 27): one row (`id` 'default'), made with its defaults when first read. The
 * `*_date` columns hold the school's calendar day (yyyy-MM-dd) whose run was claimed: every instance ticks,
 * and the one whose UPDATE moves the day first runs it.
 */
export const backupSchedule = pgTable(
  'backup_schedule',
  {
    id: text().primaryKey(),
    enabled: boolean().notNull().default(false),
    /** HH:mm on the school's clock. */
    time: text().notNull().default('02:00'),
    /** How many scheduled archives are kept; archives made by hand are not counted and never deleted. */
    keep: integer().notNull().default(7),
    lastRunDate: text(),
    lastRunAt: at(),
    lastJobId: text(),
    /** running | finished | failed, written by the job itself; a job killed midway is read from `jobs`. */
    lastRunState: text(),
    lastRunMessage: text(),
    /** 操作日志 and 登录日志 are kept this many days (never fewer than 180, 等保 2.0). */
    auditRetentionDays: integer().notNull().default(180),
    lastPurgeDate: text(),
    lastPurgeAt: at(),
    lastPurgeCount: integer(),
    updatedAt: at().notNull().defaultNow(),
  },
  // The database refuses what the contract refuses, whoever writes the row.
  (t) => [
    check('backup_schedule_keep_ck', sql`${t.keep} between 1 and 365`),
    check('backup_schedule_audit_retention_ck', sql`${t.auditRetentionDays} >= 180`),
  ],
);
