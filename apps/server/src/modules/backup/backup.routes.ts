import { backupFutureTasks, backupEndpoints as E } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { registerFutureTaskRoutes } from '../../platform/jobs/job-routes.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Router } from '../../platform/route.ts';
import { contentDisposition } from '../attachments/attachments.routes.ts';
import { BACKUP_JOB, type BackupAdmin } from './backup.admin.ts';
import type { BackupScheduleService } from './backup-schedule.service.ts';

/** 备份与恢复: for whoever manages the system settings (the administrator by default). */
export function registerBackupRoutes(
  router: Router,
  deps: { admin: BackupAdmin; jobs: Jobs; schedule: BackupScheduleService },
) {
  const { admin, schedule } = deps;
  const manage = access.action('org.setting.manage');

  router.route(E.list, manage, () => admin.list());
  router.route(E.start, manage, ({ actor }) => admin.start(actor.userId));
  router.route(E.schedule, manage, () => schedule.get());
  router.route(E.saveSchedule, manage, ({ body }) => schedule.save(body));
  router.route(E.download, manage, async ({ query, reply }) => {
    const archive = admin.open(query.name);
    reply
      .header('content-type', 'application/gzip')
      .header('content-length', String(archive.size))
      .header('content-disposition', contentDisposition('attachment', query.name))
      .header('cache-control', 'no-store')
      .send(archive.stream);
  });
  registerFutureTaskRoutes(router, {
    endpoints: backupFutureTasks,
    jobs: deps.jobs,
    access: manage,
    kinds: [BACKUP_JOB],
  });
}
