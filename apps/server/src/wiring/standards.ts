import { createResponsibilityRepo } from '../modules/responsibility/responsibility.repo.ts';
import { registerResponsibilityRoutes } from '../modules/responsibility/responsibility.routes.ts';
import { createResponsibilityService } from '../modules/responsibility/responsibility.service.ts';
import { createStandardsRepo } from '../modules/standards/standards.repo.ts';
import { registerStandardsRoutes } from '../modules/standards/standards.routes.ts';
import { createStandardsService } from '../modules/standards/standards.service.ts';
import { createStandardsTransfer } from '../modules/standards/standards.transfer.ts';
import type { WiringContext } from './context.ts';

export function wireStandards({ router, database, jobs, storage }: WiringContext) {
  const standardsRepo = createStandardsRepo(database.db);
  registerStandardsRoutes(router, {
    standards: createStandardsService({ standardsRepo }),
    transfer: createStandardsTransfer({ standardsRepo, jobs, storage }),
    jobs,
  });
}

export function wireResponsibility({ router, database }: WiringContext) {
  registerResponsibilityRoutes(router, {
    responsibility: createResponsibilityService({ repo: createResponsibilityRepo(database.db) }),
  });
}
