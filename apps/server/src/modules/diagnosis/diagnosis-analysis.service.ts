import type * as S from '@eduqa/contract';
import type { AnalysisObject, AnalysisPoint, AnalysisQuality, DiagnosisTask } from '@eduqa/contract';
import { z } from 'zod';
import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { DiagnosisAccess } from './diagnosis.access.ts';
import { seesAll } from './diagnosis.access.ts';
import type { DiagnosisRepo } from './diagnosis.repo.ts';
import { DIAGNOSIS_MESSAGES as M, type Paged } from './diagnosis.rules.ts';
import type { DiagnosisAnalysisRepo } from './diagnosis-analysis.repo.ts';
import { actorOfJob, DIAGNOSIS_JOB_KINDS, JobActorSchema, jobActorOf } from './diagnosis-batch.service.ts';
import { visibleTaskOrThrow } from './diagnosis-tasks.service.ts';

type In<T extends z.ZodType> = z.output<T>;

/** What the cache job leaves as its result: the answer and the fingerprint it was computed under. */
const CacheResultSchema = z.object({
  fingerprint: z.string(),
  points: z.array(z.custom<AnalysisPoint>((v) => typeof v === 'object' && v !== null)),
});

/**
 * A cache answers everyone who reads the same object tasks: publishers and auditors read all of a task
 * and share one; anyone else reads their own and has their own.
 */
const cacheSubject = (actor: Actor, taskId: string) => `${taskId}:${seesAll(actor) ? 'all' : actor.userId}`;

/**
 * 统计分析 of a diagnosis task (analysis/*): its tasks by level, its objects with their attainment, and
 * its points with theirs. The points of a whole task are one grouped statement; `cacheQualityByTaskId`
 * runs it as a job, and `selectQuality` answers from that job's result while the task's points and the
 * caller's object tasks are as they were when it ran (no table: the cache is the job's result).
 */
export function createDiagnosisAnalysisService(deps: {
  repo: DiagnosisRepo;
  access: DiagnosisAccess;
  analysisRepo: DiagnosisAnalysisRepo;
  jobs: Jobs;
}) {
  const { repo, access, analysisRepo, jobs } = deps;

  async function computePoints(taskId: string, reader: Actor) {
    // The fingerprint first: a change while the points are read makes the cache stale, never wrong.
    const fingerprint = await analysisRepo.fingerprint(taskId, reader);
    return { fingerprint, points: await analysisRepo.points({ taskId, reader }) };
  }

  const cacheJob = jobs.register(DIAGNOSIS_JOB_KINDS.qualityCache, {
    payload: z.object({ actor: JobActorSchema, taskId: z.string() }),
    failedMessage: '质控点分析计算失败，请重试',
    async run({ payload, report }) {
      await report(10);
      const actor = actorOfJob(payload.actor);
      return { result: await computePoints(payload.taskId, actor) };
    },
  });

  /** The newest finished cache of the caller's subject, when it still holds. */
  async function freshCache(actor: Actor, taskId: string) {
    const subject = cacheSubject(actor, taskId);
    const job = (await cacheJob.latest([subject])).get(subject);
    if (job?.state !== 'finished') return null;
    const cached = CacheResultSchema.safeParse(job.result);
    if (!cached.success) return null;
    const now = await analysisRepo.fingerprint(taskId, actor);
    return cached.data.fingerprint === now ? { points: cached.data.points, at: job.finishedAt } : null;
  }

  return {
    async tasksByLevel(actor: Actor, query: In<typeof S.AnalysisTasksQuerySchema>): Promise<DiagnosisTask[]> {
      return repo.tasksOfLevel({ reader: actor, level: query.level, state: query.state });
    },

    async objectsOfTask(actor: Actor, query: S.AnalysisObjectsInput): Promise<Paged<AnalysisObject>> {
      await visibleTaskOrThrow(repo, actor, query.taskId);
      return analysisRepo.pageObjects({ taskId: query.taskId, reader: actor, keyword: query.keyword }, query);
    },

    async quality(actor: Actor, query: S.AnalysisQualityInput): Promise<AnalysisQuality> {
      await visibleTaskOrThrow(repo, actor, query.taskId);
      if (query.objectTaskId) {
        await access.objectTaskRight(actor, query.objectTaskId, 'read');
        // An object task of another task is as unknown here as a missing one.
        if ((await analysisRepo.objectTaskFacts(query.objectTaskId))?.taskId !== query.taskId) {
          throw notFound(M.objectTaskNotFound);
        }
        const points = await analysisRepo.points({
          taskId: query.taskId,
          reader: actor,
          objectTaskId: query.objectTaskId,
        });
        return { taskId: query.taskId, objectTaskId: query.objectTaskId, cachedAt: null, points };
      }
      const cached = await freshCache(actor, query.taskId);
      if (cached) {
        return {
          taskId: query.taskId,
          objectTaskId: null,
          cachedAt: formatDateTime(cached.at),
          points: cached.points,
        };
      }
      return {
        taskId: query.taskId,
        objectTaskId: null,
        cachedAt: null,
        points: await analysisRepo.points({ taskId: query.taskId, reader: actor }),
      };
    },

    async startCache(actor: Actor, taskId: string) {
      await visibleTaskOrThrow(repo, actor, taskId);
      const job = await cacheJob.enqueue({
        actorId: actor.userId,
        payload: { actor: jobActorOf(actor), taskId },
        subjectKey: cacheSubject(actor, taskId),
      });
      return { taskId: job.id };
    },

    kinds: [DIAGNOSIS_JOB_KINDS.qualityCache] as const,
  };
}

export type DiagnosisAnalysisService = ReturnType<typeof createDiagnosisAnalysisService>;
