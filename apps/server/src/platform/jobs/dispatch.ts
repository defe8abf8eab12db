import type pg from 'pg';
import PgBoss from 'pg-boss';

/** How a kind is queued: the queue's expiry and retries (a retry runs only when a runner died). */
export interface QueuePolicy {
  expireSeconds: number;
  retryLimit: number;
}

/**
 * Hands job ids to `execute`. The jobs table holds the state; a dispatcher only decides which process runs
 * a job. `execute` rejects only when the job should be run again elsewhere (this runner is stopping).
 */
export interface Dispatcher {
  start(kinds: ReadonlyMap<string, QueuePolicy>, execute: (jobId: string) => Promise<void>): Promise<void>;
  send(kind: string, jobId: string, policy: QueuePolicy): Promise<void>;
  /** Stops taking new work; work already taken goes on. */
  pause(): Promise<void>;
  close(): Promise<void>;
}

export interface DispatchOptions {
  /** Jobs one runner works on at once, per kind on PostgreSQL, in all on PGlite. */
  concurrency: number;
  pollSeconds: number;
  /** How often pg-boss looks for expired jobs (one instance does it per interval). */
  maintenanceSeconds: number;
}

type Log = (error: unknown, message: string) => void;

/** PGlite: one process owns the database, so the queue is an array in this process. */
export function createInProcessDispatcher(
  options: Pick<DispatchOptions, 'concurrency'>,
  log: Log,
): Dispatcher {
  const queue: string[] = [];
  let execute: ((jobId: string) => Promise<void>) | null = null;
  let active = 0;
  let isPaused = false;
  function pump() {
    while (execute && !isPaused && active < options.concurrency && queue.length > 0) {
      const jobId = queue.shift()!;
      active += 1;
      const run = execute;
      // After the current request: the caller answers the job's first state before it runs.
      setImmediate(() => {
        run(jobId)
          .catch((error: unknown) => log(error, `job ${jobId} stopped`))
          .finally(() => {
            active -= 1;
            pump();
          });
      });
    }
  }
  return {
    async start(_kinds, run) {
      execute = run;
      pump();
    },
    async send(_kind, jobId) {
      queue.push(jobId);
      pump();
    },
    async pause() {
      isPaused = true;
    },
    async close() {
      queue.length = 0;
    },
  };
}

/**
 * PostgreSQL: pg-boss over the app's own pool, so every instance on the database shares the work. A job
 * whose instance died expires and is retried by another; our claim on the jobs row keeps a job that is
 * still beating from running twice.
 */
const DEADLOCK = '40P01';

/**
 * Runs a schema step of pg-boss again when PostgreSQL broke a deadlock by failing it: instances starting
 * at the same moment create the same queues, and one of them may be chosen as the victim.
 */
export async function retryOnDeadlock<T>(step: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code !== DEADLOCK || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}

export function createPgBossDispatcher(input: {
  pool: pg.Pool;
  options: DispatchOptions;
  log: Log;
}): Dispatcher {
  const { pool, options, log } = input;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceSeconds,
  });
  // pg-boss emits its polling and maintenance failures (a database restarting); unheard they would throw.
  boss.on('error', (error) => log(error, 'pg-boss'));
  const kinds: string[] = [];
  return {
    async start(policies, execute) {
      await retryOnDeadlock(() => boss.start());
      for (const kind of policies.keys()) {
        await retryOnDeadlock(() => boss.createQueue(kind));
        kinds.push(kind);
        for (let i = 0; i < options.concurrency; i += 1) {
          await boss.work<{ jobId: string }>(
            kind,
            { pollingIntervalSeconds: options.pollSeconds, batchSize: 1 },
            async ([job]) => {
              if (job) await execute(job.data.jobId);
            },
          );
        }
      }
    },
    async send(kind, jobId, policy) {
      await boss.send(
        kind,
        { jobId },
        { expireInSeconds: policy.expireSeconds, retryLimit: policy.retryLimit, retryDelay: 1 },
      );
    },
    async pause() {
      for (const kind of kinds) await boss.offWork(kind);
    },
    async close() {
      await boss.stop({ graceful: false, close: false });
    },
  };
}
