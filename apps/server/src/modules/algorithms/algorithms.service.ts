import type { DataSourceConnections } from '../datasources/datasources.connections.ts';
import { createAlgorithmFoldersService } from './algorithm-folders.service.ts';
import { createAlgorithmGroupsService } from './algorithm-groups.service.ts';
import type { createAlgorithmRunner } from './algorithm-runner.ts';
import { createAlgorithmVersionsService } from './algorithm-versions.service.ts';
import type { AlgorithmsRepo } from './algorithms.repo.ts';

export type { GroupInput } from './algorithm-groups.service.ts';
export type { TestInput } from './algorithm-versions.service.ts';

/** 数据管理 › 算法: one service per aggregate (folders, groups, versions), offered to the routes as one. */
export function createAlgorithmsService(deps: {
  repo: AlgorithmsRepo;
  runner: ReturnType<typeof createAlgorithmRunner>;
  connections: DataSourceConnections;
}) {
  return {
    ...createAlgorithmFoldersService({ repo: deps.repo }),
    ...createAlgorithmGroupsService({ repo: deps.repo, connections: deps.connections }),
    ...createAlgorithmVersionsService({ repo: deps.repo, runner: deps.runner }),
  };
}

export type AlgorithmsService = ReturnType<typeof createAlgorithmsService>;
