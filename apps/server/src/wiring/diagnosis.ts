import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import type { AlgorithmRunner } from '../modules/algorithms/algorithm-runner.ts';
import { createAttachmentsRepo } from '../modules/attachments/attachments.repo.ts';
import { registerAttachmentsRoutes } from '../modules/attachments/attachments.routes.ts';
import {
  type AttachmentsService,
  createAttachmentsService,
} from '../modules/attachments/attachments.service.ts';
import { createComputedRepo } from '../modules/computed/computed.repo.ts';
import { registerComputedRoutes } from '../modules/computed/computed.routes.ts';
import { createComputedService } from '../modules/computed/computed.service.ts';
import { createDiagnosisAccess } from '../modules/diagnosis/diagnosis.access.ts';
import { createDiagnosisRepo } from '../modules/diagnosis/diagnosis.repo.ts';
import { registerDiagnosisRoutes } from '../modules/diagnosis/diagnosis.routes.ts';
import { createDiagnosisService } from '../modules/diagnosis/diagnosis.service.ts';
import { createDiagnosisAnalysisRepo } from '../modules/diagnosis/diagnosis-analysis.repo.ts';
import { createDiagnosisAnalysisService } from '../modules/diagnosis/diagnosis-analysis.service.ts';
import { createDiagnosisBatchService } from '../modules/diagnosis/diagnosis-batch.service.ts';
import { registerDiagnosisWorkRoutes } from '../modules/diagnosis/diagnosis-work.routes.ts';
import { type RecomputeOptions, recompute } from '../modules/diagnosis/recompute.ts';
import { createScoreRepo } from '../modules/diagnosis/score/score.repo.ts';
import { registerScoreRoutes } from '../modules/diagnosis/score/score.routes.ts';
import { createScoreService } from '../modules/diagnosis/score/score.service.ts';
import type { FilesService } from '../modules/files/files.service.ts';
import type { UploadsService } from '../modules/files/uploads.service.ts';
import { createUploads } from './accounts.ts';
import type { AppOptions, WiringContext } from './context.ts';

/** The improvement tasks and who may act on them: attachments and computed results check through the same access. */
export function createDiagnosisCore(database: Database) {
  const repo = createDiagnosisRepo(database.db);
  const access = createDiagnosisAccess(repo);
  const diagnosis = createDiagnosisService({
    repo,
    access,
    recompute: (recomputeOptions) => recompute(database.db, recomputeOptions),
  });
  return { repo, access, diagnosis };
}

export type DiagnosisCore = ReturnType<typeof createDiagnosisCore>;

/** Built before the jobs platform, as always: the uploads' onClose hook keeps its place ahead of the runner's and the jobs'. */
export function createAttachments(
  app: FastifyInstance,
  options: AppOptions,
  deps: { files: FilesService; core: DiagnosisCore },
) {
  const attachments = createAttachmentsService({
    repo: createAttachmentsRepo(options.database.db),
    access: deps.core.access,
    files: deps.files,
    storage: options.storage,
  });
  return { attachments, uploads: createUploads(app, options) };
}

export function wireAttachments(
  { router }: WiringContext,
  deps: { attachments: AttachmentsService; uploads: UploadsService },
) {
  registerAttachmentsRoutes(router, deps);
}

export function wireScore({ router, database, jobs }: WiringContext) {
  registerScoreRoutes(router, { score: createScoreService({ repo: createScoreRepo(database.db), jobs }) });
}

export function wireDiagnosis({ router, database, jobs }: WiringContext, core: DiagnosisCore) {
  registerDiagnosisRoutes(router, { diagnosis: core.diagnosis });
  const workDeps = {
    repo: core.repo,
    access: core.access,
    recompute: (recomputeOptions: RecomputeOptions) => recompute(database.db, recomputeOptions),
    analysisRepo: createDiagnosisAnalysisRepo(database.db),
    jobs,
    now: () => new Date(),
  };
  registerDiagnosisWorkRoutes(router, {
    batch: createDiagnosisBatchService(workDeps),
    analysis: createDiagnosisAnalysisService(workDeps),
    jobs,
  });
}

/** The computed results of the assigned points; the quality reports explain a point through it. */
export function wireComputed(
  { router, database, jobs, options }: WiringContext,
  deps: { runner: AlgorithmRunner; core: DiagnosisCore },
) {
  const computed = createComputedService({
    repo: createComputedRepo(database.db),
    runner: options.algorithmRunner ?? deps.runner,
    access: deps.core.access,
    jobs,
    recompute: (recomputeOptions) => recompute(database.db, recomputeOptions),
    ...(options.interfaceLimits ? { interfaceLimits: options.interfaceLimits } : {}),
  });
  registerComputedRoutes(router, { computed, jobs });
  return computed;
}
