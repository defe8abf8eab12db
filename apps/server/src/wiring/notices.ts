import { randomBytes } from 'node:crypto';
import { createDeliveryRepo } from '../modules/notices/delivery.repo.ts';
import { registerDeliveryRoutes } from '../modules/notices/delivery.routes.ts';
import { createDeliveryService } from '../modules/notices/delivery.service.ts';
import { createNoticesRepo } from '../modules/notices/notices.repo.ts';
import { registerNoticesRoutes } from '../modules/notices/notices.routes.ts';
import { createNoticesService } from '../modules/notices/notices.service.ts';
import { sendReminders } from '../modules/notices/reminders.ts';
import type { WiringContext } from './context.ts';

/** How often queued e-mails and robot posts are looked for, on every instance (skip locked shares them). */
const DELIVERY_TICK_MS = 5_000;

/**
 * 消息中心 and its delivery: the bell and list, the reminders on the jobs platform's clock (hourly), and the
 * outbox that turns notices into e-mails and robot posts after their change committed.
 */
export function wireNotices({ app, router, database, jobs, options }: WiringContext) {
  const notices = createNoticesService({ repo: createNoticesRepo(database.db) });
  registerNoticesRoutes(router, { notices });
  const repo = createDeliveryRepo(database.db);
  const log = (error: unknown, message: string) => app.log.error({ err: error }, message);
  const delivery = createDeliveryService({ repo, key: options.dataSourceKey ?? randomBytes(32), log });
  registerDeliveryRoutes(router, { delivery });
  if (options.notices?.reminders !== false)
    jobs.every({
      name: 'notice-reminders',
      minutes: options.notices?.reminderEveryMinutes ?? 60,
      async run() {
        await sendReminders(database.db, { days: (await repo.settings()).reminderDays });
        await delivery.sendDigests();
      },
    });
  if (options.notices?.delivery !== false) startDeliveryLoop({ app, delivery, log });
  return { notices, delivery };
}

function startDeliveryLoop(input: {
  app: WiringContext['app'];
  delivery: ReturnType<typeof createDeliveryService>;
  log: (error: unknown, message: string) => void;
}) {
  const { app, delivery, log } = input;
  let isRunning = false;
  let current: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (isRunning) return;
    isRunning = true;
    current = (async () => {
      await delivery.dispatch();
      await delivery.sendDue();
    })()
      .catch((error: unknown) => log(error, 'notice delivery'))
      .finally(() => {
        isRunning = false;
      });
  }, DELIVERY_TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await current;
  });
}
