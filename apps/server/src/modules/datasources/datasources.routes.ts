import { datasourceEndpoints as E, toDataSourceTestWire, toDataSourceWire } from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { DataSourceInput, DataSourcesService } from './datasources.service.ts';

/** Wire body → service input (the form's names → English). */
const inputOf = (body: {
  name?: string | undefined;
  type: DataSourceInput['kind'];
  host?: string | undefined;
  port?: number | undefined;
  databaseName?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  defaultsStatus?: boolean | undefined;
  hideStatus?: boolean | undefined;
}): DataSourceInput => ({
  name: body.name ?? '',
  kind: body.type,
  host: body.host,
  port: body.port,
  database: body.databaseName,
  username: body.username,
  password: body.password,
  isDefault: body.defaultsStatus,
  isHidden: body.hideStatus,
});

/**
 * 数据管理 › 数据源: every call, reads included, needs the 数据管理 menu — a source's hosts and users
 * are themselves sensitive, and only data managers and administrators hold that menu.
 */
export function registerDataSourcesRoutes(router: Router, deps: { datasources: DataSourcesService }) {
  const { datasources } = deps;
  const manage = access.menu('dataManage');
  router.route(E.page, manage, async ({ query }) => {
    const { pageNum, pageSize, keyword, type, withHidden } = query;
    return toWirePage(
      await datasources.page({ filter: { keyword, kind: type, withHidden }, paging: { pageNum, pageSize } }),
      query,
      toDataSourceWire,
    );
  });
  router.route(E.insert, manage, async ({ actor, body }) =>
    toDataSourceWire(await datasources.create(actor, inputOf(body))),
  );
  router.route(E.update, manage, async ({ actor, body }) =>
    toDataSourceWire(await datasources.update(actor, body.id, inputOf(body))),
  );
  router.route(E.deleteBatch, manage, async ({ actor, body }) => {
    await datasources.remove(actor, body.ids);
    return null;
  });
  router.route(E.delete, manage, async ({ actor, params }) => {
    await datasources.remove(actor, [params.id]);
    return null;
  });
  router.route(E.test, manage, async ({ body }) =>
    toDataSourceTestWire(await datasources.test({ ...inputOf(body), id: body.id || undefined })),
  );
  router.route(E.makeDefault, manage, async ({ params }) =>
    toDataSourceWire(await datasources.makeDefault(params.id)),
  );
  router.route(E.hidden, manage, async ({ params, body }) =>
    toDataSourceWire(await datasources.setHidden(params.id, body.status)),
  );
}
