import {
  algorithmEndpoints as A,
  algorithmFolderEndpoints as F,
  algorithmGroupEndpoints as G,
  toAlgorithmFolderWire,
  toAlgorithmGroupWire,
  toAlgorithmTestRunWire,
  toAlgorithmWire,
} from '@eduqa/contract';
import { access } from '../../platform/access.ts';
import { toWirePage } from '../../platform/paging.ts';
import type { Router } from '../../platform/route.ts';
import type { AlgorithmsService } from './algorithms.service.ts';

/**
 * 数据管理 › 算法: every call, reads included, needs the 数据管理 menu — algorithms run SQL on the
 * school's data sources, and only data managers and administrators hold that menu.
 */
export function registerAlgorithmsRoutes(router: Router, deps: { algorithms: AlgorithmsService }) {
  const { algorithms } = deps;
  const manage = access.menu('dataManage');

  router.route(F.tree, manage, async () => (await algorithms.tree()).map(toAlgorithmFolderWire));
  router.route(F.insert, manage, async ({ body }) =>
    toAlgorithmFolderWire(await algorithms.saveFolder(null, body)),
  );
  router.route(F.update, manage, async ({ body }) =>
    toAlgorithmFolderWire(await algorithms.saveFolder(body.id, body)),
  );
  router.route(F.delete, manage, async ({ params }) => {
    await algorithms.removeFolder(params.id);
    return null;
  });

  router.route(G.page, manage, async ({ query }) => {
    const { pageNum, pageSize, id, keyword, groupId } = query;
    return toWirePage(
      await algorithms.pageGroups({
        folderId: id || undefined,
        keyword,
        groupId: groupId || undefined,
        paging: { pageNum, pageSize },
      }),
      query,
      toAlgorithmGroupWire,
    );
  });
  router.route(G.likeName, manage, async ({ query }) =>
    (await algorithms.groupsLikeName(query.name)).map(toAlgorithmGroupWire),
  );
  router.route(G.insert, manage, async ({ actor, body }) =>
    toAlgorithmGroupWire(await algorithms.createGroup(actor.userId, body)),
  );
  router.route(G.update, manage, async ({ actor, body }) =>
    toAlgorithmGroupWire(await algorithms.updateGroup(actor, body.id, body)),
  );
  router.route(G.delete, manage, async ({ params }) => {
    await algorithms.removeGroup(params.id);
    return null;
  });
  router.route(G.resultVersions, manage, async ({ query }) =>
    (await algorithms.versions(query.groupId, { type: 'result', publishedOnly: true })).map(toAlgorithmWire),
  );
  router.route(G.detailVersions, manage, async ({ query }) =>
    (await algorithms.versions(query.groupId, { type: 'detail', publishedOnly: true })).map(toAlgorithmWire),
  );
  router.route(G.objects, manage, async ({ query }) => {
    const { pageNum, pageSize, level, keyword } = query;
    return toWirePage(await algorithms.objects({ level, keyword }, { pageNum, pageSize }), query, (o) => o);
  });
  router.route(G.points, manage, async ({ query }) => {
    const { pageNum, pageSize, keyword, ids } = query;
    return toWirePage(await algorithms.points({ keyword, ids }, { pageNum, pageSize }), query, (p) => p);
  });
  router.route(G.testByObject, manage, async ({ body }) =>
    toAlgorithmTestRunWire(await algorithms.test(body)),
  );
  router.route(G.testResult, manage, async ({ body }) => {
    const run = await algorithms.test({ ...body, type: 'result' });
    return { value: run.rows[0]?.value ?? null, version: run.version ?? 0, elapsedMs: run.elapsedMs };
  });

  router.route(A.insert, manage, async ({ actor, body }) =>
    toAlgorithmWire(await algorithms.createVersion(actor, body)),
  );
  router.route(A.update, manage, async ({ actor, body }) =>
    toAlgorithmWire(await algorithms.updateVersion(actor, body)),
  );
  router.route(A.publish, manage, async ({ actor, params }) =>
    toAlgorithmWire(await algorithms.publish(actor, params.id)),
  );
  router.route(A.delete, manage, async ({ actor, params }) => {
    await algorithms.removeVersion(actor, params.id);
    return null;
  });
  router.route(A.versions, manage, async ({ query }) =>
    (await algorithms.versions(query.groupId, { type: query.type })).map(toAlgorithmWire),
  );
  router.route(A.byVersion, manage, async ({ query }) =>
    toAlgorithmWire(await algorithms.byVersion(query.groupId, query.type, query.version)),
  );
  router.route(A.currentResult, manage, async ({ query }) => {
    const current = await algorithms.currentResult(query.groupId);
    return current ? toAlgorithmWire(current) : null;
  });
}
