import {
  dimensionFutureTasks,
  standardsEndpoints as E,
  type QualityPointBody,
  standardsFutureTasks,
  toCategoryWire,
  toCycleTypeWire,
  toCycleWire,
  toDimensionWire,
  toIndicatorNodeWire,
  toQualityPointWire,
} from '@eduqa/contract';
import { type Access, access } from '../../platform/access.ts';
import { sendWorkbook } from '../../platform/excel/send-workbook.ts';
import { readImportUpload } from '../../platform/jobs/excel-import.ts';
import { registerImportJobRoutes } from '../../platform/jobs/job-routes.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { PointInput, StandardsService } from './standards.service.ts';
import type { createStandardsTransfer } from './standards.transfer.ts';

/** Wire body → service input (pinyin → English). */
function pointInput(body: QualityPointBody): PointInput {
  return {
    indicatorId: body.indicatorId,
    code: body.code,
    name: body.zkdmc,
    connotation: body.nh,
    diagnosticStandard: body.zdbz,
    standardValue: body.bzz,
    level: body.level,
    dimension: body.dimension,
    period: body.period,
    direction: body.direction,
    dataType: body.dataType,
    calcMode: body.calcMode,
    samplingPeriod: body.samplingPeriod,
    warningPeriod: body.warningPeriod,
    isQuantitative: body.isQuantitative,
    isJoin: body.isJoin,
    hideNoReachTarget: body.hideNoReachTarget,
    hideNoCompleteTarget: body.hideNoCompleteTarget,
    notAllowChange: body.notAllowChange,
    isFilePoint: body.isFilePoint,
    warningMode: body.warningMode,
    warningCondition: body.warningCondition,
    warningValue: body.warningValue,
    grades: body.grades,
    calRule: body.calRule,
    collectionMethod: body.collectionMethod,
    displayMode: body.displayMode,
    sort: body.sort,
  };
}

/** What each area's routes are registered with. */
interface StandardsRoutesContext {
  router: Router;
  standards: StandardsService;
  transfer: ReturnType<typeof createStandardsTransfer>;
  jobs: Jobs;
  read: Exclude<Access, { kind: 'public' }>;
  write: Exclude<Access, { kind: 'public' }>;
}

/** 目标标准 (/target): reads need the menu, every write needs `standards.manage`. */
export function registerStandardsRoutes(
  router: Router,
  deps: { standards: StandardsService; transfer: ReturnType<typeof createStandardsTransfer>; jobs: Jobs },
) {
  const context: StandardsRoutesContext = {
    ...deps,
    router,
    read: access.menu('target'),
    write: access.action('standards.manage'),
  };
  for (const register of [
    categoriesRoutes,
    indicatorsRoutes,
    qualityPointsRoutes,
    cyclesRoutes,
    dimensionsRoutes,
  ])
    register(context);
}

/** categories */
function categoriesRoutes({ router, standards, read, write }: StandardsRoutesContext) {
  router.route(E.categoryAll, read, async () => (await standards.categories()).map(toCategoryWire));
  router.route(E.categoryInsert, write, async ({ actor, body }) =>
    toCategoryWire(await standards.createCategory(actor, body)),
  );
  router.route(E.categoryUpdate, write, async ({ actor, body }) =>
    toCategoryWire(await standards.updateCategory(actor, body)),
  );
  router.route(E.categoryDelete, write, async ({ actor, params }) => {
    await standards.deleteCategory(actor, params.id);
    return null;
  });
}

/** indicators */
function indicatorsRoutes({ router, standards, read, write }: StandardsRoutesContext) {
  router.route(E.indicatorTree, read, async ({ query }) =>
    (await standards.indicatorTree(query.categoryId)).map(toIndicatorNodeWire),
  );
  router.route(E.indicatorInsert, write, ({ actor, body: { qz, ...body } }) =>
    standards.createIndicator(actor, { ...body, weight: qz }),
  );
  router.route(E.indicatorUpdate, write, async ({ actor, body: { qz, ...body } }) => {
    await standards.renameIndicator(actor, { ...body, weight: qz });
    return null;
  });
  router.route(E.indicatorMove, write, async ({ params, body }) => {
    await standards.moveIndicator({ id: params.id, direction: body.direction });
    return null;
  });
  router.route(E.indicatorDelete, write, async ({ actor, params }) => {
    await standards.deleteIndicator(actor, params.id);
    return null;
  });
}

