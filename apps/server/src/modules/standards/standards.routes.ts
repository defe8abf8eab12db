import {
  categoryToWire,
  cycleToWire,
  cycleTypeToWire,
  dimensionToWire,
  standardsEndpoints as E,
  indicatorNodeToWire,
  type PagingQuery,
  type QualityPointBody,
  qualityPointToWire,
  toPage,
} from '@eduqa/contract';
import type { FastifyReply } from 'fastify';
import { access } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { readSingleFile } from '../../platform/multipart.ts';
import type { Router } from '../../platform/route.ts';
import type { PointInput, StandardsService } from './standards.service.ts';
import type { createStandardsTransfer } from './standards.transfer.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** An indicator system of a few thousand rows is well under this. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const mapPage = <T, W>(page: { records: T[]; total: number }, paging: PagingQuery, map: (item: T) => W) =>
  toPage(page.records.map(map), page.total, paging);

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

function sendWorkbook(reply: FastifyReply, name: string, bytes: Buffer) {
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(bytes);
}

/** 目标标准 (/target): reads need the menu, every write needs `standards.manage`. */
export function registerStandardsRoutes(
  router: Router,
  deps: { standards: StandardsService; transfer: ReturnType<typeof createStandardsTransfer> },
) {
  const { standards, transfer } = deps;
  const read = access.menu('target');
  const write = access.action('standards.manage');

  // categories
  router.route(E.categoryAll, read, async () => (await standards.categories()).map(categoryToWire));
  router.route(E.categoryInsert, write, async ({ body }) =>
    categoryToWire(await standards.createCategory(body)),
  );
  router.route(E.categoryUpdate, write, async ({ body }) =>
    categoryToWire(await standards.updateCategory(body)),
  );
  router.route(E.categoryDelete, write, async ({ params }) => {
    await standards.deleteCategory(params.id);
    return null;
  });

  // indicators
  router.route(E.indicatorTree, read, async ({ query }) =>
    (await standards.indicatorTree(query.categoryId)).map(indicatorNodeToWire),
  );
  router.route(E.indicatorInsert, write, ({ body }) => standards.createIndicator(body));
  router.route(E.indicatorUpdate, write, async ({ body }) => {
    await standards.renameIndicator(body);
    return null;
  });
  router.route(E.indicatorMove, write, async ({ params, body }) => {
    await standards.moveIndicator({ id: params.id, direction: body.direction });
    return null;
  });
  router.route(E.indicatorDelete, write, async ({ params }) => {
    await standards.deleteIndicator(params.id);
    return null;
  });

  // quality points
  router.route(E.qualityPage, read, async ({ query }) => {
    const { pageNum, pageSize, ...filter } = query;
    return mapPage(
      await standards.points({ filter, paging: { pageNum, pageSize } }),
      query,
      qualityPointToWire,
    );
  });
  router.route(E.qualityDetail, read, async ({ query }) =>
    qualityPointToWire(await standards.point(query.id)),
  );
  router.route(E.qualityInsert, write, async ({ body }) =>
    qualityPointToWire(await standards.createPoint(pointInput(body))),
  );
  router.route(E.qualityUpdate, write, async ({ body }) =>
    qualityPointToWire(await standards.updatePoint({ ...pointInput(body), id: body.zkdid })),
  );
  router.route(E.qualityDelete, write, async ({ body }) => {
    await standards.deletePoints(body.ids);
    return null;
  });
  router.route(E.qualityDownload, read, async ({ reply }) => {
    sendWorkbook(reply, '指标体系.xlsx', await transfer.exportWorkbook());
  });
  router.route(E.qualityTemplate, read, async ({ reply }) => {
    sendWorkbook(reply, '指标体系导入模板.xlsx', await transfer.template());
  });
  router.route(E.qualityUpload, write, async ({ request }) => {
    const file = await readSingleFile(request, IMPORT_MAX_BYTES);
    if (!file) throw new AppError('VALIDATION', '请先选取文件!');
    if (file.bytes.length === 0) throw new AppError('VALIDATION', '文件为空');
    if (!/\.xlsx$/i.test(file.name)) throw new AppError('VALIDATION', '只能上传xlsx的文件');
    return transfer.importWorkbook(file.bytes);
  });

  // cycles
  router.route(E.cycleTypes, read, async () => (await standards.cycleTypes()).map(cycleTypeToWire));
  router.route(E.cycleTypeInsert, write, async ({ body }) =>
    cycleTypeToWire(await standards.createCycleType({ name: body.lxmc, sort: body.sort })),
  );
  router.route(E.cycleTypeUpdate, write, async ({ body }) =>
    cycleTypeToWire(await standards.updateCycleType({ id: body.id, name: body.lxmc, sort: body.sort })),
  );
  router.route(E.cycleTypeDelete, write, async ({ params }) => {
    await standards.deleteCycleType(params.id);
    return null;
  });
  router.route(E.cyclePage, read, async ({ query }) => {
    const { pageNum, pageSize, ...filter } = query;
    return mapPage(await standards.cycles({ filter, paging: { pageNum, pageSize } }), query, cycleToWire);
  });
  router.route(E.cycleByTypeName, read, async ({ query }) => {
    const { list, defaultCycle } = await standards.cyclesByTypeName(query);
    return {
      list: list.map(cycleToWire),
      cycleDefaultsValue: defaultCycle
        ? { cycleNumber: defaultCycle.number, cycleId: defaultCycle.id }
        : null,
    };
  });
  router.route(E.cycleInsert, write, async ({ body }) =>
    cycleToWire(
      await standards.createCycle({ typeId: body.typeId, number: body.cycleNumber, sort: body.sort }),
    ),
  );
  router.route(E.cycleUpdate, write, async ({ body }) =>
    cycleToWire(await standards.updateCycle({ id: body.cycleId, number: body.cycleNumber, sort: body.sort })),
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
    cycleToWire(await standards.makeDefaultCycle(params.id)),
  );
  router.route(E.cycleHidden, write, async ({ params, body }) =>
    cycleToWire(await standards.setCycleHidden({ id: params.id, hidden: body.status })),
  );

  // dimensions
  router.route(E.dimensionPage, read, async ({ query }) =>
    mapPage(await standards.dimensions({ keyword: query.keyword, paging: query }), query, dimensionToWire),
  );
  router.route(E.dimensionDetail, read, async ({ query }) =>
    dimensionToWire(await standards.dimension(query.pk_Dimension_Id)),
  );
  router.route(E.dimensionInsert, write, async ({ body }) =>
    dimensionToWire(
      await standards.createDimension({
        name: body.dimension_Name,
        displayName: body.display_Name,
        sort: body.sort,
      }),
    ),
  );
  router.route(E.dimensionUpdate, write, async ({ body }) =>
    dimensionToWire(
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
