import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backupEndpoints, orgEndpoints } from '@eduqa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  createTestApp,
  createUser,
  refused,
  type Session,
  signIn,
  type TestApp,
} from '../../../test/app.ts';
import { createAuditRepo } from '../audit/audit.repo.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { pruneScheduled, removePartialArchives } from './backup.admin.ts';
import { createBackupScheduler } from './backup.scheduler.ts';
import { backupName } from './backup.service.ts';
import { createBackupScheduleRepo } from './backup-schedule.repo.ts';

const DAY_MS = 86_400_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-schedule-'));

/** A stand-in archive with its sidecar, as the list and the pruning read them. */
function archive(dir: string, name: string, options: { scheduled: boolean; ageMs: number }) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, 'x');
  const sidecar = { createdByName: options.scheduled ? '定时备份' : '管理员', rows: 1, files: 0 };
  fs.writeFileSync(
    `${file}.json`,
    JSON.stringify(options.scheduled ? { ...sidecar, scheduled: true } : sidecar),
  );
  const at = new Date(Date.now() - options.ageMs);
  fs.utimesSync(file, at, at);
  return name;
}

describe('archive names and leftovers', () => {
  it('names an archive on the school clock, not the server one', () => {
    const at = new Date('2026-11-30T18:15:07Z');
    expect(backupName(at, 'Asia/Shanghai')).toBe('eduqa-backup-20261201-021507.tar.gz');
    expect(backupName(at, 'America/New_York')).toBe('eduqa-backup-20261130-131507.tar.gz');
  });

  it('removes partials of dead or stale writers and keeps a live one and every archive', () => {
    const dir = tempDir();
    const alive = 4242;
    const names = {
      dead: '.eduqa-backup-20261130-010000.tar.gz.777.partial',
      live: `.eduqa-backup-20261130-020000.tar.gz.${alive}.partial`,
      own: `.eduqa-backup-20261130-030000.tar.gz.${process.pid}.partial`,
      stale: `.eduqa-backup-20261129-010000.tar.gz.${alive}.partial`,
      archive: 'eduqa-backup-20261130-010000.tar.gz',
    };
    for (const name of Object.values(names)) fs.writeFileSync(path.join(dir, name), 'x');
    const old = new Date(Date.now() - 2 * DAY_MS);
    fs.utimesSync(path.join(dir, names.stale), old, old);

    const removed = removePartialArchives(dir, { isAlive: (pid) => pid === alive || pid === process.pid });
    expect(removed.sort()).toEqual([names.dead, names.own, names.stale].sort());
    expect(fs.readdirSync(dir).sort()).toEqual([names.archive, names.live].sort());
  });

  it('prunes the oldest scheduled archives beyond the count and never one made by hand', () => {
    const dir = tempDir();
    const hand = archive(dir, 'eduqa-backup-20200101-000000.tar.gz', { scheduled: false, ageMs: 9 * DAY_MS });
    const s1 = archive(dir, 'eduqa-backup-20261127-020000.tar.gz', { scheduled: true, ageMs: 3 * DAY_MS });
    const s2 = archive(dir, 'eduqa-backup-20261128-020000.tar.gz', { scheduled: true, ageMs: 2 * DAY_MS });
    const s3 = archive(dir, 'eduqa-backup-20261129-020000.tar.gz', { scheduled: true, ageMs: DAY_MS });

    expect(pruneScheduled(dir, 2)).toEqual([s1]);
    expect(fs.readdirSync(dir).sort()).toEqual(
      [hand, `${hand}.json`, s2, `${s2}.json`, s3, `${s3}.json`].sort(),
    );
    expect(pruneScheduled(dir, 1)).toEqual([s2]);
    expect(pruneScheduled(dir, 1)).toEqual([]);
    expect(fs.existsSync(path.join(dir, hand))).toBe(true);
  });
});

