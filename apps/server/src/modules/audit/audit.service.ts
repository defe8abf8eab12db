import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_KIND_LABELS,
  AUDIT_MIN_RETENTION_DAYS,
  AUDIT_PURGE_OPERATION,
  type AuditEntry,
  LOGIN_EVENTS,
  type LoginEvent,
  type LoginLogExportQuery,
  type LoginLogQuery,
  type OperationLogExportQuery,
  type OperationLogQuery,
  type PagingQuery,
} from '@eduqa/contract';
import { newId } from '../../platform/ids.ts';
import { formatDateTime } from '../../platform/time.ts';
import { type ChainReport, createChainCheck, linkEntries, type PurgeMark } from './audit.chain.ts';
import { auditWorkbook } from './audit.export.ts';
import type { AuditRecorder } from './audit.recorder.ts';
import type { AuditFilter, AuditRepo, AuditRow } from './audit.repo.ts';

const DAY_MS = 86_400_000;
const VERIFY_BATCH = 2_000;
const EXPORT_BATCH = 5_000;

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

/**
 * Reading, exporting, verifying and purging the audit trail; writing is the recorder's. `exportMaxRows`
 * is there for the tests of a cut export.
 */
export function createAuditService(deps: {
  repo: AuditRepo;
  recorder: Pick<AuditRecorder, 'flush'>;
  exportMaxRows?: number;
}) {
  const { repo, recorder } = deps;
  const exportMaxRows = deps.exportMaxRows ?? AUDIT_EXPORT_MAX_ROWS;

  /** This instance's queued entries first, so that a reader finds what was just done. */
  async function page(filter: AuditFilter, paging: PagingQuery) {
    await recorder.flush();
    const found = await repo.findEntriesPage(filter, paging);
    return { records: found.records.map(toEntry), total: found.total };
  }

  /**
   * The filter's newest `upTo` entries, a batch at a time; the export asks for one past its limit, to
   * learn whether it was cut.
   */
  async function* entriesOf(filter: AuditFilter, upTo: number): AsyncGenerator<AuditEntry> {
    let beforeSeq: number | null = null;
    let left = upTo;
    while (left > 0) {
      const limit = Math.min(EXPORT_BATCH, left);
      const rows = await repo.findEntriesBefore(filter, { beforeSeq, limit });
      for (const row of rows) yield toEntry(row);
      if (rows.length < limit) return;
      left -= rows.length;
      beforeSeq = rows[rows.length - 1]!.seq;
    }
  }

  async function exportOf(filter: AuditFilter) {
    await recorder.flush();
    const bytes = await auditWorkbook({
      kind: filter.kind,
      entries: entriesOf(filter, exportMaxRows + 1),
      maxRows: exportMaxRows,
    });
    return { fileName: `${AUDIT_KIND_LABELS[filter.kind]}.xlsx`, bytes };
  }

  return {
    operations(input: { filter: Omit<OperationLogQuery, 'pageNum' | 'pageSize'>; paging: PagingQuery }) {
      return page({ ...input.filter, kind: 'operation' }, input.paging);
    },

    logins(input: { filter: Omit<LoginLogQuery, 'pageNum' | 'pageSize'>; paging: PagingQuery }) {
      return page({ ...input.filter, kind: 'login' }, input.paging);
    },

    exportOperations(filter: OperationLogExportQuery) {
      return exportOf({ ...filter, kind: 'operation' });
    },

    exportLogins(filter: LoginLogExportQuery) {
      return exportOf({ ...filter, kind: 'login' });
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
