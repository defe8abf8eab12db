import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * 审计日志 (issue 27): append-only. A trigger of the migration refuses UPDATE and DELETE (a DELETE only passes
 * inside the retention purge's transaction), and each entry carries the hash of the one before it by `seq`,
 * so `npm run audit:verify` finds an entry changed, deleted or inserted out of order. No foreign keys: the
 * entry keeps the names as they were and outlives the user, department and objects it names.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: text().primaryKey(),
    /** Position in the chain: 1, 2, 3… with no gap, assigned under the chain's lock. */
    seq: bigint({ mode: 'number' }).notNull(),
    /** When the request arrived. */
    at: timestamp({ withTimezone: true }).notNull(),
    /** The database clock when the entry joined the chain; never decreases along `seq`. */
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    kind: text().notNull(),
    actorId: text(),
    /** The account name; for a failed sign-in the name that was tried. */
    actorAccount: text(),
    actorName: text(),
    departmentId: text(),
    departmentName: text(),
    address: text(),
    userAgent: text(),
    module: text().notNull(),
    operation: text().notNull(),
    event: text(),
    method: text().notNull(),
    path: text().notNull(),
    objectIds: jsonb().$type<string[]>().notNull(),
    /** 'success' or the error code of the answer's envelope. */
    result: text().notNull(),
    detail: text(),
    /** The fields before and after, for the objects that decide a judgement or a permission. */
    changes: jsonb().$type<unknown>(),
    prevHash: text().notNull(),
    hash: text().notNull(),
  },
  (t) => [
    uniqueIndex('audit_entries_seq_uq').on(t.seq),
    index('audit_entries_kind_at_idx').on(t.kind, t.at),
    index('audit_entries_actor_idx').on(t.actorId),
    index('audit_entries_objects_idx').using('gin', t.objectIds),
  ],
);
