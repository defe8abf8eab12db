import { formatZonedDate, zonedParts } from '@eduqa/contract';
import type { BackupScheduleRepo } from './backup-schedule.repo.ts';

const TICK_MS = 60_000;

export interface BackupSchedulerDeps {
  repo: BackupScheduleRepo;
  /** The school's zone, read from the setting at each tick: another instance may have changed it. */
  timeZone: () => Promise<string>;
  /** Enqueues the day's backup job; null when a backup already under way took its place. */
  startBackup(day: string): Promise<{ id: string } | null>;
  /** The audit trail's retention purge (audit.service.ts); answers how many entries it deleted. */
  purgeAudit(input: { retentionDays: number; now: Date }): Promise<number>;
  log: (error: unknown, message: string) => void;
  /** The clock; tests pass a fake one. */
  now?: () => Date;
  intervalMs?: number;
}

/** What one tick did: the day whose backup it started and how many audit entries it purged, if any. */
export interface TickOutcome {
  backupDay: string | null;
  purged: number | null;
}

/**
 * Each minute, on every instance: once the school's clock has passed the set time, the day's 定时备份 and
 * the day's purge of expired audit entries are each claimed in the database (one UPDATE that only the first
 * instance wins) and run by the winner. An instance that was down at the time catches up when it starts.
 */
export function createBackupScheduler(deps: BackupSchedulerDeps) {
  const { repo, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let isTicking = false;

  async function startBackup(day: string, now: Date): Promise<boolean> {
    if (!(await repo.claimBackup({ day, at: now }))) return false;
    try {
      const job = await deps.startBackup(day);
      if (job) await repo.attachJob({ day, jobId: job.id });
    } catch (error) {
      log(error, 'scheduled backup could not be queued');
      await repo.recordRun({ day, state: 'failed', message: '定时备份未能开始，请查看服务器日志' });
    }
    return true;
  }

  async function purge(day: string, now: Date): Promise<number | null> {
    const retentionDays = await repo.claimPurge(day);
    if (retentionDays === undefined) return null;
    const deleted = await deps.purgeAudit({ retentionDays, now });
    await repo.recordPurge({ at: now, deleted });
    return deleted;
  }

  async function tick(): Promise<TickOutcome> {
    const now = deps.now?.() ?? new Date();
    const zone = await deps.timeZone();
    const day = formatZonedDate(now.getTime(), zone);
    const clock = zonedParts(now.getTime(), zone);
    const hhmm = `${String(clock.hour).padStart(2, '0')}:${String(clock.minute).padStart(2, '0')}`;
    const row = await repo.find();
    // Zero-padded HH:mm compare as text.
    if (hhmm < row.time) return { backupDay: null, purged: null };
    const isBackupDue = row.enabled && row.lastRunDate !== day;
    const backupDay = isBackupDue && (await startBackup(day, now)) ? day : null;
    const purged = row.lastPurgeDate === day ? null : await purge(day, now);
    return { backupDay, purged };
  }

  /** A tick still running when the next is due is not doubled. */
  function scheduleTick() {
    if (isTicking) return;
    isTicking = true;
    running = tick()
      .catch((error: unknown) => log(error, 'backup schedule tick'))
      .finally(() => {
        isTicking = false;
      });
  }

  return {
    tick,
    /** Ticks now (a start after the set time catches up) and then each minute; the timer keeps no process alive. */
    start() {
      if (timer) return;
      scheduleTick();
      timer = setInterval(scheduleTick, deps.intervalMs ?? TICK_MS);
      timer.unref();
    },
    /** Stops ticking and waits for a tick under way (the job it queued runs on as any job does). */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type BackupScheduler = ReturnType<typeof createBackupScheduler>;
