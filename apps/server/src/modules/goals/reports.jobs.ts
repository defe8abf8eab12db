import type { JobRunner } from './reports.service.ts';

/**
 * Report generations run in this process after the request that started them (DESIGN §2: on PGlite the job
 * interface runs in process). Their progress lives in `goal_report_jobs`, so polling does not depend on
 * reaching this process; `close` waits for running work so the database is not closed under it.
 */
export function createReportJobRunner(): JobRunner & { close(): Promise<void> } {
  const running = new Set<Promise<void>>();
  let closed = false;
  return {
    start(work) {
      if (closed) return;
      const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .finally(() => running.delete(job));
      running.add(job);
    },
    async close() {
      closed = true;
      await Promise.allSettled([...running]);
    },
  };
}
