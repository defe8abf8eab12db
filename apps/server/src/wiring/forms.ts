import type { FormDefinition } from '@eduqa/contract';
import { createCollectRepo } from '../modules/forms/collect.repo.ts';
import { registerCollectRoutes } from '../modules/forms/collect.routes.ts';
import { createCollectDataService } from '../modules/forms/collect-data.service.ts';
import { createCollectFillService } from '../modules/forms/collect-fill.service.ts';
import { createFillImport } from '../modules/forms/collect-import.ts';
import { createValueNotices } from '../modules/forms/collect-known.ts';
import { createPublicLinksService } from '../modules/forms/collect-public.service.ts';
import { createCollectTasksService } from '../modules/forms/collect-tasks.service.ts';
import { createConstantsImport } from '../modules/forms/constants.import.ts';
import { createConstantsRepo } from '../modules/forms/constants.repo.ts';
import { registerConstantsRoutes } from '../modules/forms/constants.routes.ts';
import { createConstantsService } from '../modules/forms/constants.service.ts';
import { createFormsRepo, type FormsRepo } from '../modules/forms/forms.repo.ts';
import { registerFormsRoutes } from '../modules/forms/forms.routes.ts';
import { createFormsService, loadFieldOptions } from '../modules/forms/forms.service.ts';
import { createWarehouseRepo } from '../modules/warehouse/warehouse.repo.ts';
import { registerWarehouseRoutes } from '../modules/warehouse/warehouse.routes.ts';
import { createWarehouseService } from '../modules/warehouse/warehouse.service.ts';
import { createWarehouseTransfer } from '../modules/warehouse/warehouse.transfer.ts';
import type { WiringContext } from './context.ts';

/** Forms, their constants and the warehouse tables they write; returns the repos data collection and portraits read. */
export function wireForms({ router, database, jobs, storage }: WiringContext) {
  const warehouseRepo = createWarehouseRepo(database.db);
  // A form's warehouse table changes in the form's transaction: the warehouse service built on it.
  const formsRepo = createFormsRepo(database.db, {
    warehouseOn: (db) => createWarehouseService({ repo: createWarehouseRepo(db) }),
  });
  const forms = createFormsService({
    repo: formsRepo,
  });
  registerFormsRoutes(router, { forms });
  const constantsRepo = createConstantsRepo(database.db);
  registerConstantsRoutes(router, {
    constants: createConstantsService({ repo: constantsRepo }),
    excel: createConstantsImport({ repo: constantsRepo, jobs, storage }),
    jobs,
  });
  registerWarehouseRoutes(router, {
    warehouse: createWarehouseService({ repo: warehouseRepo, guardTables: forms.guardWarehouseTables }),
    transfer: createWarehouseTransfer({ repo: warehouseRepo, jobs, storage }),
    jobs,
  });
  return { formsRepo, warehouseRepo };
}

/** 数据采集: tasks, fills, their Excel import, the data, public links and the known-value notices. */
export function wireCollect(
  { router, database, jobs, storage }: WiringContext,
  deps: { formsRepo: FormsRepo },
) {
  const collectRepo = createCollectRepo(database.db);
  const fills = createCollectFillService({ repo: collectRepo });
  const fieldOptions = (definition: FormDefinition) => loadFieldOptions(deps.formsRepo, definition);
  registerCollectRoutes(router, {
    tasks: createCollectTasksService({ repo: collectRepo }),
    fills,
    fillImport: createFillImport({ fills, fieldOptions, jobs, storage }),
    data: createCollectDataService({ repo: collectRepo, jobs }),
    links: createPublicLinksService({
      repo: collectRepo,
      fieldOptions,
    }),
    notices: createValueNotices({ repo: collectRepo.known }),
    jobs,
  });
}
