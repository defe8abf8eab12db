import {
  peersEndpoints as E,
  peerValueFutureTasks,
  rivalEndpoints as R,
  toAverageAnalysisWire,
  toDoubleHighTableWire,
  toIndicatorBandWire,
  toOperationMonitoringWire,
  toPeerIndicatorWire,
  toPeerValueRowWire,
  toRankAnalysisWire,
  toRivalTableWire,
  toTrendAnalysisWire,
} from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { sendWorkbook } from '../../platform/excel/send-workbook.ts';
import { registerImportJobRoutes } from '../../platform/jobs/job-routes.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { PeerTransfer } from './peer-import.ts';
import type { PeersService } from './peers.service.ts';
import type { RivalService } from './rival.service.ts';

/**
 * 智能分析's 年报指标 and 对标分析 (/api/herm-znfx): reads need the 智能分析 menu, the import and the point link
 * need `analysis.manage`. The services check the same again.
 */
export function registerPeersRoutes(
  router: Router,
  deps: { peers: PeersService; rival: RivalService; transfer: PeerTransfer; jobs: Jobs },
) {
  const { peers, rival, transfer, jobs } = deps;
  const read = access.menu('analysis');
  const manage = access.action('analysis.manage');

  router.route(E.indicatorList, read, async ({ actor }) =>
    (await peers.indicators(actor)).map(toPeerIndicatorWire),
  );
  router.route(E.indicatorUpdate, manage, async ({ actor, body }) =>
    toPeerIndicatorWire(await peers.updateIndicator(actor, body)),
  );
  router.route(E.targetBand, read, async ({ actor, query }) =>
    toIndicatorBandWire(await peers.indicatorBand(actor, query)),
  );
  router.route(E.years, read, ({ actor }) => peers.years(actor));
  router.route(E.schoolsWithData, read, ({ actor, query }) => peers.schoolsWithData(actor, query));
  router.route(E.values, read, async ({ actor, query, body }) =>
    toWirePage(await peers.values(actor, { filter: body, paging: query }), query, toPeerValueRowWire),
  );
  router.route(E.template, read, async ({ actor, reply }) => {
    sendWorkbook(reply, '年报数据导入模板.xlsx', await transfer.template(actor));
  });
  router.route(E.download, read, async ({ actor, query, reply }) => {
    sendWorkbook(reply, '年报数据.xlsx', await transfer.exportValues(actor, query));
  });
  registerImportJobRoutes(router, {
    futureTasks: peerValueFutureTasks,
    jobs,
    access: manage,
    imports: [{ start: E.upload, importer: transfer.valueImport }],
  });

  router.route(R.schoolRival, read, async ({ actor, query, body }) =>
    toRivalTableWire(await rival.schoolRival(actor, { year: query.year, ...body })),
  );
  router.route(R.trend, read, async ({ actor, query }) =>
    toTrendAnalysisWire(await rival.trend(actor, query)),
  );
  router.route(R.rank, read, async ({ actor, query }) => toRankAnalysisWire(await rival.rank(actor, query)));
  router.route(R.average, read, async ({ actor, query }) =>
    toAverageAnalysisWire(await rival.average(actor, query)),
  );
  router.route(R.doubleHigh, read, async ({ actor, query }) =>
    toDoubleHighTableWire(await rival.doubleHigh(actor, query)),
  );
  router.route(R.operation, read, async ({ actor, query }) =>
    toOperationMonitoringWire(await rival.operation(actor, query)),
  );
}
