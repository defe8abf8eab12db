import { auditEndpoints, orgEndpoints } from '@eduqa/contract';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type Session, signIn, type TestApp } from '../../../test/app.ts';
import { entryHash } from './audit.chain.ts';
import { createAuditRecorder } from './audit.recorder.ts';
import { type AuditRow, createAuditRepo } from './audit.repo.ts';
import { createAuditService } from './audit.service.ts';
import { auditEntries } from './audit.table.ts';

let t: TestApp;
let admin: Session;
const repo = () => createAuditRepo(t.db);
const service = () => createAuditService({ repo: repo(), recorder: { flush: async () => {} } });
/** The app's recorder writes its buffer before the log is read. */
const flushApp = () => admin.call(auditEndpoints.operationLog, { query: { pageSize: 1 } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  for (let i = 0; i < 5; i++) {
    await admin.call(orgEndpoints.adminCreateDepartment, { body: { departmentName: `审计部门${i}` } });
  }
  await flushApp();
});
afterAll(() => t.close());

const entries = () => t.db.select().from(auditEntries).orderBy(asc(auditEntries.seq));
const databaseError = (error: unknown) => String((error as { cause?: Error }).cause?.message ?? error);

/** Runs `work` with the append-only trigger off, as someone with the database's owner rights could. */
async function bypassingTrigger(work: () => Promise<unknown>) {
  await t.db.execute(sql`alter table audit_entries disable trigger user`);
  try {
    await work();
  } finally {
    await t.db.execute(sql`alter table audit_entries enable trigger user`);
  }
}

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const [first] = await entries();
    const update = t.db.update(auditEntries).set({ result: 'forged' }).where(eq(auditEntries.id, first!.id));
    await expect(update.then(() => 'changed', databaseError)).resolves.toMatch(/审计日志只能追加/);
    const remove = t.db.delete(auditEntries).where(eq(auditEntries.id, first!.id));
    await expect(remove.then(() => 'deleted', databaseError)).resolves.toMatch(/审计日志只能追加/);
    const truncate = t.db.execute(sql`truncate audit_entries`);
    await expect(truncate.then(() => 'emptied', databaseError)).resolves.toMatch(/审计日志只能追加/);
    expect((await entries())[0]).toEqual(first);
  });
});

describe('verify', () => {
  it('passes on an intact chain', async () => {
    const report = await service().verify();
    expect(report).toMatchObject({ ok: true, firstSeq: 1 });
    expect(report.ok && report.count).toBe((await entries()).length);
  });

  it('names an entry changed behind the trigger', async () => {
    const target = (await entries())[2]!;
    await bypassingTrigger(() =>
      t.db.update(auditEntries).set({ actorName: '别人' }).where(eq(auditEntries.id, target.id)),
    );
    try {
      const report = await service().verify();
      expect(report).toMatchObject({
        ok: false,
        problem: { kind: 'changed', seq: target.seq, id: target.id },
      });
      expect(!report.ok && report.problem.message).toContain(`第 ${target.seq} 条记录`);
    } finally {
      await bypassingTrigger(() =>
        t.db.update(auditEntries).set({ actorName: target.actorName }).where(eq(auditEntries.id, target.id)),
      );
    }
    expect((await service().verify()).ok).toBe(true);
  });

  it('finds an entry deleted in the middle', async () => {
    const target = (await entries())[1]!;
    await bypassingTrigger(() => t.db.delete(auditEntries).where(eq(auditEntries.id, target.id)));
    try {
      const report = await service().verify();
      expect(report).toMatchObject({ ok: false, problem: { kind: 'deleted', seq: target.seq } });
    } finally {
      await t.db.insert(auditEntries).values(target);
    }
    expect((await service().verify()).ok).toBe(true);
  });

  it('finds an entry inserted out of order, even with a hash of its own', async () => {
    const all = await entries();
    const last = all[all.length - 1]!;
    // Claims to follow the entry before the last one, as an entry slipped in between would.
    const forged: AuditRow = {
      ...all[0]!,
      id: 'forged',
      seq: last.seq + 1,
      recordedAt: last.recordedAt,
      prevHash: all[all.length - 2]!.hash,
    };
    forged.hash = entryHash(forged.prevHash, forged);
    await t.db.insert(auditEntries).values(forged);
    try {
      const report = await service().verify();
      expect(report).toMatchObject({
        ok: false,
        problem: { kind: 'outOfOrder', seq: forged.seq, id: 'forged' },
      });
    } finally {
      await bypassingTrigger(() => t.db.delete(auditEntries).where(eq(auditEntries.id, 'forged')));
    }
    expect((await service().verify()).ok).toBe(true);
  });
});

describe('verify at the head', () => {
  it('finds the oldest entries deleted without a purge saying so', async () => {
    const first = (await entries())[0]!;
    await bypassingTrigger(() => t.db.delete(auditEntries).where(eq(auditEntries.id, first.id)));
    try {
      expect(await service().verify()).toMatchObject({ ok: false, problem: { kind: 'deleted', seq: 1 } });
    } finally {
      await t.db.insert(auditEntries).values(first);
    }
    expect((await service().verify()).ok).toBe(true);
  });
});

describe('concurrent writers', () => {
  it('keep one unbroken chain: parallel requests, and three recorders on one database taking turns', async () => {
    const before = (await entries()).length;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin.call(orgEndpoints.adminCreateDepartment, { body: { departmentName: `并发部门${i}` } }),
      ),
    );
    await flushApp();
    // The chain's lock makes them take turns: without it, two appends after the same last entry collide on
    // seq and one has to be written again (logged here).
    const failures: unknown[] = [];
    const log = (error: unknown) => failures.push(error);
    const recorders = [0, 1, 2].map(() =>
      createAuditRecorder({ repo: repo(), log, options: { batchSize: 3 } }),
    );
    const request = { ip: '10.0.0.9', method: 'POST', url: '/x', headers: {} } as never;
    for (let i = 0; i < 20; i++) {
      for (const recorder of recorders) {
        recorder.login({ event: 'signInFailed', request, account: `guess${i}`, result: '40101' });
      }
    }
    await Promise.all(recorders.map((r) => r.flush()));
    const all = await entries();
    expect(failures).toEqual([]);
    expect(all.length).toBe(before + 20 + 60);
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
    expect(await service().verify()).toMatchObject({ ok: true, count: all.length });
  });
});

describe('retention purge', () => {
  it('keeps at least 180 days, deletes the older prefix with an entry saying so, and verifies after it', async () => {
    const all = await entries();
    const in100Days = new Date(Date.now() + 100 * 86_400_000);
    expect(await service().purge({ retentionDays: 30, now: in100Days })).toBe(0);

    const in200Days = new Date(Date.now() + 200 * 86_400_000);
    expect(await service().purge({ retentionDays: 180, now: in200Days })).toBe(all.length);
    const [mark] = await t.db.select().from(auditEntries).orderBy(desc(auditEntries.seq));
    expect(mark).toMatchObject({
      seq: all.length + 1,
      operation: '清理过期审计日志',
      prevHash: all.at(-1)!.hash,
    });
    expect(await service().verify()).toMatchObject({ ok: true, count: 1, firstSeq: all.length + 1 });
  });
});
