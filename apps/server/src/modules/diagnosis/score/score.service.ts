import {
  type CalScoreInput,
  type ObjectTaskScore,
  type ObjectTaskScoreView,
  objectTaskScore,
  type ScoredPoint,
  type ScoreJob,
} from '@eduqa/contract';
import { z } from 'zod';
import type { Actor } from '../../../platform/access.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import type { Job, Jobs } from '../../../platform/jobs/jobs.ts';
import { formatDateTime } from '../../../platform/time.ts';
import { isManager } from '../diagnosis.access.ts';
import type { ScoreRepo, ScoreScope, ScoreViewRow } from './score.repo.ts';

/** The job kind of 计算得分. */
export const SCORE_JOB = 'diagnosis-score';

export const SCORE_MESSAGES = {
  needSubject: '请选择诊断任务或对象任务',
  taskNotFound: '诊断任务不存在',
  objectTaskNotFound: '对象任务不存在',
  jobNotFound: '计算得分任务不存在',
  needPublisher: '只有任务发布者可以计算得分',
  noObjects: '该任务还没有诊断对象，无法计算得分',
  failed: '计算得分失败，请重试',
  interrupted: '计算得分中断（服务已重启），请重新计算',
} as const;
const M = SCORE_MESSAGES;

export interface ScoreRun {
  /** Object tasks in the scope. */
  objectTasks: number;
  /** Of them, those that have a score (at least one graded point). */
  scored: number;
}

/**
 * Computes and stores the score of every object task in the scope (rule: contract score.ts): one
 * statement reads the graded points with their indicator paths, the rule runs here, one statement
 * writes every score. Idempotent; an object task left without a graded point loses its old score.
 */
export async function computeScores(
  repo: ScoreRepo,
  scope: ScoreScope,
  report: (progress: number, message: string) => Promise<void> = async () => {},
): Promise<ScoreRun> {
  const objectTaskIds = await repo.objectTaskIds(scope);
  const points = await repo.gradedPoints(scope);
  await report(50, `已读取${points.length}个已评等级的质控点`);
  const byObjectTask = new Map<string, ScoredPoint[]>();
  for (const { objectTaskId, ...point } of points) {
    const list = byObjectTask.get(objectTaskId);
    if (list) list.push(point);
    else byObjectTask.set(objectTaskId, [point]);
  }
  const scores = new Map<string, ObjectTaskScore>();
  for (const [objectTaskId, list] of byObjectTask) {
    const score = objectTaskScore(list);
    if (score) scores.set(objectTaskId, score);
  }
  await repo.writeScores(scope, scores);
  return { objectTasks: objectTaskIds.length, scored: scores.size };
}

/** The subject of a score job says its scope, so that a reader's rights can be checked against it. */
const subjectOf = (scope: { taskId: string; objectTaskId: string | null }) =>
  scope.objectTaskId ? `object:${scope.objectTaskId}` : `task:${scope.taskId}`;

const PayloadSchema = z.object({ taskId: z.string(), objectTaskId: z.string().nullable() });

function toView(row: ScoreViewRow): ObjectTaskScoreView {
  const hasScore = row.score !== null;
  return {
    objectTaskId: row.objectTaskId,
    objectName: row.objectName,
    score: row.score,
    gradedPoints: hasScore ? (row.gradedPoints ?? 0) : 0,
    computedAt: hasScore && row.computedAt ? formatDateTime(row.computedAt) : null,
  };
}

/**
 * 得分 of object tasks (obj/calScore, obj/getCalScoreResult, obj/selectScore). Starting a computation is
 * for the task's publisher and diagnosis managers; whoever cannot read the task (or object task) gets
 * not-found, a reader who may not start it is refused. A job's progress and scores are for whoever may
 * read one of its object tasks, and show only those they may read.
 */
export function createScoreService(deps: { repo: ScoreRepo; jobs: Jobs }) {
  const { repo, jobs } = deps;
  const job = jobs.register(SCORE_JOB, {
    payload: PayloadSchema,
    label: '计算诊断得分',
    failedMessage: M.failed,
    interruptedMessage: M.interrupted,
    async run({ payload, report }) {
      await report(5, '正在读取质控点等级');
      const run = await computeScores(repo, payload, report);
      return { result: run, message: `已计算${run.objectTasks}个对象任务，${run.scored}个有得分` };
    },
  });

  /** The scope of a start request, checked against the actor. */
  async function scopeToStart(actor: Actor, body: CalScoreInput) {
    if (!body.taskId && !body.objectTaskId) throw new AppError('VALIDATION', M.needSubject);
    let taskId: string;
    let publisher: string;
    if (body.objectTaskId) {
      const row = await repo.findObjectTask(actor, body.objectTaskId);
      if (!row?.readable || (body.taskId && body.taskId !== row.taskId)) throw notFound(M.objectTaskNotFound);
      taskId = row.taskId;
      publisher = row.publisherUserId;
    } else {
      const row = await repo.findTask(actor, body.taskId!);
      if (!row?.readable) throw notFound(M.taskNotFound);
      taskId = row.id;
      publisher = row.publisherUserId;
    }
    if (publisher !== actor.userId && !isManager(actor)) throw new AppError('FORBIDDEN', M.needPublisher);
    return { taskId, objectTaskId: body.objectTaskId ?? null };
  }

  /** The object tasks of a job's scope that the actor may read; none for a job that is not a score job. */
  async function readableOfJob(actor: Actor, found: Job | null): Promise<string[]> {
    if (!found || found.kind !== SCORE_JOB || !found.subjectKey) return [];
    const [kind, id] = found.subjectKey.split(':');
    if (!id) return [];
    if (kind === 'object') return (await repo.findObjectTask(actor, id))?.readable ? [id] : [];
    return repo.objectTaskIds({ taskId: id }, actor);
  }

  async function views(ids: readonly string[]) {
    return (await repo.scoreViews(ids)).map(toView);
  }

  async function toScoreJob(found: Job, readableIds: readonly string[]): Promise<ScoreJob> {
    return {
      jobId: found.id,
      state: found.state,
      progress: found.progress,
      message: found.message,
      scores: found.state === 'finished' ? await views(readableIds) : null,
    };
  }

  return {
    kinds: [SCORE_JOB] as const,

    /** Starts (or, when one is under way for the same subject, answers) the score job of a task or object task. */
    async start(actor: Actor, body: CalScoreInput): Promise<ScoreJob> {
      const scope = await scopeToStart(actor, body);
      const ids = await repo.objectTaskIds(scope);
      if (ids.length === 0) throw new AppError('UNPROCESSABLE', M.noObjects);
      const started = await job.enqueue({
        actorId: actor.userId,
        payload: scope,
        subjectKey: subjectOf(scope),
      });
      return toScoreJob(started, ids);
    },

    /** A score job's progress and, once finished, the scores of the object tasks the actor may read. */
    async result(actor: Actor, jobId: string): Promise<ScoreJob> {
      const found = await jobs.get(jobId);
      const readable = await readableOfJob(actor, found);
      if (!found || readable.length === 0) throw notFound(M.jobNotFound);
      return toScoreJob(found, readable);
    },

    /** The stored score of an object task the actor may read (score null when there is none). */
    async score(actor: Actor, objectTaskId: string): Promise<ObjectTaskScoreView> {
      if (!(await repo.findObjectTask(actor, objectTaskId))?.readable) throw notFound(M.objectTaskNotFound);
      const [view] = await views([objectTaskId]);
      if (!view) throw notFound(M.objectTaskNotFound);
      return view;
    },
  };
}

export type ScoreService = ReturnType<typeof createScoreService>;