describe('定时备份 on the screen', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('answers the defaults, then what was saved, by JSON or form', async () => {
    expect(await admin.call(backupEndpoints.schedule, {})).toEqual({
      enabled: false,
      time: '02:00',
      keep: 7,
      auditRetentionDays: 180,
      timeZone: 'Asia/Shanghai',
      lastRun: null,
      lastPurge: null,
    });
    const saved = await admin.call(backupEndpoints.saveSchedule, {
      body: { enabled: true, time: '03:30', keep: 30, auditRetentionDays: 365 },
    });
    expect(saved).toMatchObject({ enabled: true, time: '03:30', keep: 30, auditRetentionDays: 365 });
    const form = await admin.post(
      backupEndpoints.saveSchedule.path,
      { enabled: 'false', time: '23:59', keep: '1', auditRetentionDays: '180' },
      { form: true },
    );
    expect(form.json()).toMatchObject({ meta: { success: true } });
    expect(await admin.call(backupEndpoints.schedule, {})).toMatchObject({
      enabled: false,
      time: '23:59',
      keep: 1,
      auditRetentionDays: 180,
    });
  });

  it('refuses a bad time, a count out of 1–365, a retention under 180 days, and anyone without 系统设置', async () => {
    const good = { enabled: true, time: '02:00', keep: 7, auditRetentionDays: 180 };
    const save = (body: Record<string, unknown>) =>
      admin.call(backupEndpoints.saveSchedule, { body: { ...good, ...body } as typeof good });
    await refused(save({ time: '24:00' }), 400, /备份时间格式应为 HH:mm/);
    await refused(save({ time: '2:00' }), 400, /备份时间格式应为 HH:mm/);
    await refused(save({ keep: 0 }), 400, /保留份数应在1到365之间/);
    await refused(save({ keep: 366 }), 400, /保留份数应在1到365之间/);
    await refused(save({ keep: 2.5 }), 400, /保留份数必须是整数/);
    await refused(save({ auditRetentionDays: 179 }), 400, /^日志保留天数不能少于180天$/);
    await refused(save({ enabled: 'maybe' }), 400, /定时备份必须是布尔值/);
    expect(await admin.call(backupEndpoints.schedule, {})).toMatchObject({ time: '23:59', keep: 1 });

    const user = await createUser(t);
    const other = await signIn(t, user.account, user.password);
    await refused(other.call(backupEndpoints.schedule, {}), 403);
    await refused(other.call(backupEndpoints.saveSchedule, { body: good }), 403);
  });
});

describe('the scheduler', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  /** Two instances' schedulers on one database, each counting what it started. */
  function twoSchedulers(at: { now: Date }) {
    const started: string[][] = [[], []];
    const purges: number[][] = [[], []];
    const make = (i: number) =>
      createBackupScheduler({
        repo: createBackupScheduleRepo(t.db),
        timeZone: async () => 'Asia/Shanghai',
        startBackup: async (day) => {
          started[i]!.push(day);
          return { id: `job-${i}-${day}` };
        },
        purgeAudit: async ({ retentionDays }) => {
          purges[i]!.push(retentionDays);
          return 0;
        },
        log: (error) => {
          throw error;
        },
        now: () => at.now,
      });
    return { schedulers: [make(0), make(1)] as const, started, purges };
  }

  it('claims each school day once across two instances, only after the set time', async () => {
    await admin.call(backupEndpoints.saveSchedule, {
      body: { enabled: true, time: '02:00', keep: 7, auditRetentionDays: 200 },
    });
    // 01:59 in Shanghai on 12-01, still 11-30 on the server's UTC clock.
    const at = { now: new Date('2026-11-30T17:59:00Z') };
    const { schedulers, started, purges } = twoSchedulers(at);
    const both = () => Promise.all(schedulers.map((s) => s.tick()));

    expect(await both()).toEqual([
      { backupDay: null, purged: null },
      { backupDay: null, purged: null },
    ]);
    at.now = new Date('2026-11-30T18:00:30Z');
    const outcomes = await both();
    expect(outcomes.map((o) => o.backupDay).sort()).toEqual(['2026-12-01', null]);
    expect(started.flat()).toEqual(['2026-12-01']);
    expect(purges.flat()).toEqual([200]);

    at.now = new Date('2026-12-01T15:59:00Z');
    await both();
    expect(started.flat()).toEqual(['2026-12-01']);
    at.now = new Date('2026-12-01T18:05:00Z');
    for (let i = 0; i < 3; i += 1) await both();
    // Either instance may win a day: the days, not who took them.
    expect(started.flat().sort()).toEqual(['2026-12-01', '2026-12-02']);
    expect(purges.flat()).toEqual([200, 200]);

    const schedule = await admin.call(backupEndpoints.schedule, {});
    expect(schedule.lastRun).toMatchObject({ at: '2026-12-02 02:05:00' });
  });

  it('starts no backup while it is off, but still purges the day', async () => {
    await admin.call(backupEndpoints.saveSchedule, {
      body: { enabled: false, time: '02:00', keep: 7, auditRetentionDays: 180 },
    });
    const at = { now: new Date('2026-12-02T18:05:00Z') };
    const { schedulers, started, purges } = twoSchedulers(at);
    await Promise.all(schedulers.map((s) => s.tick()));
    expect(started.flat()).toEqual([]);
    expect(purges.flat()).toEqual([180]);
  });

  it("purges audit entries past the setting's days and leaves a chain that verifies", async () => {
    const audit = createAuditService({ repo: createAuditRepo(t.db), recorder: { flush: async () => {} } });
    await admin.call(orgEndpoints.adminCreateDepartment, { body: { departmentName: '保留测试部门' } });
    await admin.call(backupEndpoints.saveSchedule, {
      body: { enabled: false, time: '00:00', keep: 7, auditRetentionDays: 365 },
    });
    // The app's recorder writes its buffer before a read of the log.
    await admin.call(backupEndpoints.schedule, {});
    await sleep(1_500);
    const before = await audit.verify();
    expect(before.ok).toBe(true);

    const at = { now: new Date(Date.now() + 200 * DAY_MS) };
    const scheduler = createBackupScheduler({
      repo: createBackupScheduleRepo(t.db),
      timeZone: async () => 'Asia/Shanghai',
      startBackup: async () => null,
      purgeAudit: (input) => audit.purge(input),
      log: (error) => {
        throw error;
      },
      now: () => at.now,
    });
    expect(await scheduler.tick()).toEqual({ backupDay: null, purged: 0 });

    at.now = new Date(Date.now() + 400 * DAY_MS);
    await admin.call(backupEndpoints.saveSchedule, {
      body: { enabled: false, time: '00:00', keep: 7, auditRetentionDays: 180 },
    });
    await sleep(1_500);
    const outcome = await scheduler.tick();
    expect(outcome.purged).toBeGreaterThan(0);
    const after = await audit.verify();
    expect(after).toMatchObject({ ok: true, count: 1 });
    expect((await admin.call(backupEndpoints.schedule, {})).lastPurge).toMatchObject({
      deleted: outcome.purged,
    });
  });
});

