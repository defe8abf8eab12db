import {
  responsibilityEndpoints as E,
  fromResponsibilitySaveBodyWire,
  toDepartmentResponsibilityWire,
  toPointResponsibilityWire,
  toQualityDeptVersionWire,
  toResponsibilityCategoryWire,
} from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { ResponsibilityService } from './responsibility.service.ts';

/** 数据管理 › 部门职责 and its versions: reads and writes need the 数据管理 menu. */
export function registerResponsibilityRoutes(
  router: Router,
  deps: { responsibility: ResponsibilityService },
) {
  const { responsibility } = deps;
  const manage = access.menu('dataManage');
  router.route(E.tree, manage, async ({ query }) =>
    (await responsibility.tree(query.categoryId || undefined)).map(toResponsibilityCategoryWire),
  );
  router.route(E.query, manage, async ({ query }) => {
    const { pageNum, pageSize, bmid, categoryId, keyword } = query;
    return toWirePage(
      await responsibility.page({
        filter: { departmentId: bmid || undefined, categoryId: categoryId || undefined, keyword },
        paging: { pageNum, pageSize },
      }),
      query,
      toPointResponsibilityWire,
    );
  });
  router.route(E.save, manage, ({ body }) => responsibility.save(fromResponsibilitySaveBodyWire(body)));
  router.route(E.byName, manage, async ({ query }) =>
    toDepartmentResponsibilityWire(await responsibility.byDepartmentName(query.bmmc)),
  );

  router.route(E.versionPage, manage, async ({ query }) => {
    const { pageNum, pageSize, keyword } = query;
    return toWirePage(
      await responsibility.versions({ keyword, paging: { pageNum, pageSize } }),
      query,
      toQualityDeptVersionWire,
    );
  });
  router.route(E.versionInsert, manage, async ({ actor, body }) =>
    toQualityDeptVersionWire(
      await responsibility.createVersion({
        actor,
        data: { name: body.versionName, versionDate: body.versionDate, remark: body.remark },
      }),
    ),
  );
  router.route(E.versionUpdate, manage, async ({ body }) =>
    toQualityDeptVersionWire(
      await responsibility.updateVersion(body.id, {
        name: body.versionName,
        versionDate: body.versionDate,
        remark: body.remark,
      }),
    ),
  );
  router.route(E.versionDelete, manage, async ({ body }) => {
    await responsibility.deleteVersion(body.id);
    return null;
  });
  router.route(E.versionEnable, manage, async ({ body }) =>
    toQualityDeptVersionWire(await responsibility.enableVersion(body.id)),
  );
}
