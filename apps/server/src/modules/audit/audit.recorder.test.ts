import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ChainedEntry } from './audit.chain.ts';
import { createAuditRecorder } from './audit.recorder.ts';
import type { AuditRepo } from './audit.repo.ts';

const request = { ip: '10.0.0.1', method: 'POST', url: '/api/user/login', headers: {} } as FastifyRequest;

/** A database in memory that refuses what `refuses` says, and counts its transactions. */
function fakeRepo(refuses: (entry: ChainedEntry) => boolean) {
  const written: ChainedEntry[] = [];
  let transactions = 0;
  const q = {
    lockChain: async () => {},
    lastEntry: async () => written.at(-1),
    clock: async () => new Date(),
    findPeople: async () => [],
    insertEntries: async (entries: ChainedEntry[]) => {
      if (entries.some(refuses)) throw new Error('refused by the database');
      written.push(...entries);
    },
  };
  const repo = {
    transaction: async (work: (queries: typeof q) => Promise<unknown>) => {
      transactions += 1;
      return work(q);
    },
  } as unknown as AuditRepo;
  return { repo, written, transactions: () => transactions };
}

const signInFailed = (account: string) => ({
  event: 'signInFailed' as const,
  request,
  account,
  result: '40101',
});

describe('the recorder', () => {
  it('writes a batch the database refuses one by one, and the refused entry in a bare form saying why', async () => {
    const db = fakeRepo((e) => e.actorAccount === 'poison' && !e.detail?.startsWith('记录内容无法保存'));
    const recorder = createAuditRecorder({ repo: db.repo, log: () => {}, options: { flushMs: 10_000 } });
    for (const account of ['a', 'poison', 'b']) recorder.login(signInFailed(account));
    await recorder.flush();
    expect(db.written.map((e) => e.actorAccount)).toEqual(['a', 'poison', 'b']);
    expect(db.written[1]?.detail).toMatch(/^记录内容无法保存：refused by the database/);
    expect(db.written.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('keeps what the database does not take, in order, and stops trying on every request until the retry', async () => {
    let down = true;
    const db = fakeRepo(() => down);
    const recorder = createAuditRecorder({
      repo: db.repo,
      log: () => {},
      options: { flushMs: 10_000, batchSize: 2 },
    });
    for (const account of ['a', 'b']) recorder.login(signInFailed(account));
    await recorder.flush();
    const tried = db.transactions();
    for (const account of ['c', 'd', 'e', 'f']) recorder.login(signInFailed(account));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(db.transactions()).toBe(tried);
    down = false;
    await recorder.flush();
    expect(db.written.map((e) => e.actorAccount)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('makes text storable that PostgreSQL would refuse', async () => {
    const db = fakeRepo(() => false);
    const recorder = createAuditRecorder({ repo: db.repo, log: () => {} });
    recorder.login({ ...signInFailed('nul\u0000name'), detail: 'half \ud800 pair' });
    await recorder.flush();
    expect(db.written[0]).toMatchObject({ actorAccount: 'nul\uFFFDname', detail: 'half \uFFFD pair' });
  });
});
