import type { DataSourceKind, PagingQuery } from '@eduqa/contract';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { likePattern } from '../../platform/sql.ts';
import { dataSources } from './datasources.table.ts';
import { type DatabaseIdentity, IDENTITY_SQL } from './datasources.vetting.ts';

export type DataSourceRow = typeof dataSources.$inferSelect;
export type DataSourceInsert = typeof dataSources.$inferInsert;

function createQueries(db: Db) {
  return {
    async findPage(
      filter: { keyword?: string | undefined; kind?: DataSourceKind | undefined; withHidden: boolean },
      paging: PagingQuery,
    ): Promise<{ records: DataSourceRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.keyword) conditions.push(ilike(dataSources.name, likePattern(filter.keyword)));
      if (filter.kind) conditions.push(eq(dataSources.kind, filter.kind));
      if (!filter.withHidden) conditions.push(eq(dataSources.isHidden, false));
      const where = conditions.length ? and(...conditions) : undefined;
      const [records, totals] = await Promise.all([
        db
          .select()
          .from(dataSources)
          .where(where)
          .orderBy(desc(dataSources.isDefault), asc(dataSources.createdAt), asc(dataSources.id))
          .limit(paging.pageSize)
          .offset((paging.pageNum - 1) * paging.pageSize),
        db.select({ n: count() }).from(dataSources).where(where),
      ]);
      return { records, total: totals[0]?.n ?? 0 };
    },

    async find(id: string): Promise<DataSourceRow | undefined> {
      const [row] = await db.select().from(dataSources).where(eq(dataSources.id, id));
      return row;
    },

    async findByName(name: string): Promise<DataSourceRow | undefined> {
      const [row] = await db.select().from(dataSources).where(eq(dataSources.name, name));
      return row;
    },

    async findByIds(ids: readonly string[]): Promise<DataSourceRow[]> {
      return db
        .select()
        .from(dataSources)
        .where(inArray(dataSources.id, [...ids]));
    },

    async insert(row: DataSourceInsert) {
      await db.insert(dataSources).values(row);
    },

    async update(id: string, patch: Partial<Omit<DataSourceInsert, 'id' | 'createdAt'>>) {
      await db
        .update(dataSources)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(dataSources.id, id));
    },

    async clearDefault() {
      await db.update(dataSources).set({ isDefault: false }).where(eq(dataSources.isDefault, true));
    },

    async deleteMany(ids: readonly string[]) {
      await db.delete(dataSources).where(inArray(dataSources.id, [...ids]));
    },
  };
}

export type DataSourceQueries = ReturnType<typeof createQueries>;

export function createDataSourcesRepo(db: Db) {
  return {
    ...createQueries(db),
    /** The platform's own database as a source would see it (the same query the vetting runs there). */
    async platformIdentity(): Promise<DatabaseIdentity | null> {
      const [row] = await queryRows<{ database: string; started_at: string }>(db, sql.raw(IDENTITY_SQL));
      return row ? { database: row.database, startedAt: row.started_at } : null;
    },
    /** Inside, use only the queries handed in: on PGlite a query on the outer connection would wait forever. */
    transaction<T>(work: (tx: DataSourceQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createQueries(tx)));
    },
  };
}

export type DataSourcesRepo = ReturnType<typeof createDataSourcesRepo>;
