import type { Database } from '../db/client.ts';
import { registerAuthorityRoutes } from '../modules/analysis/authority.routes.ts';
import { createAuthorityService } from '../modules/analysis/authority.service.ts';
import { createDoubleHighRepo } from '../modules/analysis/double-high.repo.ts';
import { createDoubleHighService } from '../modules/analysis/double-high.service.ts';
import { createPeerTransfer } from '../modules/analysis/peer-import.ts';
import { ensurePeerCatalogue } from '../modules/analysis/peers.catalogue.ts';
import { createPeersRepo } from '../modules/analysis/peers.repo.ts';
import { registerPeersRoutes } from '../modules/analysis/peers.routes.ts';
import { createPeersService } from '../modules/analysis/peers.service.ts';
import { createPortraitDataRepo } from '../modules/analysis/portraits.data.repo.ts';
import { createPortraitDataService } from '../modules/analysis/portraits.data.service.ts';
import { createPortraitsRepo } from '../modules/analysis/portraits.repo.ts';
import { registerPortraitsRoutes } from '../modules/analysis/portraits.routes.ts';
import { createPortraitsService } from '../modules/analysis/portraits.service.ts';
import { createRivalService } from '../modules/analysis/rival.service.ts';
import { createSchoolTransfer } from '../modules/analysis/schools.import.ts';
import { createSchoolsRepo } from '../modules/analysis/schools.repo.ts';
import { registerSchoolRoutes } from '../modules/analysis/schools.routes.ts';
import { createSchoolsService } from '../modules/analysis/schools.service.ts';
import { createTargetBandRepo } from '../modules/analysis/target-band.repo.ts';
import { registerTargetBandRoutes } from '../modules/analysis/target-band.routes.ts';
import { createTargetBandService } from '../modules/analysis/target-band.service.ts';
import type { WarehouseRepo } from '../modules/warehouse/warehouse.repo.ts';
import { createWarehouseService } from '../modules/warehouse/warehouse.service.ts';
import type { WiringContext } from './context.ts';

/** 智能分析 年报指标 and 对标分析; the 质量年报 catalogue is seeded while its table is empty, at every start. */
export async function wirePeers({ router, database, jobs, storage }: WiringContext) {
  await ensurePeerCatalogue(database.db);
  const peersRepo = createPeersRepo(database.db);
  registerPeersRoutes(router, {
    peers: createPeersService({ repo: peersRepo }),
    rival: createRivalService({ repo: peersRepo }),
    transfer: createPeerTransfer({ repo: peersRepo, jobs, storage }),
    jobs,
  });
}

export function wireTargetBand({ router, database }: WiringContext) {
  registerTargetBandRoutes(router, {
    targetBand: createTargetBandService({ repo: createTargetBandRepo(database.db) }),
  });
}

export function wireSchools({ router, database, jobs, storage }: WiringContext) {
  const schoolsRepo = createSchoolsRepo(database.db);
  registerSchoolRoutes(router, {
    schools: createSchoolsService({ repo: schoolsRepo }),
    doubleHigh: createDoubleHighService({ repo: createDoubleHighRepo(database.db) }),
    transfer: createSchoolTransfer({ repo: schoolsRepo, jobs, storage }),
    jobs,
  });
}

/**
 * Who may see which portrait and data screen: built before the screens' measures, which check a screen
 * through it, and registered with the portraits.
 */
export function createPortraitsCore(database: Database) {
  const repo = createPortraitsRepo(database.db);
  const dataRepo = createPortraitDataRepo(database.db);
  const authority = createAuthorityService({ repo, objectVisible: dataRepo.objectVisible });
  return { repo, dataRepo, authority };
}

export type PortraitsCore = ReturnType<typeof createPortraitsCore>;

export function wirePortraits(
  { router }: WiringContext,
  deps: { core: PortraitsCore; warehouseRepo: WarehouseRepo },
) {
  const { repo, dataRepo, authority } = deps.core;
  registerPortraitsRoutes(router, {
    portraits: createPortraitsService({ repo }),
    data: createPortraitDataService({
      repo: dataRepo,
      portraits: repo,
      authority,
      warehouseTable: (id) => createWarehouseService({ repo: deps.warehouseRepo }).tableDetail(id),
    }),
  });
  registerAuthorityRoutes(router, { authority });
}
