import { type FutureTask, type FutureTaskEndpoints, isJobActive } from '@eduqa/contract';
import type { Access } from '../access.ts';
import { AppError, notFound } from '../errors.ts';
import type { Router } from '../route.ts';
import { JOB_MESSAGES, type Job, type Jobs } from './jobs.ts';

export function toFutureTask(job: Job): FutureTask {
  return {
    taskId: job.id,
    state: job.state,
    progress: job.progress,
    message: job.message,
    result: job.result,
    fileName: job.fileName,
  };
}

/**
 * Registers a domain's getFutureTaskResult / doneFutureTask. Only the job's starter sees it, and only jobs
 * of the domain's kinds: anyone else gets the same "not found" as for a missing job.
 */
export function registerFutureTaskRoutes(
  router: Pick<Router, 'route'>,
  input: {
    endpoints: FutureTaskEndpoints;
    jobs: Jobs;
    access: Exclude<Access, { kind: 'public' }>;
    kinds: readonly string[];
  },
) {
  const { endpoints, jobs, access, kinds } = input;
  async function ownJob(actorId: string, taskId: string): Promise<Job> {
    const job = await jobs.get(taskId);
    if (!job || job.actorId !== actorId || !kinds.includes(job.kind)) throw notFound(JOB_MESSAGES.notFound);
    return job;
  }
  router.route(endpoints.result, access, async ({ actor, query }) =>
    toFutureTask(await ownJob(actor.userId, query.taskId)),
  );
  router.route(endpoints.done, access, async ({ actor, body }) => {
    const job = await ownJob(actor.userId, body.taskId);
    if (isJobActive(job.state)) throw new AppError('UNPROCESSABLE', JOB_MESSAGES.notEnded);
    await jobs.remove(job.id, actor.userId);
    return null;
  });
}
