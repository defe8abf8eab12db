import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_NAME_PATTERN, type Backup } from '@eduqa/contract';
import { z } from 'zod';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { BackupService } from './backup.service.ts';

export const BACKUP_JOB = 'backup';

/** What the list says of an archive made on the screen: who asked for it and what it holds. */
const SidecarSchema = z.object({
  createdByName: z.string().nullable(),
  rows: z.number().int(),
  files: z.number().int(),
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

/**
 * 系统管理 › 备份与恢复: 立即备份 as a job into the backup folder, the list of the archives there (an archive
 * still being written has a hidden name and is not listed), and their download. Restoring stays a command
 * on the server (`npm run restore`): it needs an empty target, which a running platform never is.
 */
export function createBackupAdmin(deps: {
  dir: string;
  service: BackupService;
  jobs: Jobs;
  personName(userId: string): Promise<string | null>;
}) {
  const { dir, service } = deps;
  const kind = deps.jobs.register(BACKUP_JOB, {
    payload: z.object({}),
    interruptedMessage: '备份已中断，请重新备份',
    failedMessage: '备份失败，请重试',
    // A large school's files take a while to read; the job keeps its heartbeat through `report`.
    run: async ({ actorId, report }) => {
      await report(1, '正在备份…');
      const result = await service.backup({
        outDir: dir,
        // Not awaited: the backup reads inside one transaction, and on the embedded database (one
        // connection) a progress write waits for that transaction's end — awaiting it would wait forever.
        progress: async (percent) => {
          report(Math.min(99, Math.max(1, percent))).catch(() => {});
        },
      });
      const sidecar = {
        createdByName: await deps.personName(actorId),
        rows: result.manifest.totals.rows,
        files: result.manifest.totals.files,
      };
      fs.writeFileSync(sidecarOf(result.file), JSON.stringify(sidecar), { mode: 0o600 });
      return {
        result: { name: path.basename(result.file) },
        message: `备份完成：${path.basename(result.file)}`,
      };
    },
  });

  return {
    /** One backup at a time: a second 立即备份 while one runs answers the running one. */
    async start(actorId: string) {
      const job = await kind.enqueue({ actorId, payload: {}, subjectKey: 'backup' });
      return { taskId: job.id };
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
