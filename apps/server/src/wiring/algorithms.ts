import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createAlgorithmRunner } from '../modules/algorithms/algorithm-runner.ts';
import { createAlgorithmsRepo } from '../modules/algorithms/algorithms.repo.ts';
import { registerAlgorithmsRoutes } from '../modules/algorithms/algorithms.routes.ts';
import { createAlgorithmsService } from '../modules/algorithms/algorithms.service.ts';
import { createDataSourceConnections } from '../modules/datasources/datasources.connections.ts';
import { createHostAllowList } from '../modules/datasources/datasources.hosts.ts';
import { createDataSourcesRepo } from '../modules/datasources/datasources.repo.ts';
import { registerDataSourcesRoutes } from '../modules/datasources/datasources.routes.ts';
import { createDataSourcesService } from '../modules/datasources/datasources.service.ts';
import type { WiringContext } from './context.ts';

/** Data sources and the algorithms that read them; returns the runner computed results and dashboards run. */
export function wireAlgorithms({ app, router, database, options }: WiringContext) {
  const dataSourcesRepo = createDataSourcesRepo(database.db);
  const dataSourceKey = options.dataSourceKey ?? randomBytes(32);
  // Where external sources may be and what they must not be: checked on save, 测试连接 and every run.
  const sourceReach = {
    hosts: createHostAllowList(options.config.dataSourceHosts ?? []),
    // The embedded PGlite listens on no port: no source can reach it.
    platformDatabase: async () =>
      database.driver === 'postgres' ? dataSourcesRepo.platformIdentity() : null,
    connectTimeoutMs: options.dataSourceConnectTimeoutMs,
  };
  registerDataSourcesRoutes(router, {
    datasources: createDataSourcesService({
      repo: dataSourcesRepo,
      key: dataSourceKey,
      pingBuiltin: async () => void (await database.db.execute(sql`select 1`)),
      ...sourceReach,
    }),
  });
  const algorithmsRepo = createAlgorithmsRepo(database.db);
  const dataSourceConnections = createDataSourceConnections({
    repo: dataSourcesRepo,
    key: dataSourceKey,
    ...sourceReach,
  });
  const algorithmRunner = createAlgorithmRunner({
    database,
    repo: algorithmsRepo,
    connections: dataSourceConnections,
    ...(options.algorithmLimits ? { limits: options.algorithmLimits } : {}),
  });
  app.addHook('onClose', () => algorithmRunner.close());
  registerAlgorithmsRoutes(router, {
    algorithms: createAlgorithmsService({
      repo: algorithmsRepo,
      runner: algorithmRunner,
      connections: dataSourceConnections,
    }),
  });
  return algorithmRunner;
}
