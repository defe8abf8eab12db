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
  /** Registers, before `start`, work that runs every few minutes on one instance at a time. */
  every(periodic: Periodic): void;
  send(kind: string, jobId: string, policy: QueuePolicy): Promise<void>;
  /** Stops taking new work; work already taken goes on. */
  pause(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Work on a clock (到期提醒, delivery retries): every `minutes` (a divisor of 60, or a multiple of 60 up to a
 * day), on PostgreSQL as a pg-boss schedule — one job per tick for all instances, so it never runs twice at
 * once — and on PGlite on a timer of this process, first a few seconds after start (a restart catches up).
 */
export interface Periodic {
  name: string;
  minutes: number;
  run(): Promise<void>;
}

/** The cron of a tick every `minutes`. */
export function cronOf(minutes: number): string {
  if (minutes < 60 && 60 % minutes === 0) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  if (minutes % 60 === 0 && minutes <= 1440)
    return minutes === 60 ? '0 * * * *' : `0 */${minutes / 60} * * *`;
  throw new Error(`no cron for every ${minutes} minutes`);
}

export interface DispatchOptions {
  /** Jobs one runner works on at once, per kind on PostgreSQL, in all on PGlite. */
  concurrency: number;
  pollSeconds: number;
  /**
   * Whether a job sent here wakes this instance's workers (PostgreSQL); otherwise they find it at their next
   * poll. Off only where a test needs another instance to run what this one queued.
   */
  wakeOnSend?: boolean;
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
  const periodics: Periodic[] = [];
  const timers: NodeJS.Timeout[] = [];
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
      for (const periodic of periodics) timers.push(...everyInProcess(periodic, log));
    },
    every(periodic) {
      periodics.push(periodic);
    },
    async send(_kind, jobId) {
      queue.push(jobId);
      pump();
    },
    async pause() {
      isPaused = true;
      for (const timer of timers.splice(0)) clearTimeout(timer);
    },
    async close() {
      queue.length = 0;
    },
  };
}

/** A tick that is still running when the next is due is skipped, not doubled. */
function everyInProcess(periodic: Periodic, log: Log): NodeJS.Timeout[] {
  let isRunning = false;
  const tick = () => {
    if (isRunning) return;
    isRunning = true;
    periodic
      .run()
      .catch((error: unknown) => log(error, `periodic ${periodic.name}`))
      .finally(() => {
        isRunning = false;
      });
  };
  const first = setTimeout(tick, 5_000);
  const interval = setInterval(tick, periodic.minutes * 60_000);
  first.unref();
  interval.unref();
  return [first, interval];
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
    // The cron monitor: one instance at a time turns each schedule's minute into one job.
    schedule: true,
    maintenanceIntervalSeconds: options.maintenanceSeconds,
  });
  // pg-boss emits its polling and maintenance failures (a database restarting); unheard they would throw.
  boss.on('error', (error) => log(error, 'pg-boss'));
  const kinds: string[] = [];
  const periodics: Periodic[] = [];
  /** This instance's workers per kind: a job sent here wakes them instead of waiting for their next poll. */
  const workersOf = new Map<string, string[]>();
  return {
    every(periodic) {
      periodics.push(periodic);
    },
    async start(policies, execute) {
      await retryOnDeadlock(() => boss.start());
      for (const periodic of periodics) {
        await retryOnDeadlock(() => boss.createQueue(periodic.name));
        await retryOnDeadlock(() => boss.schedule(periodic.name, cronOf(periodic.minutes), {}));
        kinds.push(periodic.name);
        await boss.work(
          periodic.name,
          { pollingIntervalSeconds: options.pollSeconds, batchSize: 1 },
          async () => {
            await periodic.run();
          },
        );
      }
      for (const kind of policies.keys()) {
        await retryOnDeadlock(() => boss.createQueue(kind));
        kinds.push(kind);
        const workers: string[] = [];
        workersOf.set(kind, workers);
        for (let i = 0; i < options.concurrency; i += 1) {
          const worker = await boss.work<{ jobId: string }>(
            kind,
            { pollingIntervalSeconds: options.pollSeconds, batchSize: 1 },
            async ([job]) => {
              if (job) await execute(job.data.jobId);
            },
          );
          workers.push(worker);
        }
      }
    },
    async send(kind, jobId, policy) {
      await boss.send(
        kind,
        { jobId },
        { expireInSeconds: policy.expireSeconds, retryLimit: policy.retryLimit, retryDelay: 1 },
      );
      // An idle worker here fetches it now rather than at its next poll (up to `pollSeconds` later); a
      // busy one fetches when it is done. Other instances still find it by polling.
      if (options.wakeOnSend === false) return;
      for (const worker of workersOf.get(kind) ?? []) boss.notifyWorker(worker);
    },
    async pause() {
      for (const kind of kinds) await boss.offWork(kind);
    },
    async close() {
      await boss.stop({ graceful: false, close: false });
    },
  };
}
