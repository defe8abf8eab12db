import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../db/client.ts';
import { createBackupAdmin, removePartialArchives } from '../modules/backup/backup.admin.ts';
import { createBackupRepo } from '../modules/backup/backup.repo.ts';
import { registerBackupRoutes } from '../modules/backup/backup.routes.ts';
import { createBackupScheduler } from '../modules/backup/backup.scheduler.ts';
import { createBackupService } from '../modules/backup/backup.service.ts';
import { createBackupScheduleRepo } from '../modules/backup/backup-schedule.repo.ts';
import { createBackupScheduleService } from '../modules/backup/backup-schedule.service.ts';
import { createOrgRepo } from '../modules/org/org.repo.ts';
import { APP_VERSION } from '../platform/app-version.ts';
import type { WiringContext } from './context.ts';

/** What 备份与恢复 takes from other domains: the school's zone (系统设置) and the audit trail's purge. */
export interface BackupPorts {
  timeZone: () => Promise<string>;
  purgeAudit(input: { retentionDays: number; now: Date }): Promise<number>;
}

/**
 * 备份与恢复 on the screen and 定时备份. main.ts says where archives go (DATA_DIR/backups) and where the
 * files and the data-source key live; without it (tests) a folder of its own under the system's temporary
 * directory. Answers the scheduler, which app.ts starts once the job runner runs.
 */
export function wireBackup(ctx: WiringContext, ports: BackupPorts) {
  const { router, database, storage, jobs, options, app } = ctx;
  const settings = options.backup ?? {
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-backups-')),
    fileStorage: 'local' as const,
    dataSourceKey: { location: '测试用的随机密钥', fingerprint: null },
  };
  for (const name of removePartialArchives(settings.dir)) {
    app.log.warn(`removed ${name}: left by a backup that was stopped midway`);
  }
  const service = createBackupService({
    repo: createBackupRepo(
      database,
      settings.fileStorage === 'database' ? { kind: 'database' } : { kind: 'local', storage },
    ),
    migrationsFolder: MIGRATIONS_FOLDER,
    appVersion: APP_VERSION,
    dataSourceKey: settings.dataSourceKey,
    timeZone: ports.timeZone,
  });
  const scheduleRepo = createBackupScheduleRepo(database.db);
  const schedulerOptions = options.backupScheduler ?? {};
  const schedule = createBackupScheduleService({
    repo: scheduleRepo,
    jobs,
    timeZone: ports.timeZone,
    ...(schedulerOptions.now ? { now: schedulerOptions.now } : {}),
  });
  const orgRepo = createOrgRepo(database.db);
  const admin = createBackupAdmin({
    dir: settings.dir,
    service,
    jobs,
    personName: async (userId) => (await orgRepo.findUserSummary(userId))?.name ?? null,
    schedule: schedule.runs,
  });
  registerBackupRoutes(router, { admin, jobs, schedule });
  return createBackupScheduler({
    repo: scheduleRepo,
    timeZone: ports.timeZone,
    startBackup: (day) => admin.startScheduled(day),
    purgeAudit: ports.purgeAudit,
    log: (error, message) => app.log.error({ err: error }, message),
    ...(schedulerOptions.now ? { now: schedulerOptions.now } : {}),
    ...(schedulerOptions.intervalMs ? { intervalMs: schedulerOptions.intervalMs } : {}),
  });
}
