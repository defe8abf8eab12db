import {
  warehouseEndpoints as E,
  type FieldRefKind,
  type FieldType,
  fromRowFilterWire,
  toFieldWire,
  toRowWire,
  toTableWire,
  toWarehouseWire,
  warehouseFutureTasks,
} from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { sendWorkbook } from '../../platform/excel/send-workbook.ts';
import { readImportUpload } from '../../platform/jobs/excel-import.ts';
import { registerFutureTaskRoutes } from '../../platform/jobs/job-routes.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { FieldInput } from './warehouse.model.ts';
import type { WarehouseService } from './warehouse.service.ts';
import type { WarehouseTransfer } from './warehouse.transfer.ts';

/** The field form's wire names → the rules' input. */
const fieldInput = (body: {
  zdmc: string;
  zddm: string;
  zdlx: FieldType;
  sfbt?: boolean | undefined;
  sfwy?: boolean | undefined;
  gllx?: FieldRefKind | '' | undefined;
  cllxid?: string | undefined;
  sort?: number | undefined;
}): FieldInput => ({
  label: body.zdmc,
  code: body.zddm,
  type: body.zdlx,
  isRequired: body.sfbt ?? false,
  isUnique: body.sfwy ?? false,
  refKind: body.gllx ? body.gllx : null,
  refTypeId: body.cllxid || null,
  sort: body.sort,
});

/**
 * 数据管理 › 数据仓库: every call needs the 数据管理 menu — warehouse rows are a school's raw data
 * (students, staff), and only data managers and administrators hold that menu.
 */
export function registerWarehouseRoutes(
  router: Router,
  deps: { warehouse: WarehouseService; transfer: WarehouseTransfer; jobs: Jobs },
) {
  const { warehouse: w, transfer, jobs } = deps;
  const manage = access.menu('dataManage');

  router.route(E.warehouseAll, manage, async () => (await w.allWarehouses()).map(toWarehouseWire));
  router.route(E.warehousePage, manage, async ({ query }) =>
    toWirePage(await w.warehousePage(query.keyword, query), query, toWarehouseWire),
  );
  router.route(E.warehouseInsert, manage, async ({ body }) =>
    toWarehouseWire(await w.createWarehouse({ name: body.ckmc, remark: body.ckms, sort: body.sort })),
  );
  router.route(E.warehouseUpdate, manage, async ({ body }) =>
    toWarehouseWire(
      await w.updateWarehouse(body.id, { name: body.ckmc, remark: body.ckms, sort: body.sort }),
    ),
  );
  router.route(E.warehouseDelete, manage, async ({ body }) => {
    await w.removeWarehouses(body.ids);
    return null;
  });

  router.route(E.tableAll, manage, async ({ query }) => (await w.allTables(query.ckid)).map(toTableWire));
  router.route(E.tablePage, manage, async ({ query }) =>
    toWirePage(
      await w.tablePage(
        { warehouseId: query.ckid || undefined, keyword: query.keyword, deleted: false },
        query,
      ),
      query,
      toTableWire,
    ),
  );
  router.route(E.tableDetail, manage, async ({ query }) => {
    const { fields, ...table } = await w.tableDetail(query.id);
    return { ...toTableWire(table), fields: fields.map(toFieldWire) };
  });
  router.route(E.tableInsert, manage, async ({ body }) =>
    toTableWire(await w.createTable({ warehouseId: body.ckid, name: body.bmc, remark: body.bms })),
  );
  router.route(E.tableUpdate, manage, async ({ body }) =>
    toTableWire(await w.updateTable(body.id, { name: body.bmc, remark: body.bms })),
  );
  router.route(E.tableDelete, manage, async ({ actor, body }) => {
    await w.removeTables(body.ids, actor.userId);
    return null;
  });
  router.route(E.createPhysical, manage, async ({ body }) => toTableWire(await w.createPhysical(body.id)));
  router.route(E.dropPhysical, manage, async ({ body }) => toTableWire(await w.dropPhysical(body.id)));
  router.route(E.rows, manage, async ({ query }) => {
    const page = await w.browseRows({
      id: query.id,
      filters: (query.filters ?? []).map(fromRowFilterWire),
      sort: query.pxzd ? { code: query.pxzd, order: query.pxfs ?? 'asc' } : null,
      paging: query,
    });
    return toWirePage(page, query, toRowWire);
  });

  registerFieldAndBinRoutes(router, w);
  registerTransferRoutes(router, { transfer, jobs });
}

/** 回收站 and 字段 (ckbzd). */
function registerFieldAndBinRoutes(router: Router, w: WarehouseService) {
  const manage = access.menu('dataManage');
  router.route(E.recyclePage, manage, async ({ query }) =>
    toWirePage(await w.tablePage({ keyword: query.keyword, deleted: true }, query), query, toTableWire),
  );
  router.route(E.recycleRestore, manage, async ({ body }) => {
    await w.restoreTables(body.ids);
    return null;
  });
  router.route(E.recyclePurge, manage, async ({ body }) => {
    await w.purgeTables(body.ids);
    return null;
  });

  router.route(E.fieldAll, manage, async ({ query }) => (await w.allFields(query.ckbid)).map(toFieldWire));
  router.route(E.fieldPage, manage, async ({ query }) =>
    toWirePage(await w.fieldPage(query.ckbid, query.keyword, query), query, toFieldWire),
  );
  router.route(E.fieldInsert, manage, async ({ body }) =>
    toFieldWire(await w.createField(body.ckbid, fieldInput(body))),
  );
  router.route(E.fieldUpdate, manage, async ({ body }) =>
    toFieldWire(await w.updateField(body.id, fieldInput(body))),
  );
  router.route(E.fieldDelete, manage, async ({ body }) => {
    await w.removeFields(body.ids);
    return null;
  });
}

function registerTransferRoutes(router: Router, deps: { transfer: WarehouseTransfer; jobs: Jobs }) {
  const { transfer, jobs } = deps;
  const manage = access.menu('dataManage');
  router.route(E.structureImport, manage, async ({ actor, request }) =>
    transfer.structureImport.start(actor, await readImportUpload(request)),
  );
  router.route(E.dataImport, manage, async ({ actor, request }) =>
    transfer.dataImport.start(actor, await readImportUpload(request)),
  );
  router.route(E.structureExport, manage, async ({ query, reply }) => {
    const file = await transfer.exportStructure(query.id);
    sendWorkbook(reply, file.name, file.bytes);
  });
  router.route(E.dataExport, manage, async ({ query, reply }) => {
    const file = await transfer.exportData(query.id);
    sendWorkbook(reply, file.name, file.bytes);
  });
  router.route(E.template, manage, async ({ query, reply }) => {
    const file = await transfer.template(query.id);
    sendWorkbook(reply, file.name, file.bytes);
  });
  // Only the starter polls an import.
  registerFutureTaskRoutes(router, {
    endpoints: warehouseFutureTasks,
    jobs,
    access: manage,
    kinds: [transfer.structureImport.kind, transfer.dataImport.kind],
  });
}
