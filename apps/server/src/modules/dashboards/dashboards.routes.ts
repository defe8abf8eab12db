import {
  dynamicChartEndpoints as D,
  dashboardEndpoints as E,
  fromDynamicChartUpdateBodyWire,
  toDashboardCardWire,
  toDashboardLayoutWire,
  toDynamicChartWire,
} from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { DashboardsService } from './dashboards.service.ts';
import type { DynamicChartsService } from './dynamic-charts.service.ts';

/**
 * 仪表盘 and 动态图表: every 首页 holder reads and arranges cards (the services decide what is his, what
 * needs 智能分析维护); a dynamic chart's reader is checked against its source (portrait or dashboard).
 */
export function registerDashboardsRoutes(
  router: Router,
  deps: { dashboards: DashboardsService; dynamicCharts: DynamicChartsService },
) {
  const { dashboards, dynamicCharts } = deps;
  const home = access.menu('index');

  router.route(E.kinds, home, () => dashboards.kinds());
  for (const [endpoint, addable] of [
    [E.addable, true],
    [E.page, false],
  ] as const) {
    router.route(endpoint, home, async ({ actor, query }) => {
      const { pageNum, pageSize, keyword, kind, source } = query;
      return toWirePage(
        await dashboards.pageCards({
          actor,
          addable,
          filter: { keyword, kind, source },
          paging: { pageNum, pageSize },
        }),
        query,
        toDashboardCardWire,
      );
    });
  }
  router.route(E.insert, home, async ({ actor, body }) =>
    toDashboardCardWire(await dashboards.createCard({ actor, body })),
  );
  router.route(E.update, home, async ({ actor, body }) =>
    toDashboardCardWire(await dashboards.updateCard({ actor, body })),
  );
  router.route(E.delete, home, async ({ actor, body }) => {
    await dashboards.deleteCards({ actor, ids: body.ids });
    return null;
  });
  router.route(E.data, home, ({ actor, query }) => dashboards.cardData({ actor, id: query.id }));
  router.route(E.algorithmGroups, access.action('analysis.manage'), ({ actor, query }) =>
    dashboards.algorithmGroups({ actor, keyword: query.keyword }),
  );
  router.route(E.layout, home, async ({ actor, query }) =>
    toDashboardLayoutWire(await dashboards.layout({ actor, roleId: query.roleId })),
  );
  router.route(E.saveLayout, home, async ({ actor, body }) =>
    toDashboardLayoutWire(await dashboards.saveLayout({ actor, body })),
  );
  router.route(E.resetLayout, home, async ({ actor, body }) =>
    toDashboardLayoutWire(await dashboards.resetLayout({ actor, roleId: body.roleId })),
  );

  // A portrait's charts need 智能分析, a dashboard's 首页: the service checks the source's own rule.
  router.route(D.query, access.signedIn, async ({ actor, query }) =>
    (await dynamicCharts.list({ actor, sourceType: query.type, sourceId: query.sourceId })).map(
      toDynamicChartWire,
    ),
  );
  router.route(D.updateList, access.action('analysis.manage'), async ({ actor, body }) =>
    (await dynamicCharts.replace({ actor, data: fromDynamicChartUpdateBodyWire(body) })).map(
      toDynamicChartWire,
    ),
  );
  router.route(D.data, access.signedIn, async ({ actor, query }) => {
    const data = await dynamicCharts.data({ actor, ...query });
    return { columns: data.columns, list: data.rows, truncated: data.truncated };
  });
}
