import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { createAuditRecorder, type RecorderOptions } from '../modules/audit/audit.recorder.ts';
import { createAuditRepo } from '../modules/audit/audit.repo.ts';
import { registerAuditRoutes } from '../modules/audit/audit.routes.ts';
import { createAuditService } from '../modules/audit/audit.service.ts';
import type { WiringContext } from './context.ts';

/**
 * The audit trail's recorder: built before the router, which records every state-changing request through
 * it; what is still buffered is written when the app closes, before the database does.
 */
export function createAuditTrail(
  app: FastifyInstance,
  database: Database,
  options?: Partial<RecorderOptions>,
) {
  const recorder = createAuditRecorder({
    repo: createAuditRepo(database.db),
    log: (error, message) => app.log.error({ err: error }, message),
    ...(options ? { options } : {}),
  });
  app.addHook('onClose', () => recorder.close());
  return recorder;
}

/** Answers the service: its retention purge is run by the backup schedule (wiring/backup.ts). */
export function wireAudit({ router, database, audit }: WiringContext) {
  const service = createAuditService({ repo: createAuditRepo(database.db), recorder: audit });
  registerAuditRoutes(router, { audit: service });
  return service;
}
