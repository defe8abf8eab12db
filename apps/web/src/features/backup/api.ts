import {
  type BackupScheduleBody,
  backupEndpoints,
  backupFutureTasks,
  type FutureTask,
} from '@eduqa/contract';
import { useQuery } from '@tanstack/react-query';
import { call, download } from '../../shared/api/client.ts';
import { saveBlob } from '../../shared/api/save-blob.ts';
import type { JobStatus } from '../../shared/jobs/use-job.ts';

export const backupKeys = { all: ['backups'] as const, schedule: ['backups', 'schedule'] as const };

export function useBackups() {
  return useQuery({ queryKey: backupKeys.all, queryFn: () => call(backupEndpoints.list, {}) });
}

/** 立即备份: answers the job to poll (the running one when a backup is already under way). */
export async function startBackup(): Promise<string> {
  return (await call(backupEndpoints.start, {})).taskId;
}

export const backupJobEndpoint = backupFutureTasks.result;
export const backupJobStatus = (job: FutureTask): JobStatus => job;

export async function forgetBackupJob(taskId: string): Promise<void> {
  await call(backupFutureTasks.done, { body: { taskId }, silent: true }).catch(() => {});
}

export async function downloadBackup(name: string): Promise<void> {
  saveBlob(await download(backupEndpoints.download.path, { query: { name } }), name);
}

/** 定时备份 and 日志保留, with the last scheduled run and purge. */
export function useBackupSchedule() {
  return useQuery({ queryKey: backupKeys.schedule, queryFn: () => call(backupEndpoints.schedule, {}) });
}

export const saveBackupSchedule = (body: BackupScheduleBody) =>
  call(backupEndpoints.saveSchedule, { body, json: true });
