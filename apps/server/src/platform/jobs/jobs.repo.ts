import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryGroups } from '../../db/transaction.ts';
import { jobs } from './jobs.table.ts';

export type JobRow = typeof jobs.$inferSelect;

const ACTIVE = ['waiting', 'running'];

// Measured on the database's clock, the one every instance's heartbeat is written with.
const silentFor = (ms: number) => sql`${jobs.heartbeatAt} < now() - ${ms} * interval '1 millisecond'`;

/** A job as it ended (finished or failed), for what follows in the same transaction. */
export interface EndedJob {
  id: string;
  kind: string;
  actorUserId: string;
  state: string;
  message: string;
  payload: unknown;
}

/** Work done in the transaction that ends a job (its owner's message); it must not throw. */
export type OnJobEnded = (tx: Db, job: EndedJob) => Promise<void>;

const ENDED = {
  id: jobs.id,
  kind: jobs.kind,
  actorUserId: jobs.actorUserId,
  state: jobs.state,
  message: jobs.message,
  payload: jobs.payload,
};

/** The jobs table's queries; the runner owns the rules of when each applies. */
export function createJobsRepo(db: Db, onEnded?: OnJobEnded) {
  /** Ends jobs with one update; `onEnded` runs for each in the same transaction. */
  async function ending(update: (q: Db) => Promise<EndedJob[]>): Promise<void> {
    if (!onEnded) {
      await update(db);
      return;
    }
    await db.transaction(async (tx) => {
      for (const job of await update(tx)) await onEnded(tx, job);
    });
  }
  return queryGroups(jobRecords(db), jobRuns(db, ending));
}

/** Jobs as their starters see them: queued, looked up, removed when ended. */
function jobRecords(db: Db) {
  return {
    async insert(row: {
      id: string;
      kind: string;
      subjectKey: string | null;
      actorUserId: string;
      payload: unknown;
    }): Promise<JobRow | null> {
      const [inserted] = await db.insert(jobs).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async find(id: string): Promise<JobRow | null> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row ?? null;
    },

    async active(kind: string, subjectKey: string): Promise<JobRow | null> {
      const [row] = await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, kind), eq(jobs.subjectKey, subjectKey), inArray(jobs.state, ACTIVE)));
      return row ?? null;
    },

    /** The newest job of each subject. */
    async latest(kind: string, subjectKeys: readonly string[]): Promise<JobRow[]> {
      if (subjectKeys.length === 0) return [];
      return db
        .selectDistinctOn([jobs.subjectKey])
        .from(jobs)
        .where(and(eq(jobs.kind, kind), inArray(jobs.subjectKey, [...subjectKeys])))
        .orderBy(jobs.subjectKey, desc(jobs.createdAt), desc(jobs.id));
    },

    /** Removes an ended job of its actor (the spec's doneFutureTask). */
    async remove(input: { id: string; actorUserId: string }): Promise<boolean> {
      const removed = await db
        .delete(jobs)
        .where(
          and(
            eq(jobs.id, input.id),
            eq(jobs.actorUserId, input.actorUserId),
            inArray(jobs.state, ['finished', 'failed']),
          ),
        )
        .returning({ id: jobs.id });
      return removed.length === 1;
    },
  };
}

/** A job's run: claimed by one runner, kept alive by its heartbeat, ended, handed back or failed. */
function jobRuns(db: Db, ending: (update: (q: Db) => Promise<EndedJob[]>) => Promise<void>) {
  return {
    /**
     * Takes a job for this runner: a waiting one, or a running one whose runner went silent (a retry after
     * its process died). A job another runner is still beating is left alone.
     */
    async claim(input: { id: string; runnerId: string; silentMs: number }): Promise<JobRow | null> {
      const [row] = await db
        .update(jobs)
        .set({
          state: 'running',
          runnerId: input.runnerId,
          attempts: sql`${jobs.attempts} + 1`,
          startedAt: sql`coalesce(${jobs.startedAt}, now())`,
          heartbeatAt: sql`now()`,
        })
        .where(
          and(
            eq(jobs.id, input.id),
            or(eq(jobs.state, 'waiting'), and(eq(jobs.state, 'running'), silentFor(input.silentMs))),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Progress and heartbeat, written only while this runner holds the job. */
    async beat(input: { id: string; runnerId: string; progress?: number; message?: string }) {
      await db
        .update(jobs)
        .set({
          heartbeatAt: sql`now()`,
          ...(input.progress === undefined ? {} : { progress: input.progress }),
          ...(input.message === undefined ? {} : { message: input.message }),
        })
        .where(and(eq(jobs.id, input.id), eq(jobs.runnerId, input.runnerId), eq(jobs.state, 'running')));
    },

    async finish(input: {
      id: string;
      runnerId: string;
      result: unknown;
      file: { key: string; name: string } | null;
      message: string;
    }) {
      await ending((q) =>
        q
          .update(jobs)
          .set({
            state: 'finished',
            progress: 100,
            message: input.message,
            result: input.result ?? null,
            resultFileKey: input.file?.key ?? null,
            resultFileName: input.file?.name ?? null,
            finishedAt: sql`now()`,
            heartbeatAt: sql`now()`,
          })
          .where(and(eq(jobs.id, input.id), eq(jobs.runnerId, input.runnerId), eq(jobs.state, 'running')))
          .returning(ENDED),
      );
    },

    /** Fails a job; with a runner id only while that runner holds it. */
    async fail(input: { id: string; runnerId?: string; message: string }) {
      await ending((q) =>
        q
          .update(jobs)
          .set({ state: 'failed', message: input.message, finishedAt: sql`now()` })
          .where(
            and(
              eq(jobs.id, input.id),
              inArray(jobs.state, ACTIVE),
              input.runnerId === undefined ? undefined : eq(jobs.runnerId, input.runnerId),
            ),
          )
          .returning(ENDED),
      );
    },

    /** Hands a running job back to the queue (its runner is shutting down) so a retry claims it at once. */
    async release(input: { id: string; runnerId: string }) {
      await db
        .update(jobs)
        .set({ state: 'waiting', runnerId: null })
        .where(and(eq(jobs.id, input.id), eq(jobs.runnerId, input.runnerId), eq(jobs.state, 'running')));
    },

    /** Running jobs silent for longer than `silentMs`, each with its kind (to word the failure). */
    async silent(silentMs: number): Promise<{ id: string; kind: string }[]> {
      return db
        .select({ id: jobs.id, kind: jobs.kind })
        .from(jobs)
        .where(and(eq(jobs.state, 'running'), silentFor(silentMs)));
    },

    /** How many rows each kind has in each state (the metrics scrape's): one grouped scan of the table. */
    async countByKindAndState(): Promise<{ kind: string; state: string; count: number }[]> {
      return db
        .select({ kind: jobs.kind, state: jobs.state, count: sql<number>`count(*)::int` })
        .from(jobs)
        .groupBy(jobs.kind, jobs.state);
    },

    /** Every unfinished job, at the start of a process that alone owns the database (PGlite). */
    async unfinished(): Promise<{ id: string; kind: string }[]> {
      return db.select({ id: jobs.id, kind: jobs.kind }).from(jobs).where(inArray(jobs.state, ACTIVE));
    },
  };
}

export type JobsRepo = ReturnType<typeof createJobsRepo>;
