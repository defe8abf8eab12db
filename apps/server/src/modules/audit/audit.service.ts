import {
  AUDIT_MIN_RETENTION_DAYS,
  AUDIT_PURGE_OPERATION,
  type AuditEntry,
  LOGIN_EVENTS,
  type LoginEvent,
  type LoginLogQuery,
  type OperationLogQuery,
  type PagingQuery,
} from '@eduqa/contract';
import { newId } from '../../platform/ids.ts';
import { formatDateTime } from '../../platform/time.ts';
import { type ChainReport, createChainCheck, linkEntries, type PurgeMark } from './audit.chain.ts';
import type { AuditRecorder } from './audit.recorder.ts';
import type { AuditFilter, AuditRepo, AuditRow } from './audit.repo.ts';

const DAY_MS = 86_400_000;
const VERIFY_BATCH = 2_000;

const isLoginEvent = (value: string | null): value is LoginEvent =>
  value !== null && (LOGIN_EVENTS as readonly string[]).includes(value);

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    seq: String(row.seq),
    at: formatDateTime(row.at) ?? '',
    kind: row.kind === 'login' ? 'login' : 'operation',
    actorId: row.actorId,
    actorAccount: row.actorAccount,
    actorName: row.actorName,
    departmentId: row.departmentId,
    departmentName: row.departmentName,
    address: row.address,
    userAgent: row.userAgent,
    module: row.module,
    operation: row.operation,
    event: isLoginEvent(row.event) ? row.event : null,
    method: row.method,
    path: row.path,
    objectIds: row.objectIds,
    result: row.result,
    detail: row.detail,
    changes: row.changes ?? null,
  };
}

/** Reading, verifying and purging the audit trail; writing is the recorder's. */
export function createAuditService(deps: { repo: AuditRepo; recorder: Pick<AuditRecorder, 'flush'> }) {
  const { repo, recorder } = deps;

  /** This instance's queued entries first, so that a reader finds what was just done. */
  async function page(filter: AuditFilter, paging: PagingQuery) {
    await recorder.flush();
    const found = await repo.findEntriesPage(filter, paging);
    return { records: found.records.map(toEntry), total: found.total };
  }

  return {
    operations(input: { filter: Omit<OperationLogQuery, 'pageNum' | 'pageSize'>; paging: PagingQuery }) {
      return page({ ...input.filter, kind: 'operation' }, input.paging);
    },

    logins(input: { filter: Omit<LoginLogQuery, 'pageNum' | 'pageSize'>; paging: PagingQuery }) {
      return page({ ...input.filter, kind: 'login' }, input.paging);
    },

    /** Walks the whole chain by seq, a batch at a time, and reports the first problem. */
    async verify(): Promise<ChainReport> {
      await recorder.flush();
      const check = createChainCheck();
      let afterSeq = 0;
      for (;;) {
        const rows = await repo.findChain(afterSeq, VERIFY_BATCH);
        if (rows.length === 0 || !check.feed(rows)) break;
        afterSeq = rows[rows.length - 1]!.seq;
      }
      return check.report();
    },

    /**
     * Deletes the entries recorded more than `retentionDays` ago (never fewer than 180), as one prefix of
     * the chain, and appends an entry saying so: it carries the last deleted hash, where verification then
     * starts. Answers how many were deleted.
     */
    async purge(input: { retentionDays: number; now?: Date }): Promise<number> {
      await recorder.flush();
      const retentionDays = Math.max(Math.floor(input.retentionDays), AUDIT_MIN_RETENTION_DAYS);
      const before = new Date((input.now ?? new Date()).getTime() - retentionDays * DAY_MS);
      return repo.transaction(async (q) => {
        await q.lockChain();
        const through = await q.lastSeqRecordedBefore(before);
        if (!through) return 0;
        const last = await q.lastEntry();
        const mark: PurgeMark = {
          throughSeq: through.seq,
          lastHash: through.hash,
          before: before.toISOString(),
          retentionDays,
        };
        const clock = await q.clock();
        const recordedAt = last && last.recordedAt > clock ? last.recordedAt : clock;
        const entry = {
          id: newId(),
          at: clock,
          recordedAt,
          kind: 'operation',
          ...{ actorId: null, actorAccount: null, actorName: null, departmentId: null, departmentName: null },
          ...{ address: null, userAgent: null, module: '系统管理', operation: AUDIT_PURGE_OPERATION },
          ...{ event: null, method: 'JOB', path: 'audit.purge', objectIds: [], result: 'success' },
          detail: `删除 ${formatDateTime(before)} 之前的审计日志（保留 ${retentionDays} 天）`,
          changes: mark,
        };
        await q.insertEntries(linkEntries(last, [entry]));
        return q.deleteThrough(through.seq);
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
