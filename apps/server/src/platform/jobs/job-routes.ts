import {
  type Endpoint,
  type FutureTask,
  type FutureTaskEndpoints,
  type ImportJobWireSchema,
  isJobActive,
} from '@eduqa/contract';
import type { z } from 'zod';
import type { Access, Actor } from '../access.ts';
import { AppError, notFound } from '../errors.ts';
import type { Router } from '../route.ts';
import { type ImportUpload, readImportUpload } from './excel-import.ts';
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

/** An import's start route: a multipart upload answered by the job's id. */
type ImportStartEndpoint = Endpoint<
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  typeof ImportJobWireSchema
>;

/** What `createExcelImport` answers, as far as its job routes need it. */
export interface JobImport {
  kind: string;
  start(actor: Actor, upload: ImportUpload): Promise<{ taskId: string }>;
}

/**
 * The route set of Excel imports run as jobs: each import's start route, and the domain's
 * getFutureTaskResult / doneFutureTask pair, which polls the jobs of these imports' kinds only.
 */
export function registerImportJobRoutes(
  router: Pick<Router, 'route'>,
  input: {
    futureTasks: FutureTaskEndpoints;
    jobs: Jobs;
    access: Exclude<Access, { kind: 'public' }>;
    imports: readonly { start: ImportStartEndpoint; importer: JobImport }[];
  },
) {
  const { futureTasks, jobs, access, imports } = input;
  for (const { start, importer } of imports) {
    router.route(start, access, async ({ actor, request }) =>
      importer.start(actor, await readImportUpload(request)),
    );
  }
  registerFutureTaskRoutes(router, {
    endpoints: futureTasks,
    jobs,
    access,
    kinds: imports.map(({ importer }) => importer.kind),
  });
}
