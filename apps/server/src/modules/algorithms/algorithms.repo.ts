import type { PagingQuery } from '@eduqa/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { queryGroups, transactionOf } from '../../db/transaction.ts';
import { likePattern } from '../../platform/sql.ts';
import { dataSources } from '../datasources/datasources.table.ts';
import {
  type DiagnosisObjectFilter,
  findDiagnosisObject,
  pageDiagnosisObjects,
} from '../diagnosis/diagnosis.lookups.ts';
import { users } from '../org/org.table.ts';
import { qualityPoints } from '../standards/standards.table.ts';
import { algorithmFolders, algorithmGroupPoints, algorithmGroups, algorithms } from './algorithms.table.ts';

export type FolderRow = typeof algorithmFolders.$inferSelect;
export type GroupRow = typeof algorithmGroups.$inferSelect;
export type AlgorithmRow = typeof algorithms.$inferSelect;

const creators = alias(users, 'creators');
const publishers = alias(users, 'publishers');

const groupColumns = {
  group: algorithmGroups,
  dataSourceName: sql<string>`coalesce(${dataSources.name}, '内置数据库')`,
  dataSourceKind: sql<string>`coalesce(${dataSources.kind}, 'builtin')`,
  createdByName: sql<string>`coalesce(${creators.name}, '')`,
};
export type GroupView = {
  group: GroupRow;
  dataSourceName: string;
  dataSourceKind: string;
  createdByName: string;
};

const algorithmColumns = {
  algorithm: algorithms,
  createdByName: sql<string>`coalesce(${creators.name}, '')`,
  publishedByName: sql<string>`coalesce(${publishers.name}, '')`,
};
export type AlgorithmView = { algorithm: AlgorithmRow; createdByName: string; publishedByName: string };

function createQueries(db: Db) {
  return queryGroups(folderQueries(db), groupQueries(db), versionQueries(db), lookupQueries(db));
}

function folderQueries(db: Db) {
  return {
    allFolders: () =>
      db.select().from(algorithmFolders).orderBy(asc(algorithmFolders.sort), asc(algorithmFolders.name)),
    groupCounts: () =>
      db
        .select({ folderId: algorithmGroups.folderId, n: count() })
        .from(algorithmGroups)
        .groupBy(algorithmGroups.folderId),
    async findFolder(id: string): Promise<FolderRow | undefined> {
      const [row] = await db.select().from(algorithmFolders).where(eq(algorithmFolders.id, id));
      return row;
    },
    async folderChildren(id: string) {
      const [children] = await db
        .select({ n: count() })
        .from(algorithmFolders)
        .where(eq(algorithmFolders.parentId, id));
      const [groupsIn] = await db
        .select({ n: count() })
        .from(algorithmGroups)
        .where(eq(algorithmGroups.folderId, id));
      return { folders: children?.n ?? 0, groups: groupsIn?.n ?? 0 };
    },
    insertFolder: async (row: typeof algorithmFolders.$inferInsert) =>
      void (await db.insert(algorithmFolders).values(row)),
    updateFolder: async (id: string, patch: Partial<typeof algorithmFolders.$inferInsert>) =>
      void (await db.update(algorithmFolders).set(patch).where(eq(algorithmFolders.id, id))),
    deleteFolder: async (id: string) =>
      void (await db.delete(algorithmFolders).where(eq(algorithmFolders.id, id))),
  };
}

function groupQueries(db: Db) {
  const groups = () =>
    db
      .select(groupColumns)
      .from(algorithmGroups)
      .leftJoin(dataSources, eq(dataSources.id, algorithmGroups.dataSourceId))
      .leftJoin(creators, eq(creators.id, algorithmGroups.createdBy));

  return {
    async findGroup(id: string): Promise<GroupView | undefined> {
      const [row] = await groups().where(eq(algorithmGroups.id, id));
      return row;
    },
    async findGroupByName(name: string): Promise<GroupRow | undefined> {
      const [row] = await db.select().from(algorithmGroups).where(eq(algorithmGroups.name, name));
      return row;
    },
    async pageGroups(
      filter: {
        folderIds?: string[] | undefined;
        keyword?: string | undefined;
        groupId?: string | undefined;
      },
      paging: PagingQuery,
    ) {
      const conditions: SQL[] = [];
      if (filter.folderIds) conditions.push(inArray(algorithmGroups.folderId, filter.folderIds));
      if (filter.groupId) conditions.push(eq(algorithmGroups.id, filter.groupId));
      if (filter.keyword) conditions.push(ilike(algorithmGroups.name, likePattern(filter.keyword)));
      const where = conditions.length ? and(...conditions) : undefined;
      const [records, totals] = await Promise.all([
        groups()
          .where(where)
          .orderBy(desc(algorithmGroups.updatedAt), asc(algorithmGroups.id))
          .limit(paging.pageSize)
          .offset((paging.pageNum - 1) * paging.pageSize),
        db.select({ n: count() }).from(algorithmGroups).where(where),
      ]);
      return { records, total: totals[0]?.n ?? 0 };
    },
    groupsLikeName: (name: string | undefined, limit: number) =>
      groups()
        .where(name ? ilike(algorithmGroups.name, likePattern(name)) : undefined)
        .orderBy(asc(algorithmGroups.name))
        .limit(limit),
    async pointIdsOf(groupIds: string[]): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>();
      if (!groupIds.length) return map;
      const rows = await db
        .select()
        .from(algorithmGroupPoints)
        .where(inArray(algorithmGroupPoints.groupId, groupIds));
      for (const row of rows) map.set(row.groupId, [...(map.get(row.groupId) ?? []), row.pointId]);
      return map;
    },
    async countPoints(ids: string[]) {
      if (!ids.length) return 0;
      const [row] = await db.select({ n: count() }).from(qualityPoints).where(inArray(qualityPoints.id, ids));
      return row?.n ?? 0;
    },
    insertGroup: async (row: typeof algorithmGroups.$inferInsert) =>
      void (await db.insert(algorithmGroups).values(row)),
    updateGroup: async (id: string, patch: Partial<typeof algorithmGroups.$inferInsert>) =>
      void (await db
        .update(algorithmGroups)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(algorithmGroups.id, id))),
    async setGroupPoints(groupId: string, pointIds: string[]) {
      await db.delete(algorithmGroupPoints).where(eq(algorithmGroupPoints.groupId, groupId));
      if (pointIds.length)
        await db.insert(algorithmGroupPoints).values(pointIds.map((pointId) => ({ groupId, pointId })));
    },
    /**
     * Makes `version` the group's current one of that type only while it has none; answers whether it did.
     * One statement, so two versions published at once cannot both take the empty place.
     */
    async adoptCurrentIfNone(groupId: string, type: 'result' | 'detail', version: number) {
      const column =
        type === 'result' ? algorithmGroups.currentResultVersion : algorithmGroups.currentDetailVersion;
      const updated = await db
        .update(algorithmGroups)
        .set(type === 'result' ? { currentResultVersion: version } : { currentDetailVersion: version })
        .where(and(eq(algorithmGroups.id, groupId), isNull(column)))
        .returning({ id: algorithmGroups.id });
      return updated.length > 0;
    },
    deleteGroup: async (id: string) =>
      void (await db.delete(algorithmGroups).where(eq(algorithmGroups.id, id))),
  };
}

