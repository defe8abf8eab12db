import type { PagingQuery } from '@eduqa/contract';
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { queryGroups, transactionOf } from '../../db/transaction.ts';
import { pageOf, totalOver } from '../../platform/paging.ts';
import { likePattern } from '../../platform/sql.ts';
import { departments, users } from '../org/org.table.ts';
import type { ChainedEntry } from './audit.chain.ts';
import { auditEntries } from './audit.table.ts';

export type AuditRow = typeof auditEntries.$inferSelect;

/** One chain per database: every instance that appends takes this lock first (any fixed 64-bit number). */
const CHAIN_LOCK = 270_627_001;

export interface AuditFilter {
  kind: 'operation' | 'login';
  from?: Date | undefined;
  to?: Date | undefined;
  person?: string | undefined;
  departmentId?: string | undefined;
  module?: string | undefined;
  operation?: string | undefined;
  objectId?: string | undefined;
  event?: string | undefined;
  result?: 'success' | 'failure' | undefined;
}

export interface PersonRow {
  id: string;
  account: string;
  name: string;
  departmentId: string | null;
  departmentName: string | null;
}

function filterOf(filter: AuditFilter): SQL | undefined {
  const t = auditEntries;
  const person = filter.person ? likePattern(filter.person) : undefined;
  return and(
    eq(t.kind, filter.kind),
    filter.from ? gte(t.at, filter.from) : undefined,
    filter.to ? lte(t.at, filter.to) : undefined,
    person ? or(ilike(t.actorName, person), ilike(t.actorAccount, person)) : undefined,
    filter.departmentId ? eq(t.departmentId, filter.departmentId) : undefined,
    // The screens offer a text box for both: the modules are the endpoints' tags, too many to list.
    filter.module ? ilike(t.module, likePattern(filter.module)) : undefined,
    filter.operation ? ilike(t.operation, likePattern(filter.operation)) : undefined,
    // Containment, so that the GIN index on the ids answers an object page's 最近修改 without a scan.
    filter.objectId ? sql`${t.objectIds} @> ${JSON.stringify([filter.objectId])}::jsonb` : undefined,
    filter.event ? eq(t.event, filter.event) : undefined,
    filter.result === 'success' ? eq(t.result, 'success') : undefined,
    filter.result === 'failure' ? ne(t.result, 'success') : undefined,
  );
}

/** The chain's appends: under its lock, after its last entry, on the database's clock. */
function chainQueries(db: Db) {
  return {
    /** Held to the end of the transaction: appends of all instances sharing the database take turns. */
    async lockChain(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
    },
    async clock(): Promise<Date> {
      const [row] = await queryRows<{ now: string | Date }>(db, sql`select clock_timestamp() as now`);
      return new Date(row!.now);
    },
    async lastEntry(): Promise<Pick<AuditRow, 'seq' | 'hash' | 'recordedAt'> | undefined> {
      const t = auditEntries;
      const [row] = await db
        .select({ seq: t.seq, hash: t.hash, recordedAt: t.recordedAt })
        .from(t)
        .orderBy(desc(t.seq))
        .limit(1);
      return row;
    },
    /** The people named by id or (a failed sign-in) by account, with their department, as they are now. */
    async findPeople(input: { ids: string[]; accounts: string[] }): Promise<PersonRow[]> {
      if (input.ids.length === 0 && input.accounts.length === 0) return [];
      return db
        .select({
          id: users.id,
          account: users.account,
          name: users.name,
          departmentId: users.departmentId,
          departmentName: departments.name,
        })
        .from(users)
        .leftJoin(departments, eq(departments.id, users.departmentId))
        .where(
          or(
            input.ids.length ? inArray(users.id, input.ids) : undefined,
            input.accounts.length ? inArray(sql`lower(${users.account})`, input.accounts) : undefined,
          ),
        );
    },
    async insertEntries(entries: ChainedEntry[]): Promise<void> {
      if (entries.length) await db.insert(auditEntries).values(entries);
    },
    async lastSeqRecordedBefore(cutoff: Date): Promise<AuditRow | undefined> {
      const t = auditEntries;
      const [row] = await db.select().from(t).where(lt(t.recordedAt, cutoff)).orderBy(desc(t.seq)).limit(1);
      return row;
    },
    /**
     * The retention purge's delete: the trigger lets a DELETE through only in a transaction that says so,
     * which the application does here and nowhere else.
     */
    async deleteThrough(seq: number): Promise<number> {
      await db.execute(sql`select set_config('eduqa.audit_purge', 'on', true)`);
      const deleted = await db
        .delete(auditEntries)
        .where(lte(auditEntries.seq, seq))
        .returning({ id: auditEntries.id });
      return deleted.length;
    },
  };
}

function readQueries(db: Db) {
  return {
    async findEntriesPage(filter: AuditFilter, paging: PagingQuery) {
      const { limit, offset } = pageOf(paging);
      const rows = await db
        .select({ entry: auditEntries, total: totalOver })
        .from(auditEntries)
        .where(filterOf(filter))
        .orderBy(desc(auditEntries.seq))
        .limit(limit)
        .offset(offset);
      if (rows.length === 0 && offset > 0) {
        const [row] = await db
          .select({ n: sql<number>`cast(count(*) as integer)` })
          .from(auditEntries)
          .where(filterOf(filter));
        return { records: [], total: row?.n ?? 0 };
      }
      return { records: rows.map((r) => r.entry), total: rows[0]?.total ?? 0 };
    },
    /** The export's batches: the filter's entries newest first, those before `beforeSeq` when given. */
    findEntriesBefore(
      filter: AuditFilter,
      input: { beforeSeq: number | null; limit: number },
    ): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditEntries)
        .where(
          and(filterOf(filter), input.beforeSeq === null ? undefined : lt(auditEntries.seq, input.beforeSeq)),
        )
        .orderBy(desc(auditEntries.seq))
        .limit(input.limit);
    },
    /** The next entries of the chain after `afterSeq`, in order. */
    findChain(afterSeq: number, limit: number): Promise<AuditRow[]> {
      return db
        .select()
        .from(auditEntries)
        .where(gt(auditEntries.seq, afterSeq))
        .orderBy(asc(auditEntries.seq))
        .limit(limit);
    },
  };
}

const queries = (db: Db) => queryGroups(chainQueries(db), readQueries(db));

export function createAuditRepo(db: Db) {
  return { ...queries(db), transaction: transactionOf(db, queries) };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