describe('a scheduled backup through the app', () => {
  const dir = tempDir();
  const partial = '.eduqa-backup-20261129-020000.tar.gz.4194305.partial';
  // Shanghai 01:00 on 12-01: the app's first tick finds the set time not reached.
  const at = { now: new Date('2026-11-30T17:00:00Z') };
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    // Left by a backup killed midway (a process id above Linux's largest, so never alive).
    fs.writeFileSync(path.join(dir, partial), 'x');
    t = await createTestApp({
      backup: { dir, fileStorage: 'local', dataSourceKey: { location: '测试', fingerprint: null } },
      backupScheduler: { now: () => at.now, intervalMs: 100 },
    });
    admin = await signIn(t, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  it('removed the partial left at start', () => {
    expect(fs.existsSync(path.join(dir, partial))).toBe(false);
  });

  it('backs up once at the set time as 定时备份, keeps the count of scheduled ones and every hand-made one', async () => {
    const hand = archive(dir, 'eduqa-backup-20200101-000000.tar.gz', { scheduled: false, ageMs: 9 * DAY_MS });
    const older = archive(dir, 'eduqa-backup-20261128-020000.tar.gz', { scheduled: true, ageMs: 2 * DAY_MS });
    const newer = archive(dir, 'eduqa-backup-20261129-020000.tar.gz', { scheduled: true, ageMs: DAY_MS });
    await admin.call(backupEndpoints.saveSchedule, {
      body: { enabled: true, time: '02:00', keep: 2, auditRetentionDays: 180 },
    });
    await sleep(300);
    expect((await admin.call(backupEndpoints.schedule, {})).lastRun).toBeNull();

    at.now = new Date('2026-11-30T18:01:00Z');
    const deadline = Date.now() + 120_000;
    let schedule = await admin.call(backupEndpoints.schedule, {});
    while (schedule.lastRun?.state !== 'finished' && schedule.lastRun?.state !== 'failed') {
      if (Date.now() > deadline) throw new Error('scheduled backup did not end');
      await sleep(200);
      schedule = await admin.call(backupEndpoints.schedule, {});
    }
    expect(schedule.lastRun, schedule.lastRun?.message).toMatchObject({
      at: '2026-12-01 02:01:00',
      state: 'finished',
      message: expect.stringMatching(/^备份完成：eduqa-backup-.+，已删除较早的定时备份 1 份$/),
    });

    const list = await admin.call(backupEndpoints.list, {});
    const made = list.filter((b) => ![hand, older, newer].includes(b.name));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ createdByName: '定时备份' });
    expect(list.map((b) => b.name).sort()).toEqual([hand, newer, made[0]!.name].sort());
    expect(fs.existsSync(path.join(dir, `${older}.json`))).toBe(false);

    // Later ticks of the same school day start nothing more.
    await sleep(500);
    expect(await admin.call(backupEndpoints.list, {})).toHaveLength(3);
  }, 180_000);
});
