import { createHash } from 'node:crypto';
import { AUDIT_PURGE_OPERATION } from '@eduqa/contract';

/** The previous hash of the first entry ever written. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry's hash covers: every stored field but the hashes themselves. */
export interface ChainedFields {
  id: string;
  seq: number;
  at: Date;
  recordedAt: Date;
  kind: string;
  actorId: string | null;
  actorAccount: string | null;
  actorName: string | null;
  departmentId: string | null;
  departmentName: string | null;
  address: string | null;
  userAgent: string | null;
  module: string;
  operation: string;
  event: string | null;
  method: string;
  path: string;
  objectIds: string[];
  result: string;
  detail: string | null;
  changes: unknown;
}

export interface ChainedEntry extends ChainedFields {
  prevHash: string;
  hash: string;
}

/**
 * JSON with object keys sorted at every depth and dates as ISO text: the same entry gives the same text
 * whether it comes from memory or back from jsonb, which keeps no key order.
 */
export function canonicalJson(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 over the previous entry's hash and this entry's fields. */
export function entryHash(prevHash: string, fields: ChainedFields): string {
  const { id, seq, at, recordedAt, kind, actorId, actorAccount, actorName, departmentId, departmentName } =
    fields;
  const { address, userAgent, module, operation, event, method, path, objectIds, result, detail, changes } =
    fields;
  const covered = {
    ...{ id, seq, at, recordedAt, kind, actorId, actorAccount, actorName, departmentId, departmentName },
    ...{ address, userAgent, module, operation, event, method, path, objectIds, result, detail, changes },
  };
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalJson(covered)}`)
    .digest('hex');
}

/** Links new entries after the chain's last one: consecutive seq, each hash over the one before. */
export function linkEntries(
  last: { seq: number; hash: string } | undefined,
  entries: Array<Omit<ChainedFields, 'seq'>>,
): ChainedEntry[] {
  let seq = last?.seq ?? 0;
  let prevHash = last?.hash ?? GENESIS_HASH;
  return entries.map((entry) => {
    seq += 1;
    const fields = { ...entry, seq };
    const hash = entryHash(prevHash, fields);
    const linked = { ...fields, prevHash, hash };
    prevHash = hash;
    return linked;
  });
}

/** What the retention purge writes into its own entry: how far it deleted and the hash it deleted last. */
export interface PurgeMark {
  throughSeq: number;
  lastHash: string;
  before: string;
  retentionDays: number;
}

function purgeMarkOf(entry: ChainedEntry): PurgeMark | null {
  if (entry.kind !== 'operation' || entry.operation !== AUDIT_PURGE_OPERATION || entry.actorId !== null) {
    return null;
  }
  const mark = entry.changes as Partial<PurgeMark> | null;
  return typeof mark?.throughSeq === 'number' && typeof mark.lastHash === 'string'
    ? (mark as PurgeMark)
    : null;
}

export type ChainProblemKind = 'changed' | 'deleted' | 'outOfOrder';
export interface ChainProblem {
  kind: ChainProblemKind;
  seq: number;
  id: string | null;
  message: string;
}
export type ChainReport =
  | { ok: true; count: number; firstSeq: number | null; lastSeq: number | null }
  | { ok: false; count: number; problem: ChainProblem };

/**
 * Walks the chain in seq order, fed a batch at a time, and stops at the first problem. An entry whose own
 * hash is wrong was changed; a gap in seq means entries were deleted; an entry that does not carry the
 * previous one's hash, or was recorded before it, was inserted out of order. The chain may start after 1
 * only where the retention purge says it deleted up to there (its own entry, further on, carries the
 * deleted entry's hash).
 */
export function createChainCheck() {
  let previous: ChainedEntry | undefined;
  let first: ChainedEntry | undefined;
  let anchored = false;
  let count = 0;
  let problem: ChainProblem | null = null;

  const fail = (kind: ChainProblemKind, entry: ChainedEntry | null, seq: number, message: string) => {
    problem = { kind, seq, id: entry?.id ?? null, message };
  };

  function check(entry: ChainedEntry) {
    const at = `第 ${entry.seq} 条记录（编号 ${entry.id}）`;
    if (!previous) {
      first = entry;
      anchored = entry.seq === 1 && entry.prevHash === GENESIS_HASH;
      if (entry.seq === 1 && !anchored)
        return fail('changed', entry, entry.seq, `${at}不是链的起点：前序哈希被改动`);
    } else if (entry.seq !== previous.seq + 1) {
      const range =
        entry.seq - previous.seq === 2
          ? `第 ${previous.seq + 1} 条`
          : `第 ${previous.seq + 1}–${entry.seq - 1} 条`;
      return fail(
        'deleted',
        null,
        previous.seq + 1,
        `${range}记录被删除（第 ${previous.seq} 条之后直接是第 ${entry.seq} 条）`,
      );
    }
    if (entryHash(entry.prevHash, entry) !== entry.hash)
      return fail('changed', entry, entry.seq, `${at}被修改：内容与其哈希不符`);
    if (previous && entry.prevHash !== previous.hash) {
      return fail(
        'outOfOrder',
        entry,
        entry.seq,
        `${at}与第 ${previous.seq} 条不衔接：有记录被插入或顺序被改动`,
      );
    }
    if (previous && entry.recordedAt.getTime() < previous.recordedAt.getTime()) {
      return fail(
        'outOfOrder',
        entry,
        entry.seq,
        `${at}的写入时间早于第 ${previous.seq} 条：记录被插入到链中`,
      );
    }
    const mark = purgeMarkOf(entry);
    if (mark && first && mark.throughSeq === first.seq - 1 && mark.lastHash === first.prevHash)
      anchored = true;
    previous = entry;
    count += 1;
  }

  return {
    /** Feeds the next entries; false once a problem is found. */
    feed(entries: ChainedEntry[]): boolean {
      for (const entry of entries) {
        check(entry);
        if (problem) return false;
      }
      return true;
    },
    report(): ChainReport {
      if (problem) return { ok: false, count, problem };
      if (first && !anchored) {
        return {
          ok: false,
          count,
          problem: {
            kind: 'deleted',
            seq: 1,
            id: null,
            message: `第 1–${first.seq - 1} 条记录被删除，且没有清理过期日志的记录与之对应`,
          },
        };
      }
      return { ok: true, count, firstSeq: first?.seq ?? null, lastSeq: previous?.seq ?? null };
    },
  };
}
