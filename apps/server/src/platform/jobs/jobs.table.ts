import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = () => timestamp({ withTimezone: true });

/**
 * 后台任务 (the spec's future task): the row is the job's truth, so any request on any instance can poll
 * it; the queue (pg-boss on PostgreSQL, in process on PGlite) only dispatches. No foreign key to users:
 * the platform does not depend on a module's tables.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text().primaryKey(),
    kind: text().notNull(),
    /** What the job works on (a report's id…): at most one waiting or running job per kind and subject. */
    subjectKey: text(),
    /** waiting → running → finished | failed. */
    state: text().notNull().default('waiting'),
    progress: integer().notNull().default(0),
    message: text().notNull().default(''),
    actorUserId: text().notNull(),
    payload: jsonb().notNull().default({}),
    result: jsonb(),
    resultFileKey: text(),
    resultFileName: text(),
    /** The runner (process) that holds a running job; only it may write its progress and end. */
    runnerId: text(),
    attempts: integer().notNull().default(0),
    createdAt: at().notNull().defaultNow(),
    startedAt: at(),
    finishedAt: at(),
    /** Touched while a handler runs; a running job silent for long has lost its runner. */
    heartbeatAt: at().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_active_subject_uq')
      .on(t.kind, t.subjectKey)
      .where(sql`state in ('waiting', 'running') and subject_key is not null`),
    index('jobs_subject_idx').on(t.kind, t.subjectKey, t.createdAt),
    index('jobs_running_idx').on(t.heartbeatAt).where(sql`state = 'running'`),
  ],
);
