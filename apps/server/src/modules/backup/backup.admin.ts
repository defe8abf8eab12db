import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_NAME_PATTERN, type Backup, SCHEDULED_BACKUP_ACTOR_NAME } from '@eduqa/contract';
import { z } from 'zod';
import { AppError, notFound } from '../../platform/errors.ts';
import type { JobContext, Jobs } from '../../platform/jobs/jobs.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { BackupService } from './backup.service.ts';

export const BACKUP_JOB = 'backup';
/** The actor of the schedule's jobs: no user, so the jobs table names the schedule itself. */
export const SCHEDULE_ACTOR_ID = 'backup-schedule';

/** What the list says of an archive made on the screen: who asked for it and what it holds. */
const SidecarSchema = z.object({
  createdByName: z.string().nullable(),
  rows: z.number().int(),
  files: z.number().int(),
  /** Made by 定时备份: only these count against 保留份数 and may be deleted by it. */
  scheduled: z.boolean().optional(),
});
const sidecarOf = (file: string) => `${file}.json`;

function readSidecar(file: string): z.infer<typeof SidecarSchema> | null {
  try {
    const parsed = SidecarSchema.safeParse(JSON.parse(fs.readFileSync(sidecarOf(file), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

interface BackupAdminDeps {
  dir: string;
  service: BackupService;
  jobs: Jobs;
  personName(userId: string): Promise<string | null>;
  /** What the schedule is told of its own runs: how each ended, and how many archives to keep. */
  schedule: ScheduledRuns;
}

/** One archive into the folder with its sidecar; the job keeps its heartbeat through `report`. */
async function backupInto(
  deps: BackupAdminDeps,
  input: { actorId: string; report: JobContext<unknown>['report']; scheduledDay: string | undefined },
) {
  const { report, scheduledDay } = input;
  await report(1, '正在备份…');
  const result = await deps.service.backup({
    outDir: deps.dir,
    // Not awaited: the backup reads inside one transaction, and on the embedded database (one
    // connection) a progress write waits for that transaction's end — awaiting it would wait forever.
    progress: async (percent) => {
      report(Math.min(99, Math.max(1, percent))).catch(() => {});
    },
  });
  const sidecar: z.infer<typeof SidecarSchema> = {
    createdByName: scheduledDay ? SCHEDULED_BACKUP_ACTOR_NAME : await deps.personName(input.actorId),
    rows: result.manifest.totals.rows,
    files: result.manifest.totals.files,
    ...(scheduledDay ? { scheduled: true } : {}),
  };
  fs.writeFileSync(sidecarOf(result.file), JSON.stringify(sidecar), { mode: 0o600 });
  return {
    result: { name: path.basename(result.file) },
    message: `备份完成：${path.basename(result.file)}`,
  };
}

/** The backup job: 立即备份 as it was; a scheduled one also prunes and tells the schedule how it ended. */
function registerBackupJob(deps: BackupAdminDeps) {
  const { schedule } = deps;
  return deps.jobs.register(BACKUP_JOB, {
    // `scheduledDay`: the school's day whose 定时备份 this is; absent for 立即备份.
    payload: z.object({ scheduledDay: z.string().optional() }),
    interruptedMessage: '备份已中断，请重新备份',
    failedMessage: '备份失败，请重试',
    run: async ({ actorId, payload, report }) => {
      const scheduledDay = payload.scheduledDay;
      if (scheduledDay === undefined) return backupInto(deps, { actorId, report, scheduledDay });
      try {
        const outcome = await backupInto(deps, { actorId, report, scheduledDay });
        const pruned = pruneScheduled(deps.dir, await schedule.keep());
        const note = pruned.length > 0 ? `，已删除较早的定时备份 ${pruned.length} 份` : '';
        await schedule.recordRun({
          day: scheduledDay,
          state: 'finished',
          message: `${outcome.message}${note}`,
        });
        return outcome;
      } catch (error) {
        const message = error instanceof AppError ? error.message : '备份失败，请查看服务器日志';
        await schedule.recordRun({ day: scheduledDay, state: 'failed', message });
        throw error;
      }
    },
  });
}

/**
 * 系统管理 › 备份与恢复: 立即备份 as a job into the backup folder, the list of the archives there (an archive
 * still being written has a hidden name and is not listed), and their download. Restoring stays a command
 * on the server (`npm run restore`): it needs an empty target, which a running platform never is.
 */
export function createBackupAdmin(deps: BackupAdminDeps) {
  const { dir, schedule } = deps;
  const kind = registerBackupJob(deps);

  return {
    /** One backup at a time: a second 立即备份 while one runs answers the running one. */
    async start(actorId: string) {
      const job = await kind.enqueue({ actorId, payload: {}, subjectKey: 'backup' });
      return { taskId: job.id };
    },

    /**
     * The day's 定时备份, once the schedule claimed it. A backup already under way (立即备份) is answered
     * instead of a second one: that day then has no scheduled archive, and the screen says so.
     */
    async startScheduled(day: string) {
      const job = await kind.enqueue({
        actorId: SCHEDULE_ACTOR_ID,
        payload: { scheduledDay: day },
        subjectKey: 'backup',
      });
      if (job.actorId !== SCHEDULE_ACTOR_ID) {
        await schedule.recordRun({
          day,
          state: 'failed',
          message: '到点时已有备份正在进行，本日定时备份未执行',
        });
        return null;
      }
      return job;
    },

    /** The archives in the folder, newest first. */
    list(): Backup[] {
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        .filter((name) => BACKUP_NAME_PATTERN.test(name))
        .map((name) => {
          const file = path.join(dir, name);
          const stat = fs.statSync(file);
          const sidecar = readSidecar(file);
          return {
            name,
            size: stat.size,
            createdAt: formatDateTime(stat.mtime) ?? '',
            createdByName: sidecar?.createdByName ?? null,
            rows: sidecar?.rows ?? null,
            files: sidecar?.files ?? null,
            mtime: stat.mtimeMs,
          };
        })
        .sort((a, b) => b.mtime - a.mtime)
        .map(({ mtime: _mtime, ...backup }) => backup);
    },

    /** The archive itself, streamed: it may be larger than memory should hold. */
    open(name: string) {
      if (!BACKUP_NAME_PATTERN.test(name)) throw new AppError('VALIDATION', '备份文件名不正确');
      const file = path.join(dir, name);
      if (!fs.existsSync(file)) throw notFound('备份文件不存在');
      return { size: fs.statSync(file).size, stream: fs.createReadStream(file) };
    },
  };
}

export type BackupAdmin = ReturnType<typeof createBackupAdmin>;

/** The schedule's side of a scheduled backup job (backup-schedule.service.ts). */
export interface ScheduledRuns {
  keep(): Promise<number>;
  recordRun(input: { day: string; state: 'finished' | 'failed'; message: string }): Promise<void>;
}

/**
 * Deletes the scheduled archives beyond the newest `keep`, with their sidecars; answers their names.
 * Archives of 立即备份 and of the command line have no `scheduled` mark and are never touched.
 */
export function pruneScheduled(dir: string, keep: number): string[] {
  if (!fs.existsSync(dir)) return [];
  const scheduled = fs
    .readdirSync(dir)
    .filter((name) => BACKUP_NAME_PATTERN.test(name))
    .map((name) => path.join(dir, name))
    .filter((file) => readSidecar(file)?.scheduled === true)
    .map((file) => ({ file, mtime: fs.statSync(file).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime || b.file.localeCompare(a.file));
  const old = scheduled.slice(Math.max(0, keep));
  for (const { file } of old) {
    fs.rmSync(file, { force: true });
    fs.rmSync(sidecarOf(file), { force: true });
  }
  return old.map(({ file }) => path.basename(file));
}

/** What an archive being written is called (backup.archive.ts): hidden, with its writer's process id. */
const PARTIAL_NAME = /^\.eduqa-backup-.+\.tar\.gz\.(\d+)\.partial$/;
/** A partial untouched this long is dead whatever its process id says (the id may have been reused). */
const PARTIAL_ABANDONED_MS = 24 * 3_600_000;

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * At start, before any backup of this process: removes what backups killed midway left behind. A partial whose writer still runs on this
 * machine is kept — `npm run backup` may be writing it beside a server on PostgreSQL.
 */
export function removePartialArchives(
  dir: string,
  options: { now?: Date; isAlive?: (pid: number) => boolean } = {},
): string[] {
  if (!fs.existsSync(dir)) return [];
  const now = (options.now ?? new Date()).getTime();
  const isAlive = options.isAlive ?? isProcessAlive;
  const removed: string[] = [];
  for (const name of fs.readdirSync(dir)) {
    const match = PARTIAL_NAME.exec(name);
    if (!match) continue;
    const file = path.join(dir, name);
    const abandoned = now - fs.statSync(file).mtimeMs > PARTIAL_ABANDONED_MS;
    const pid = Number(match[1]);
    // Our own id can only be a previous process's (in a container the server is often process 1 each time).
    if (abandoned || pid === process.pid || !isAlive(pid)) {
      fs.rmSync(file, { force: true });
      removed.push(name);
    }
  }
  return removed;
}
