import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../db/client.ts';
import { createBackupAdmin } from '../modules/backup/backup.admin.ts';
import { createBackupRepo } from '../modules/backup/backup.repo.ts';
import { registerBackupRoutes } from '../modules/backup/backup.routes.ts';
import { createBackupService } from '../modules/backup/backup.service.ts';
import { createOrgRepo } from '../modules/org/org.repo.ts';
import { APP_VERSION } from '../platform/app-version.ts';
import type { WiringContext } from './context.ts';

/**
 * 备份与恢复 on the screen. main.ts says where archives go (DATA_DIR/backups) and where the files and the
 * data-source key live; without it (tests) a folder of its own under the system's temporary directory.
 */
export function wireBackup({ router, database, storage, jobs, options }: WiringContext) {
  const settings = options.backup ?? {
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'eduqa-backups-')),
    fileStorage: 'local' as const,
    dataSourceKey: { location: '测试用的随机密钥', fingerprint: null },
  };
  const service = createBackupService({
    repo: createBackupRepo(
      database,
      settings.fileStorage === 'database' ? { kind: 'database' } : { kind: 'local', storage },
    ),
    migrationsFolder: MIGRATIONS_FOLDER,
    appVersion: APP_VERSION,
    dataSourceKey: settings.dataSourceKey,
  });
  const orgRepo = createOrgRepo(database.db);
  const admin = createBackupAdmin({
    dir: settings.dir,
    service,
    jobs,
    personName: async (userId) => (await orgRepo.findUserSummary(userId))?.name ?? null,
  });
  registerBackupRoutes(router, { admin, jobs });
}
