import type { AlgorithmGroup, PagingQuery } from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { DataSourceConnections } from '../datasources/datasources.connections.ts';
import { noteAlgorithmGroup } from './algorithms.audit.ts';
import type { AlgorithmsRepo } from './algorithms.repo.ts';
import { FOLDER_NOT_FOUND, GROUP_NOT_FOUND, groupOf, subtreeIds } from './algorithms.views.ts';

export interface GroupInput {
  name: string;
  folderId: string;
  dataSourceId: string;
  description?: string | undefined;
  pointIds?: string[] | undefined;
  currentResultVersion?: number | null | undefined;
  currentDetailVersion?: number | null | undefined;
}

interface AlgorithmGroupsDeps {
  repo: AlgorithmsRepo;
  connections: DataSourceConnections;
}

/** 算法组: one computation on a data source, for some quality points, with its current versions. */
export function createAlgorithmGroupsService(deps: AlgorithmGroupsDeps) {
  const { repo } = deps;

  async function group(id: string): Promise<AlgorithmGroup> {
    const view = await repo.findGroup(id);
    if (!view) throw notFound(GROUP_NOT_FOUND);
    return groupOf(view, (await repo.pointIdsOf([id])).get(id) ?? []);
  }

  return {
    /* ---- groups ---- */
    async pageGroups(input: {
      folderId?: string | undefined;
      keyword?: string | undefined;
      groupId?: string | undefined;
      paging: PagingQuery;
    }) {
      const folderIds = input.folderId ? subtreeIds(await repo.allFolders(), input.folderId) : undefined;
      const filter = { folderIds, keyword: input.keyword, groupId: input.groupId };
      const page = await repo.pageGroups(filter, input.paging);
      const points = await repo.pointIdsOf(page.records.map((r) => r.group.id));
      return {
        records: page.records.map((r) => groupOf(r, points.get(r.group.id) ?? [])),
        total: page.total,
      };
    },

    async groupsLikeName(name: string | undefined): Promise<AlgorithmGroup[]> {
      const rows = await repo.groupsLikeName(name, 50);
      const points = await repo.pointIdsOf(rows.map((r) => r.group.id));
      return rows.map((r) => groupOf(r, points.get(r.group.id) ?? []));
    },

    async createGroup(actorId: string, input: GroupInput): Promise<AlgorithmGroup> {
      const pointIds = await checkGroupInput(deps, null, input);
      const id = newId();
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            await tx.insertGroup({
              id,
              name: input.name,
              folderId: input.folderId,
              dataSourceId: input.dataSourceId,
              description: input.description ?? '',
              createdBy: actorId,
            });
            await tx.setGroupPoints(id, pointIds);
          }),
        { conflict: '算法组名称已存在' },
      );
      return group(id);
    },

    /**
     * Current versions change only when the body names them (publishing switches only a group that has
     * no current version yet).
     */
    async updateGroup(actor: Pick<Actor, 'userId'>, id: string, input: GroupInput): Promise<AlgorithmGroup> {
      const before = await group(id);
      const pointIds = await checkGroupInput(deps, id, input);
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            await tx.updateGroup(id, {
              name: input.name,
              folderId: input.folderId,
              dataSourceId: input.dataSourceId,
              description: input.description ?? '',
              ...(input.currentResultVersion !== undefined
                ? { currentResultVersion: input.currentResultVersion }
                : {}),
              ...(input.currentDetailVersion !== undefined
                ? { currentDetailVersion: input.currentDetailVersion }
                : {}),
            });
            if (input.pointIds !== undefined) await tx.setGroupPoints(id, pointIds);
          }),
        { conflict: '算法组名称已存在' },
      );
      const after = await group(id);
      noteAlgorithmGroup(actor, before, after);
      return after;
    },

    async removeGroup(id: string) {
      await group(id);
      await guarded(() => repo.deleteGroup(id), { inUse: '算法组已被使用，不能删除' });
    },
    objects: (filter: { level?: string | undefined; keyword?: string | undefined }, paging: PagingQuery) =>
      repo.pageObjects(filter, paging),
    points: (filter: { keyword?: string | undefined; ids?: string[] | undefined }, paging: PagingQuery) =>
      repo.pagePoints(filter, paging),
  };
}

/** Refuses a group whose folder, source, points, name or current versions do not hold; answers its point ids. */
async function checkGroupInput(deps: AlgorithmGroupsDeps, id: string | null, input: GroupInput) {
  const { repo } = deps;
  if (!(await repo.findFolder(input.folderId))) throw new AppError('VALIDATION', FOLDER_NOT_FOUND);
  // A source that may no longer be used (its host left DATA_SOURCE_HOSTS) says so, not "missing".
  const source = await deps.connections(input.dataSourceId).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    return undefined;
  });
  if (!source) throw new AppError('VALIDATION', '数据源不存在');
  const pointIds = [...new Set(input.pointIds ?? [])];
  if ((await repo.countPoints(pointIds)) !== pointIds.length)
    throw new AppError('VALIDATION', '质控点不存在');
  const holder = await repo.findGroupByName(input.name);
  if (holder && holder.id !== id) throw new AppError('CONFLICT', '算法组名称已存在');
  if (id) {
    for (const [type, version] of [
      ['result', input.currentResultVersion],
      ['detail', input.currentDetailVersion],
    ] as const) {
      if (version === undefined || version === null) continue;
      const found = await repo.findVersion(id, type, version);
      if (!found)
        throw new AppError('VALIDATION', `没有${type === 'result' ? '结果' : '详情'}算法版本 ${version}`);
      if (found.algorithm.status !== 'published')
        throw new AppError('VALIDATION', '只能把已发布的版本设为当前版本');
    }
  }
  return pointIds;
}