function versionQueries(db: Db) {
  const versions = () =>
    db
      .select(algorithmColumns)
      .from(algorithms)
      .leftJoin(creators, eq(creators.id, algorithms.createdBy))
      .leftJoin(publishers, eq(publishers.id, algorithms.publishedBy));

  return {
    async findAlgorithm(id: string): Promise<AlgorithmView | undefined> {
      const [row] = await versions().where(eq(algorithms.id, id));
      return row;
    },
    async findVersion(groupId: string, type: string, version: number): Promise<AlgorithmView | undefined> {
      const [row] = await versions().where(
        and(eq(algorithms.groupId, groupId), eq(algorithms.type, type), eq(algorithms.version, version)),
      );
      return row;
    },
    versionsOf: async (
      groupId: string,
      filter: { type?: string | undefined; publishedOnly?: boolean },
    ): Promise<AlgorithmView[]> =>
      versions()
        .where(
          and(
            eq(algorithms.groupId, groupId),
            filter.type ? eq(algorithms.type, filter.type) : undefined,
            filter.publishedOnly ? eq(algorithms.status, 'published') : undefined,
          ),
        )
        .orderBy(asc(algorithms.type), desc(algorithms.version)),
    async lastVersion(groupId: string, type: string): Promise<number> {
      const [row] = await db
        .select({ v: max(algorithms.version) })
        .from(algorithms)
        .where(and(eq(algorithms.groupId, groupId), eq(algorithms.type, type)));
      return row?.v ?? 0;
    },
    insertAlgorithm: async (row: typeof algorithms.$inferInsert) =>
      void (await db.insert(algorithms).values(row)),
    updateAlgorithm: async (id: string, patch: Partial<typeof algorithms.$inferInsert>) =>
      void (await db.update(algorithms).set(patch).where(eq(algorithms.id, id))),
    deleteAlgorithm: async (id: string) => void (await db.delete(algorithms).where(eq(algorithms.id, id))),
  };
}

/** Quality points and diagnosis objects a group or a test run is chosen from. */
function lookupQueries(db: Db) {
  return {
    async pagePoints(
      filter: { keyword?: string | undefined; ids?: string[] | undefined },
      paging: PagingQuery,
    ) {
      const conditions: SQL[] = [];
      if (filter.ids?.length) conditions.push(inArray(qualityPoints.id, filter.ids));
      if (filter.keyword) {
        const pattern = likePattern(filter.keyword);
        conditions.push(or(ilike(qualityPoints.name, pattern), ilike(qualityPoints.code, pattern)) as SQL);
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const columns = {
        id: qualityPoints.id,
        code: qualityPoints.code,
        name: qualityPoints.name,
        level: qualityPoints.level,
      };
      const [records, totals] = await Promise.all([
        db
          .select(columns)
          .from(qualityPoints)
          .where(where)
          .orderBy(asc(qualityPoints.code), asc(qualityPoints.id))
          .limit(paging.pageSize)
          .offset((paging.pageNum - 1) * paging.pageSize),
        db.select({ n: count() }).from(qualityPoints).where(where),
      ]);
      return { records, total: totals[0]?.n ?? 0 };
    },

    /* diagnosis objects, for testByObject: asked of diagnosis within this repo's `db` */
    pageObjects(filter: DiagnosisObjectFilter, paging: PagingQuery) {
      return pageDiagnosisObjects(db, filter, paging);
    },
    findObject(id: string) {
      return findDiagnosisObject(db, id);
    },
  };
}

export type AlgorithmQueries = ReturnType<typeof createQueries>;

export function createAlgorithmsRepo(db: Db) {
  return {
    ...createQueries(db),
    transaction: transactionOf(db, createQueries),
  };
}

export type AlgorithmsRepo = ReturnType<typeof createAlgorithmsRepo>;
