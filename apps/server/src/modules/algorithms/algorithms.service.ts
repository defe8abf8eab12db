import { createHash } from 'node:crypto';
import type {
  Algorithm,
  AlgorithmFolder,
  AlgorithmGroup,
  AlgorithmStatus,
  AlgorithmTestRun,
  AlgorithmType,
  PagingQuery,
} from '@eduqa/contract';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { DataSourceConnections } from '../datasources/datasources.connections.ts';
import type { AlgorithmParams, createAlgorithmRunner } from './algorithm-runner.ts';
import type { AlgorithmsRepo, AlgorithmView, FolderRow, GroupView } from './algorithms.repo.ts';
import { guardSql } from './sql-guard.ts';

const GROUP_NOT_FOUND = '算法组不存在';
const FOLDER_NOT_FOUND = '算法目录不存在';
const VERSION_NOT_FOUND = '算法版本不存在';

export const sqlHashOf = (text: string) => createHash('sha256').update(text).digest('hex');

const algorithmOf = (view: AlgorithmView): Algorithm => ({
  id: view.algorithm.id,
  groupId: view.algorithm.groupId,
  type: view.algorithm.type as AlgorithmType,
  version: view.algorithm.version,
  sql: view.algorithm.sql,
  sqlHash: view.algorithm.sqlHash,
  parameters: view.algorithm.parameters,
  status: view.algorithm.status as AlgorithmStatus,
  remark: view.algorithm.remark,
  createdByName: view.createdByName,
  createdAt: view.algorithm.createdAt,
  publishedByName: view.publishedByName,
  publishedAt: view.algorithm.publishedAt,
});

const groupOf = (view: GroupView, pointIds: string[]): AlgorithmGroup => ({
  id: view.group.id,
  folderId: view.group.folderId,
  name: view.group.name,
  description: view.group.description,
  dataSourceId: view.group.dataSourceId,
  dataSourceName: view.dataSourceName,
  pointIds,
  currentResultVersion: view.group.currentResultVersion,
  currentDetailVersion: view.group.currentDetailVersion,
  createdByName: view.createdByName,
  createdAt: view.group.createdAt,
  updatedAt: view.group.updatedAt,
});

/** Folder rows → the tree, with each folder's own group count. */
function buildTree(rows: FolderRow[], counts: Map<string, number>): AlgorithmFolder[] {
  const nodes = new Map<string, AlgorithmFolder>(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        parentId: row.parentId,
        name: row.name,
        sort: row.sort,
        groupCount: counts.get(row.id) ?? 0,
        children: [],
      },
    ]),
  );
  const roots: AlgorithmFolder[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** A folder and every folder below it. */
function subtreeIds(rows: FolderRow[], rootId: string): string[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i += 1) {
    for (const row of rows) if (row.parentId === ids[i]) ids.push(row.id);
  }
  return ids;
}

export interface GroupInput {
  name: string;
  folderId: string;
  dataSourceId: string;
  description?: string | undefined;
  pointIds?: string[] | undefined;
  currentResultVersion?: number | null | undefined;
  currentDetailVersion?: number | null | undefined;
}

export interface TestInput {
  groupId: string;
  type?: AlgorithmType | undefined;
  version?: number | undefined;
  sql?: string | undefined;
  objectId: string;
  cycleStart: string;
  cycleEnd: string;
}

type Runner = ReturnType<typeof createAlgorithmRunner>;

