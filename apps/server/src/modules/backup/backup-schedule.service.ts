import type { BackupSchedule, BackupScheduleBody } from '@eduqa/contract';
import type { Job } from '../../platform/jobs/jobs.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { ScheduledRuns } from './backup.admin.ts';
import type { BackupScheduleRepo, BackupScheduleRow } from './backup-schedule.repo.ts';

/** A claimed run that never became a job (its instance died in between) counts as failed after this. */
const NEVER_STARTED_MS = 10 * 60_000;

type LastRun = NonNullable<BackupSchedule['lastRun']>;

/**
 * 定时备份 and 日志保留 as the screen reads and saves them, and the schedule's side of its backup jobs.
 * The run's state is written by the job; one killed midway never writes it, so its job row is asked.
 */
export function createBackupScheduleService(deps: {
  repo: BackupScheduleRepo;
  jobs: { get(id: string): Promise<Job | null> };
  timeZone: () => Promise<string>;
  now?: () => Date;
}) {
  const { repo } = deps;

  async function lastRunOf(row: BackupScheduleRow): Promise<BackupSchedule['lastRun']> {
    if (!row.lastRunAt) return null;
    const run: LastRun = {
      at: formatDateTime(row.lastRunAt) ?? '',
      state: row.lastRunState === 'finished' || row.lastRunState === 'failed' ? row.lastRunState : 'running',
      message: row.lastRunMessage ?? '',
    };
    if (run.state !== 'running') return run;
    const job = row.lastJobId ? await deps.jobs.get(row.lastJobId) : null;
    if (job?.state === 'failed') return { ...run, state: 'failed', message: job.message };
    const now = deps.now?.() ?? new Date();
    if (!job && now.getTime() - row.lastRunAt.getTime() > NEVER_STARTED_MS) {
      return { ...run, state: 'failed', message: '定时备份未能开始（服务在到点时停止），请查看服务器日志' };
    }
    return run;
  }

  async function view(row: BackupScheduleRow): Promise<BackupSchedule> {
    return {
      enabled: row.enabled,
      time: row.time,
      keep: row.keep,
      auditRetentionDays: row.auditRetentionDays,
      timeZone: await deps.timeZone(),
      lastRun: await lastRunOf(row),
      lastPurge: row.lastPurgeAt
        ? { at: formatDateTime(row.lastPurgeAt) ?? '', deleted: row.lastPurgeCount ?? 0 }
        : null,
    };
  }

  const runs: ScheduledRuns = {
    keep: async () => (await repo.find()).keep,
    recordRun: (input) => repo.recordRun(input),
  };

  return {
    async get(): Promise<BackupSchedule> {
      return view(await repo.find());
    },

    /** Saved as given: the contract has bounded each value (保留份数 1–365, 日志 at least 180 days). */
    async save(body: BackupScheduleBody): Promise<BackupSchedule> {
      await repo.save(body);
      return view(await repo.find());
    },

    runs,
  };
}

export type BackupScheduleService = ReturnType<typeof createBackupScheduleService>;
