import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * 消息推送 (issue 29): the school's settings (one row), its chat robots, each person's choices, and the
 * deliveries queued from the notices. Secrets are sealed with the data-source key and never read back out.
 */
export const noticeSettings = pgTable('notice_settings', {
  id: text().primaryKey(),
  /** Days before a deadline on which a reminder goes out (and on the day it is overdue). */
  reminderDays: integer().array().notNull().default(sql`'{3,1}'::integer[]`),
  /** The platform's address as people open it, for links in e-mails and robot posts. */
  publicUrl: text().notNull().default(''),
  smtpHost: text().notNull().default(''),
  smtpPort: integer().notNull().default(465),
  smtpSecure: boolean().notNull().default(true),
  smtpUser: text().notNull().default(''),
  smtpPasswordSealed: text(),
  smtpFrom: text().notNull().default(''),
  /** The administrator's default: the categories a person gets by e-mail until they choose. */
  emailCategories: text().array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const noticeRobots = pgTable('notice_robots', {
  id: text().primaryKey(),
  name: text().notNull(),
  /** wecom (企业微信), dingtalk (钉钉), feishu (飞书). */
  channel: text().notNull(),
  webhookSealed: text().notNull(),
  /** 钉钉's 加签 secret, sealed; null when the robot has none. */
  secretSealed: text(),
  /** The department whose people's messages it posts; null: the administrators'. */
  departmentId: text(),
  categories: text().array().notNull(),
  enabled: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A person's own choice; no row: the administrator's defaults. */
export const noticeUserSettings = pgTable('notice_user_settings', {
  userId: text().primaryKey(),
  emailCategories: text().array().notNull(),
  /** One e-mail a day with what arrived, instead of one per message. */
  digest: boolean().notNull().default(false),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One message to one channel and address, queued when the notice is dispatched; retried with back-off until
 * it is sent or has failed for good. A failure is the administrator's to see, never the change's.
 */
export const noticeDeliveries = pgTable(
  'notice_deliveries',
  {
    id: text().primaryKey(),
    noticeId: text(),
    /** email, wecom, dingtalk, feishu. */
    channel: text().notNull(),
    /** The address or the robot's id. */
    target: text().notNull(),
    /** Who it is for, as the administrator reads it (a person's name, a robot's name). */
    recipientName: text().notNull(),
    subject: text().notNull(),
    content: text().notNull(),
    link: text().notNull().default(''),
    state: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notice_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('notice_deliveries_state_idx').on(t.state, t.createdAt),
  ],
);

/** Digest e-mails sent: one per person and school day. */
export const noticeDigests = pgTable(
  'notice_digests',
  {
    userId: text().notNull(),
    day: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
