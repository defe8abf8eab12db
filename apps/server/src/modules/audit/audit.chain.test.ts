import { AUDIT_PURGE_OPERATION } from '@eduqa/contract';
import { describe, expect, it } from 'vitest';
import {
  type ChainedEntry,
  type ChainedFields,
  canonicalJson,
  createChainCheck,
  entryHash,
  GENESIS_HASH,
  linkEntries,
} from './audit.chain.ts';

const at = new Date('2026-03-16T00:00:00Z');
const draft = (n: number): Omit<ChainedFields, 'seq'> => ({
  id: `e${n}`,
  at: new Date(at.getTime() + n * 1000),
  recordedAt: new Date(at.getTime() + n * 1000),
  kind: 'operation',
  actorId: 'u1',
  actorAccount: 'admin',
  actorName: '管理员',
  departmentId: null,
  departmentName: null,
  address: '127.0.0.1',
  userAgent: null,
  module: '目标标准',
  operation: '新增质控点',
  event: null,
  method: 'POST',
  path: '/api/x',
  objectIds: [`o${n}`],
  result: 'success',
  detail: null,
  changes: { after: { b: 1, a: 2 } },
});

const chainOf = (n: number) =>
  linkEntries(
    undefined,
    Array.from({ length: n }, (_, i) => draft(i + 1)),
  );
const verify = (entries: ChainedEntry[]) => {
  const check = createChainCheck();
  check.feed(entries);
  return check.report();
};

describe('canonicalJson', () => {
  it('sorts keys at every depth, so jsonb key order does not change the hash', () => {
    expect(canonicalJson({ b: { y: 1, x: [2, { d: 1, c: 0 }] }, a: at })).toBe(
      '{"a":"2026-03-16T00:00:00.000Z","b":{"x":[2,{"c":0,"d":1}],"y":1}}',
    );
  });
});

describe('the chain', () => {
  it('links entries after the genesis hash and verifies whole', () => {
    const chain = chainOf(5);
    expect(chain.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(chain[0]!.prevHash).toBe(GENESIS_HASH);
    expect(chain[3]!.prevHash).toBe(chain[2]!.hash);
    expect(verify(chain)).toEqual({ ok: true, count: 5, firstSeq: 1, lastSeq: 5 });
  });

  it('finds a changed entry by its hash', () => {
    const chain = chainOf(5);
    chain[2] = { ...chain[2]!, result: '40300' };
    expect(verify(chain)).toMatchObject({ ok: false, problem: { kind: 'changed', seq: 3, id: 'e3' } });
  });

  it('finds a deleted entry by the gap it leaves', () => {
    const chain = chainOf(5);
    chain.splice(1, 2);
    const report = verify(chain);
    expect(report).toMatchObject({ ok: false, problem: { kind: 'deleted', seq: 2 } });
    expect(!report.ok && report.problem.message).toContain('第 2–3 条记录被删除');
  });

  it('finds an entry inserted with a hash of its own that does not follow the one before', () => {
    const chain = chainOf(4);
    const forged = { ...draft(9), seq: 5, prevHash: chain[2]!.hash };
    chain.push({ ...forged, hash: entryHash(forged.prevHash, forged) });
    expect(verify(chain)).toMatchObject({ ok: false, problem: { kind: 'outOfOrder', seq: 5, id: 'e9' } });
  });

  it('finds an entry recorded before the one it follows', () => {
    const chain = chainOf(3);
    const early = { ...draft(0), id: 'early', seq: 4, prevHash: chain[2]!.hash };
    chain.push({ ...early, hash: entryHash(early.prevHash, early) });
    expect(verify(chain)).toMatchObject({ ok: false, problem: { kind: 'outOfOrder', seq: 4, id: 'early' } });
  });

  it('starts after 1 only where a purge entry vouches for the deleted prefix', () => {
    const chain = chainOf(4);
    const mark = { throughSeq: 2, lastHash: chain[1]!.hash, before: at.toISOString(), retentionDays: 180 };
    const purge = { ...draft(5), actorId: null, operation: AUDIT_PURGE_OPERATION, changes: mark };
    const [purgeEntry] = linkEntries(chain[3], [purge]);
    expect(verify([chain[2]!, chain[3]!, purgeEntry!])).toMatchObject({ ok: true, count: 3, firstSeq: 3 });
    expect(verify([chain[2]!, chain[3]!])).toMatchObject({ ok: false, problem: { kind: 'deleted', seq: 1 } });
  });
});
