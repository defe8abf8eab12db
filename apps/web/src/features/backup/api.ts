import { backupEndpoints, backupFutureTasks, type FutureTask } from '@eduqa/contract';
import { useQuery } from '@tanstack/react-query';
import { call, download } from '../../shared/api/client.ts';
import { saveBlob } from '../../shared/api/save-blob.ts';
import type { JobStatus } from '../../shared/jobs/use-job.ts';

export const backupKeys = { all: ['backups'] as const };

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
