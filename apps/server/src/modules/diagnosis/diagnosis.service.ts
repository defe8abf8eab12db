import type { DiagnosisAccess } from './diagnosis.access.ts';
import type { DiagnosisRepo } from './diagnosis.repo.ts';
import type { DiagnosisDeps } from './diagnosis.rules.ts';
import { createDiagnosisAuditService } from './diagnosis-audit.service.ts';
import { createDiagnosisObjectService } from './diagnosis-objects.service.ts';
import { createDiagnosisPointService } from './diagnosis-points.service.ts';
import { createDiagnosisTaskService } from './diagnosis-tasks.service.ts';
import { createDiagnosisWarningService } from './diagnosis-warnings.service.ts';

/**
 * The diagnosis service `/api/herm-zdgj`: one service per seam (tasks, objects and object tasks,
 * points, audit, warnings and focus), all over the one diagnosis repo and access check.
 */
export function createDiagnosisService(deps: {
  repo: DiagnosisRepo;
  access: DiagnosisAccess;
  recompute: DiagnosisDeps['recompute'];
  now?: () => Date;
}) {
  const all: DiagnosisDeps = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    ...createDiagnosisTaskService(all),
    ...createDiagnosisObjectService(all),
    ...createDiagnosisPointService(all),
    ...createDiagnosisAuditService(all),
    ...createDiagnosisWarningService(all),
  };
}

export type DiagnosisService = ReturnType<typeof createDiagnosisService>;