/** 算法目录, 算法组 and 算法 (versions): the data manager's algorithms. */
export function createAlgorithmsService(deps: {
  repo: AlgorithmsRepo;
  runner: Runner;
  connections: DataSourceConnections;
}) {
  const { repo } = deps;

  async function group(id: string): Promise<AlgorithmGroup> {
    const view = await repo.findGroup(id);
    if (!view) throw notFound(GROUP_NOT_FOUND);
    return groupOf(view, (await repo.pointIdsOf([id])).get(id) ?? []);
  }

  async function algorithm(id: string): Promise<Algorithm> {
    const view = await repo.findAlgorithm(id);
    if (!view) throw notFound(VERSION_NOT_FOUND);
    return algorithmOf(view);
  }

  async function folder(id: string): Promise<AlgorithmFolder> {
    const row = await repo.findFolder(id);
    if (!row) throw notFound(FOLDER_NOT_FOUND);
    const counts = await repo.folderChildren(id);
    return {
      id: row.id,
      parentId: row.parentId,
      name: row.name,
      sort: row.sort,
      groupCount: counts.groups,
      children: [],
    };
  }

  /**
   * The guard runs at save time too, so a version that could never run is not stored; the dialect of
   * the group's source decides how its SQL is read.
   */
  async function parametersOf(groupId: string, text: string) {
    const view = await repo.findGroup(groupId);
    if (!view) throw notFound(GROUP_NOT_FOUND);
    const kind = view.dataSourceKind;
    const guarded = await guardSql(text, {
      dialect: kind === 'mysql' ? 'mysql' : 'postgresql',
      builtin: kind === 'builtin',
    });
    return guarded.parameters;
  }

  async function checkGroupInput(id: string | null, input: GroupInput) {
    if (!(await repo.findFolder(input.folderId))) throw new AppError('VALIDATION', FOLDER_NOT_FOUND);
    if (!(await deps.connections(input.dataSourceId).catch(() => undefined))) {
      throw new AppError('VALIDATION', '数据源不存在');
    }
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

  return {
    /* ---- folders ---- */
    async tree(): Promise<AlgorithmFolder[]> {
      const [rows, counts] = await Promise.all([repo.allFolders(), repo.groupCounts()]);
      return buildTree(rows, new Map(counts.map((c) => [c.folderId, c.n])));
    },

    async saveFolder(
      id: string | null,
      input: { name: string; parentId?: string | undefined; sort?: number | undefined },
    ) {
      const parentId = input.parentId || null;
      if (id && !(await repo.findFolder(id))) throw notFound(FOLDER_NOT_FOUND);
      if (parentId) {
        const rows = await repo.allFolders();
        if (!rows.some((r) => r.id === parentId)) throw new AppError('VALIDATION', '上级目录不存在');
        if (id && subtreeIds(rows, id).includes(parentId))
          throw new AppError('VALIDATION', '不能把目录移到它自己或它的下级目录中');
      }
      const newIdValue = id ?? newId();
      await guarded(
        () =>
          id
            ? repo.updateFolder(id, {
                name: input.name,
                parentId,
                ...(input.sort !== undefined ? { sort: input.sort } : {}),
              })
            : repo.insertFolder({ id: newIdValue, name: input.name, parentId, sort: input.sort ?? 0 }),
        { conflict: '同一目录下已有同名目录' },
      );
      return folder(newIdValue);
    },

    /** A folder that still holds folders or groups is kept: deleting would orphan or lose them. */
    async removeFolder(id: string) {
      if (!(await repo.findFolder(id))) throw notFound(FOLDER_NOT_FOUND);
      const inside = await repo.folderChildren(id);
      if (inside.folders > 0) throw new AppError('UNPROCESSABLE', '该目录下还有子目录，不能删除');
      if (inside.groups > 0) throw new AppError('UNPROCESSABLE', '该目录下还有算法组，不能删除');
      await guarded(() => repo.deleteFolder(id), { inUse: '该目录下还有内容，不能删除' });
    },

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
      const pointIds = await checkGroupInput(null, input);
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

    /** Current versions change only when the body names them: publishing never switches by itself. */
    async updateGroup(id: string, input: GroupInput): Promise<AlgorithmGroup> {
      await group(id);
      const pointIds = await checkGroupInput(id, input);
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
      return group(id);
    },

    async removeGroup(id: string) {
      await group(id);
      await guarded(() => repo.deleteGroup(id), { inUse: '算法组已被使用，不能删除' });
    },

    /* ---- versions ---- */
    async versions(groupId: string, filter: { type?: AlgorithmType | undefined; publishedOnly?: boolean }) {
      await group(groupId);
      return (await repo.versionsOf(groupId, filter)).map(algorithmOf);
    },

    async byVersion(groupId: string, type: AlgorithmType, version: number): Promise<Algorithm> {
      const view = await repo.findVersion(groupId, type, version);
      if (!view) throw notFound(VERSION_NOT_FOUND);
      return algorithmOf(view);
    },

    async currentResult(groupId: string): Promise<Algorithm | null> {
      const current = (await group(groupId)).currentResultVersion;
      if (current === null) return null;
      const view = await repo.findVersion(groupId, 'result', current);
      return view ? algorithmOf(view) : null;
    },

    /** A new draft, numbered after the group's last version of that type. */
    async createVersion(
      actorId: string,
      input: { groupId: string; type: AlgorithmType; sql: string; remark?: string | undefined },
    ) {
      const parameters = await parametersOf(input.groupId, input.sql);
      const id = newId();
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            const version = (await tx.lastVersion(input.groupId, input.type)) + 1;
            await tx.insertAlgorithm({
              id,
              groupId: input.groupId,
              type: input.type,
              version,
              sql: input.sql,
              sqlHash: sqlHashOf(input.sql),
              parameters,
              remark: input.remark ?? '',
              createdBy: actorId,
            });
          }),
        { conflict: '有人同时新增了版本，请重试' },
      );
      return algorithm(id);
    },

    /** A draft is edited in place; a published version is immutable, so editing it makes the next draft. */
    async updateVersion(actorId: string, input: { id: string; sql: string; remark?: string | undefined }) {
      const existing = await algorithm(input.id);
      if (existing.status === 'published') {
        return this.createVersion(actorId, {
          groupId: existing.groupId,
          type: existing.type,
          sql: input.sql,
          remark: input.remark,
        });
      }
      const parameters = await parametersOf(existing.groupId, input.sql);
      await repo.updateAlgorithm(input.id, {
        sql: input.sql,
        sqlHash: sqlHashOf(input.sql),
        parameters,
        remark: input.remark ?? existing.remark,
      });
      return algorithm(input.id);
    },

    async publish(actorId: string, id: string): Promise<Algorithm> {
      const existing = await algorithm(id);
      if (existing.status === 'published') throw new AppError('UNPROCESSABLE', '该版本已发布');
      await parametersOf(existing.groupId, existing.sql);
      await repo.updateAlgorithm(id, { status: 'published', publishedBy: actorId, publishedAt: new Date() });
      return algorithm(id);
    },

    /** Published versions are history (results point at them): only drafts can be deleted. */
    async removeVersion(id: string) {
      const existing = await algorithm(id);
      if (existing.status === 'published') throw new AppError('UNPROCESSABLE', '已发布的版本不能删除');
      await repo.deleteAlgorithm(id);
    },

    objects: (filter: { level?: string | undefined; keyword?: string | undefined }, paging: PagingQuery) =>
      repo.pageObjects(filter, paging),

    points: (filter: { keyword?: string | undefined; ids?: string[] | undefined }, paging: PagingQuery) =>
      repo.pagePoints(filter, paging),

    /* ---- runs ---- */
    async test(input: TestInput): Promise<AlgorithmTestRun> {
      const object = await repo.findObject(input.objectId);
      if (!object) throw new AppError('VALIDATION', '诊断对象不存在');
      const params: AlgorithmParams = {
        objectId: object.id,
        objectCode: object.code,
        departmentId: object.departmentId,
        cycleStart: input.cycleStart,
        cycleEnd: input.cycleEnd,
        year: Number(input.cycleStart.slice(0, 4)),
      };
      const type = input.type ?? 'result';
      if (input.sql !== undefined) {
        const found = await group(input.groupId);
        const run = await deps.runner.runSql({
          sql: input.sql,
          type,
          dataSourceId: found.dataSourceId,
          params,
        });
        return { ...run, version: null, parameters: { ...params } };
      }
      const resolved = await deps.runner.resolve(input.groupId, type, input.version);
      const run = await deps.runner.run(resolved, params);
      return { ...run, version: resolved.version, parameters: { ...params } };
    },
  };
}

export type AlgorithmsService = ReturnType<typeof createAlgorithmsService>;