/** quality points */
function qualityPointsRoutes({ router, standards, transfer, jobs, read, write }: StandardsRoutesContext) {
  router.route(E.qualityPage, read, async ({ query }) => {
    const { pageNum, pageSize, ...filter } = query;
    return toWirePage(
      await standards.points({ filter, paging: { pageNum, pageSize } }),
      query,
      toQualityPointWire,
    );
  });
  router.route(E.qualityDetail, read, async ({ query }) =>
    toQualityPointWire(await standards.point(query.id)),
  );
  router.route(E.qualityInsert, write, async ({ actor, body }) =>
    toQualityPointWire(await standards.createPoint(actor, pointInput(body))),
  );
  router.route(E.qualityUpdate, write, async ({ actor, body }) =>
    toQualityPointWire(await standards.updatePoint(actor, { ...pointInput(body), id: body.zkdid })),
  );
  router.route(E.qualityDelete, write, async ({ actor, body }) => {
    await standards.deletePoints(actor, body.ids);
    return null;
  });
  router.route(E.qualityDownload, read, async ({ reply }) => {
    sendWorkbook(reply, '指标体系.xlsx', await transfer.exportWorkbook());
  });
  router.route(E.qualityTemplate, read, async ({ reply }) => {
    sendWorkbook(reply, '指标体系导入模板.xlsx', await transfer.template());
  });
  router.route(E.qualityUpload, write, async ({ actor, request }) =>
    transfer.indicatorImport.importNow(actor, await readImportUpload(request)),
  );
  // Only the starter polls an import.
  registerImportJobRoutes(router, {
    futureTasks: standardsFutureTasks,
    jobs,
    access: write,
    imports: [{ start: E.qualityUploadJob, importer: transfer.indicatorImport }],
  });
}

/** cycles */
function cyclesRoutes({ router, standards, read, write }: StandardsRoutesContext) {
  router.route(E.cycleTypes, read, async () => (await standards.cycleTypes()).map(toCycleTypeWire));
  router.route(E.cycleTypeInsert, write, async ({ body }) =>
    toCycleTypeWire(await standards.createCycleType({ name: body.lxmc, sort: body.sort })),
  );
  router.route(E.cycleTypeUpdate, write, async ({ body }) =>
    toCycleTypeWire(await standards.updateCycleType({ id: body.id, name: body.lxmc, sort: body.sort })),
  );
  router.route(E.cycleTypeDelete, write, async ({ params }) => {
    await standards.deleteCycleType(params.id);
    return null;
  });
  router.route(E.cyclePage, read, async ({ query }) => {
    const { pageNum, pageSize, ...filter } = query;
    return toWirePage(await standards.cycles({ filter, paging: { pageNum, pageSize } }), query, toCycleWire);
  });
  router.route(E.cycleByTypeName, read, async ({ query }) => {
    const { list, defaultCycle } = await standards.cyclesByTypeName(query);
    return {
      list: list.map(toCycleWire),
      cycleDefaultsValue: defaultCycle
        ? { cycleNumber: defaultCycle.number, cycleId: defaultCycle.id }
        : null,
    };
  });
  router.route(E.cycleInsert, write, async ({ body }) =>
    toCycleWire(
      await standards.createCycle({ typeId: body.typeId, number: body.cycleNumber, sort: body.sort }),
    ),
  );
  router.route(E.cycleUpdate, write, async ({ body }) =>
    toCycleWire(await standards.updateCycle({ id: body.cycleId, number: body.cycleNumber, sort: body.sort })),
  );
  router.route(E.cycleDelete, write, async ({ body }) => {
    await standards.deleteCycles([body.cycleId]);
    return null;
  });
  router.route(E.cycleIdsDelete, write, async ({ body }) => {
    await standards.deleteCycles(body.ids);
    return null;
  });
  router.route(E.cycleDefault, write, async ({ params }) =>
    toCycleWire(await standards.makeDefaultCycle(params.id)),
  );
  router.route(E.cycleHidden, write, async ({ params, body }) =>
    toCycleWire(await standards.setCycleHidden({ id: params.id, hidden: body.status })),
  );
}

/** dimensions */
function dimensionsRoutes({ router, standards, transfer, jobs, read, write }: StandardsRoutesContext) {
  router.route(E.dimensionDownload, read, async ({ reply }) => {
    sendWorkbook(reply, '维度.xlsx', await transfer.exportDimensions());
  });
  router.route(E.dimensionTemplate, read, async ({ reply }) => {
    sendWorkbook(reply, '维度导入模板.xlsx', await transfer.dimensionTemplate());
  });
  registerImportJobRoutes(router, {
    futureTasks: dimensionFutureTasks,
    jobs,
    access: write,
    imports: [{ start: E.dimensionUpload, importer: transfer.dimensionImport }],
  });
  router.route(E.dimensionPage, read, async ({ query }) =>
    toWirePage(await standards.dimensions({ keyword: query.keyword, paging: query }), query, toDimensionWire),
  );
  router.route(E.dimensionDetail, read, async ({ query }) =>
    toDimensionWire(await standards.dimension(query.pk_Dimension_Id)),
  );
  router.route(E.dimensionInsert, write, async ({ body }) =>
    toDimensionWire(
      await standards.createDimension({
        name: body.dimension_Name,
        displayName: body.display_Name,
        sort: body.sort,
      }),
    ),
  );
  router.route(E.dimensionUpdate, write, async ({ body }) =>
    toDimensionWire(
      await standards.updateDimension({
        id: body.pk_Dimension_Id,
        name: body.dimension_Name,
        displayName: body.display_Name,
        sort: body.sort,
      }),
    ),
  );
  router.route(E.dimensionDelete, write, async ({ body }) => {
    await standards.deleteDimension(body.pk_Dimension_Id);
    return null;
  });
}
