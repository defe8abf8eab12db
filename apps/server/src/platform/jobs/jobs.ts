import type { z } from 'zod';
import type { Database, Db } from '../../db/client.ts';
import type { NoticeInput } from '../../modules/notices/notices.writer.ts';
import { AppError } from '../errors.ts';
import { newId } from '../ids.ts';
import {
  createInProcessDispatcher,
  createPgBossDispatcher,
  type Dispatcher,
  type DispatchOptions,
  type Periodic,
  type QueuePolicy,
} from './dispatch.ts';
import { createJobsRepo, type EndedJob, type JobRow } from './jobs.repo.ts';

export type JobState = 'waiting' | 'running' | 'finished' | 'failed';

export const JOB_MESSAGES = {
  interrupted: '任务执行中断（服务已重启），请重新发起',
  failed: '任务执行失败，请重试',
  unknownKind: '任务类型未注册，无法执行',
  notFound: '任务不存在',
  busy: '任务正在执行，请稍后再试',
  notEnded: '任务尚未结束，不能确认',
} as const;

/** A job as callers see it. */
export interface Job {
  id: string;
  kind: string;
  subjectKey: string | null;
  state: JobState;
  progress: number;
  message: string;
  actorId: string;
  result: unknown;
  fileKey: string | null;
  fileName: string | null;
  attempts: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface JobContext<P> {
  jobId: string;
  actorId: string;
  payload: P;
  /** Progress 0–100 and an optional Chinese note; it also keeps the job's heartbeat. */
  report(progress: number, message?: string): Promise<void>;
  /** Aborted when this runner shuts down before the handler ends. */
  signal: AbortSignal;
}

/** What a finished job answers: a JSON result and, optionally, a stored file. */
export interface JobOutcome {
  result?: unknown;
  file?: { key: string; name: string };
  message?: string;
}

export interface JobKindOptions<S extends z.ZodType> {
  payload: S;
  /**
   * The work in the person's words, a two-character verb and its object (「导入年度任务」, 「生成质量报告」):
   * when set, the person who started a job hears when it ends (「导入完成：年度任务」, 「导入失败：年度任务」).
   */
  label?: string;
  /**
   * True while the starter awaits the job in their own request (an import done at once): they read its end
   * there, so it sends no message. Known only to the instance that took the request.
   */
  isAwaited?(payload: z.output<S>): boolean;
  /** Throw `AppError` to fail with its (Chinese) message; anything else fails with `failedMessage`. */
  run(context: JobContext<z.output<S>>): Promise<JobOutcome | undefined>;
  interruptedMessage?: string;
  failedMessage?: string;
  /** Seconds after which pg-boss hands a job whose runner went quiet to another instance. */
  expireSeconds?: number;
  retryLimit?: number;
}

/** One registered kind: start its jobs and read them back. */
export interface JobKind<S extends z.ZodType> {
  kind: string;
  enqueue(input: { actorId: string; payload: z.input<S>; subjectKey?: string }): Promise<Job>;
  /** The newest job of each subject. */
  latest(subjectKeys: readonly string[]): Promise<Map<string, Job>>;
}

export interface JobsOptions extends DispatchOptions {
  /** How often a running handler touches its row. */
  heartbeatMs: number;
  /** A running job silent this long may be claimed by a retry (its runner died). */
  claimAfterMs: number;
  /** A running job silent this long is failed: nobody will finish it. */
  staleMs: number;
  sweepMs: number;
  /** How long `stop` waits for running handlers before handing their jobs back. */
  graceMs: number;
  expireSeconds: number;
  retryLimit: number;
}

export const DEFAULT_JOBS_OPTIONS: JobsOptions = {
  concurrency: 2,
  pollSeconds: 1,
  maintenanceSeconds: 30,
  heartbeatMs: 5_000,
  claimAfterMs: 15_000,
  staleMs: 5 * 60_000,
  sweepMs: 30_000,
  graceMs: 10_000,
  expireSeconds: 60,
  retryLimit: 2,
};

interface KindEntry extends QueuePolicy {
  payload: z.ZodType;
  label: string | null;
  isAwaited(payload: unknown): boolean;
  run(context: JobContext<unknown>): Promise<JobOutcome | undefined>;
  interruptedMessage: string;
  failedMessage: string;
}

interface Running {
  kind: string;
  controller: AbortController;
  abandon(): void;
  done: Promise<void>;
}

type Log = (error: unknown, message: string) => void;

/** Raised into the dispatcher so that the queue runs the job again elsewhere. */
class HandedBack extends Error {}

const clamp = (progress: number) => Math.min(100, Math.max(0, Math.round(progress)));

/**
 * The one job runner: the `jobs` table is what clients poll; pg-boss (PostgreSQL) or an in-process queue
 * (PGlite) only dispatches. Register every kind before `start`.
 */
export function createJobs(deps: JobsDeps) {
  const context = jobsContext(deps);
  return {
    /** The runner's own id, written on the jobs it holds. */
    runnerId: context.runnerId,
    ...jobKinds(context),
    ...jobRequests(context),
    ...jobsLifecycle(context),
    /** Work on a clock (dispatch.ts `Periodic`); register before `start`. */
    every(periodic: Periodic) {
      if (context.isStarted) throw new Error(`periodic ${periodic.name} registered after start`);
      context.dispatcher.every(periodic);
    },
  };
}

interface JobsDeps {
  database: Database;
  log?: Log;
  options?: Partial<JobsOptions>;
  /** Writes messages on the connection given (notices.writer.ts); without it no job ends with a message. */
  notify?: (db: Db, inputs: readonly NoticeInput[]) => Promise<number>;
}

/** The message of a labelled kind's ended job, to the person who started it (消息中心). */
export function jobEndedNotice(
  label: string,
  job: Pick<EndedJob, 'id' | 'actorUserId' | 'state' | 'message'>,
) {
  const finished = job.state === 'finished';
  const verb = label.slice(0, 2);
  return {
    recipientIds: [job.actorUserId],
    category: 'job',
    kind: finished ? 'job.finished' : 'job.failed',
    title: `${verb}${finished ? '完成' : '失败'}：${label.slice(2) || label}`,
    body: job.message || `${label}已${finished ? '完成' : '失败'}`,
    link: '',
    objectId: job.id,
    actorId: job.actorUserId,
    toSelf: true,
  } satisfies NoticeInput;
}

/** What the parts share: the settings, the queue, the registered kinds, the handlers running here. */
function jobsContext(deps: JobsDeps) {
  const options: JobsOptions = { ...DEFAULT_JOBS_OPTIONS, ...deps.options };
  const log: Log = deps.log ?? (() => {});
  const kinds = new Map<string, KindEntry>();
  const { notify } = deps;
  // The message is written in the transaction that ends the job, under a savepoint: a failure to write it
  // is logged and leaves the job ended as it was.
  const onEnded = notify
    ? async (tx: Db, job: EndedJob) => {
        const entry = kinds.get(job.kind);
        if (!entry?.label || entry.isAwaited(job.payload)) return;
        const { label } = entry;
        try {
          await tx.transaction((savepoint) => notify(savepoint, [jobEndedNotice(label, job)]));
        } catch (error) {
          log(error, `job ${job.id}: its message could not be written`);
        }
      }
    : undefined;
  const repo = createJobsRepo(deps.database.db, onEnded);
  const runnerId = newId();
  const pool = deps.database.pool;
  const dispatcher: Dispatcher = pool
    ? createPgBossDispatcher({ pool, options, log })
    : createInProcessDispatcher(options, log);
  return {
    options,
    log,
    repo,
    runnerId,
    pool,
    dispatcher,
    kinds,
    running: new Map<string, Running>(),
    /** Set by start(): no kind registers after it. */
    isStarted: false,
    /** Set by stop(): a job dispatched after it is handed back. */
    isStopping: false,
  };
}

type JobsContext = ReturnType<typeof jobsContext>;

const interruptedOf = (context: JobsContext, kind: string) =>
  context.kinds.get(kind)?.interruptedMessage ?? JOB_MESSAGES.interrupted;
const isSilent = (context: JobsContext, row: JobRow) =>
  row.state === 'running' && Date.now() - row.heartbeatAt.getTime() > context.options.staleMs;

function toJob(context: JobsContext, row: JobRow): Job {
  const silent = isSilent(context, row);
  return {
    id: row.id,
    kind: row.kind,
    subjectKey: row.subjectKey,
    state: silent ? 'failed' : (row.state as JobState),
    progress: row.progress,
    message: silent ? interruptedOf(context, row.kind) : row.message,
    actorId: row.actorUserId,
    result: row.result,
    fileKey: row.resultFileKey,
    fileName: row.resultFileName,
    attempts: row.attempts,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}

/** A job, with a running one whose runner went silent resolved as failed first. */
async function getJob(context: JobsContext, id: string): Promise<Job | null> {
  const { repo } = context;
  const row = await repo.find(id);
  if (!row) return null;
  if (isSilent(context, row)) await repo.fail({ id, message: interruptedOf(context, row.kind) });
  return toJob(context, isSilent(context, row) ? ((await repo.find(id)) ?? row) : row);
}

async function enqueueJob(
  context: JobsContext,
  kind: string,
  input: { actorId: string; payload: unknown; subjectKey?: string | undefined },
): Promise<Job> {
  const { repo } = context;
  const entry = context.kinds.get(kind);
  if (!entry) throw new Error(`job kind ${kind} is not registered`);
  const subjectKey = input.subjectKey ?? null;
  const payload = entry.payload.parse(input.payload);
  if (subjectKey !== null) {
    const active = await repo.active(kind, subjectKey);
    if (active && isSilent(context, active))
      await repo.fail({ id: active.id, message: entry.interruptedMessage });
  }
  const row = await repo.insert({ id: newId(), kind, subjectKey, actorUserId: input.actorId, payload });
  if (!row) {
    // The subject already has a job under way: answer it instead of starting a second one.
    const active = subjectKey === null ? null : await repo.active(kind, subjectKey);
    if (!active) throw new AppError('CONFLICT', JOB_MESSAGES.busy);
    return toJob(context, active);
  }
  try {
    await context.dispatcher.send(kind, row.id, entry);
  } catch (error) {
    context.log(error, `job ${row.id} could not be queued`);
    await repo.fail({ id: row.id, message: entry.failedMessage });
    throw error;
  }
  return toJob(context, row);
}

async function runHandler(context: JobsContext, entry: KindEntry, row: JobRow, signal: AbortSignal) {
  const { repo, runnerId } = context;
  const { id } = row;
  let outcome: JobOutcome | undefined;
  try {
    outcome = await entry.run({
      jobId: id,
      actorId: row.actorUserId,
      payload: entry.payload.parse(row.payload),
      signal,
      report: (progress, message) => repo.beat({ id, runnerId, progress: clamp(progress), message }),
    });
  } catch (error) {
    if (signal.aborted) return;
    if (!(error instanceof AppError)) context.log(error, `job ${id} (${row.kind}) failed`);
    await repo.fail({
      id,
      runnerId,
      message: error instanceof AppError ? error.message : entry.failedMessage,
    });
    return;
  }
  if (signal.aborted) return;
  await repo.finish({
    id,
    runnerId,
    result: outcome?.result ?? null,
    file: outcome?.file ?? null,
    message: outcome?.message ?? '',
  });
}

/** Runs one dispatched job when this runner can claim it; a job another runner holds is left alone. */
async function execute(context: JobsContext, jobId: string): Promise<void> {
  const { repo, runnerId, log, running } = context;
  if (context.isStopping) throw new HandedBack(`runner stopping; job ${jobId} handed back`);
  const row = await repo.claim({ id: jobId, runnerId, silentMs: context.options.claimAfterMs });
  if (!row) return;
  const entry = context.kinds.get(row.kind);
  if (!entry) {
    await repo.fail({ id: jobId, runnerId, message: JOB_MESSAGES.unknownKind });
    return;
  }
  const controller = new AbortController();
  let abandon = () => {};
  const abandoned = new Promise<never>((_, reject) => {
    abandon = () => reject(new HandedBack(`job ${jobId} handed back at shutdown`));
  });
  const beat = setInterval(() => {
    repo.beat({ id: jobId, runnerId }).catch((error: unknown) => log(error, `job ${jobId} heartbeat`));
  }, context.options.heartbeatMs);
  beat.unref();
  const done = runHandler(context, entry, row, controller.signal);
  // Handled here as well: after a hand-back nobody awaits it any more.
  done.catch((error: unknown) => log(error, `job ${jobId} could not be ended`));
  running.set(jobId, { kind: row.kind, controller, abandon, done });
  try {
    await Promise.race([done, abandoned]);
  } finally {
    clearInterval(beat);
    running.delete(jobId);
  }
}

/** Fails running jobs whose runner went silent (its process died and no retry took them). */
async function sweep(context: JobsContext) {
  for (const job of await context.repo.silent(context.options.staleMs)) {
    await context.repo.fail({ id: job.id, message: interruptedOf(context, job.kind) });
  }
}

/** The kinds this runner knows, each registered once before start. */
function jobKinds(context: JobsContext) {
  const { kinds, options } = context;
  return {
    register<S extends z.ZodType>(kind: string, spec: JobKindOptions<S>): JobKind<S> {
      if (context.isStarted) throw new Error(`job kind ${kind} registered after start`);
      if (kinds.has(kind)) throw new Error(`job kind ${kind} registered twice`);
      kinds.set(kind, {
        payload: spec.payload,
        label: spec.label ?? null,
        isAwaited: (payload) => spec.isAwaited?.(payload as z.output<S>) ?? false,
        run: spec.run as KindEntry['run'],
        interruptedMessage: spec.interruptedMessage ?? JOB_MESSAGES.interrupted,
        failedMessage: spec.failedMessage ?? JOB_MESSAGES.failed,
        expireSeconds: spec.expireSeconds ?? options.expireSeconds,
        retryLimit: spec.retryLimit ?? options.retryLimit,
      });
      return {
        kind,
        enqueue: (input) => enqueueJob(context, kind, input),
        async latest(subjectKeys) {
          const rows = await context.repo.latest(kind, subjectKeys);
          return new Map(rows.map((row) => [row.subjectKey!, toJob(context, row)]));
        },
      };
    },
  };
}

/** What callers ask of jobs: start one, read it, wait for it, remove it once ended. */
function jobRequests(context: JobsContext) {
  const get = (id: string) => getJob(context, id);
  return {
    enqueue: (kind: string, input: { actorId: string; payload: unknown; subjectKey?: string | undefined }) =>
      enqueueJob(context, kind, input),
    get,

    /** Polls a job until it ends or `timeoutMs` passes; answers its last state. */
    async wait(id: string, timeoutMs: number): Promise<Job | null> {
      const until = Date.now() + timeoutMs;
      let job = await get(id);
      while (job && (job.state === 'waiting' || job.state === 'running') && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = await get(id);
      }
      return job;
    },

    /** Removes an ended job of its actor; false when there is none (the spec's doneFutureTask). */
    remove: (id: string, actorId: string) => context.repo.remove({ id, actorUserId: actorId }),

    /**
     * Rows by kind and state, as stored: the whole cluster's jobs, not this runner's. A running job whose
     * runner died counts as running until the sweep fails it (within `sweepMs`).
     */
    countByKindAndState: () => context.repo.countByKindAndState(),
  };
}

/** Starting the runner (and its sweep) and stopping it with a grace period. */
function jobsLifecycle(context: JobsContext) {
  const { repo, runnerId, pool, dispatcher, options, log, running } = context;
  let sweeper: NodeJS.Timeout | undefined;
  return {
    async start() {
      if (context.isStarted) return;
      context.isStarted = true;
      // PGlite: this process alone owns the data, so whatever a previous process left unfinished is lost.
      if (!pool) {
        for (const job of await repo.unfinished()) {
          await repo.fail({ id: job.id, message: interruptedOf(context, job.kind) });
        }
      }
      await dispatcher.start(context.kinds, (jobId) => execute(context, jobId));
      sweeper = setInterval(() => {
        sweep(context).catch((error: unknown) => log(error, 'job sweep'));
      }, options.sweepMs);
      sweeper.unref();
    },

    /**
     * Stops taking work, waits up to `graceMs` for running handlers, then hands the rest back: on
     * PostgreSQL to the queue (another instance retries them), on PGlite as failed.
     */
    async stop() {
      if (!context.isStarted || context.isStopping) return;
      context.isStopping = true;
      clearInterval(sweeper);
      await dispatcher.pause();
      const grace = new Promise((resolve) => setTimeout(resolve, options.graceMs).unref());
      await Promise.race([Promise.allSettled([...running.values()].map((r) => r.done)), grace]);
      for (const [id, job] of running) {
        job.controller.abort();
        if (pool) await repo.release({ id, runnerId }).catch((error: unknown) => log(error, `job ${id}`));
        else await repo.fail({ id, runnerId, message: interruptedOf(context, job.kind) });
        job.abandon();
      }
      await dispatcher.close();
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
