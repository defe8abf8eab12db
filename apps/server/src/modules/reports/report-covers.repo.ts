import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryGroups, transactionOf } from '../../db/transaction.ts';
import type { goalReportCovers } from '../goals/goal-reports.table.ts';
import { users } from '../org/org.table.ts';
import type { qualityReportCovers } from './reports.table.ts';

/** 报告封面 of quality reports and of goal reports: two tables of one shape, one library. */
export type CoverTable = typeof qualityReportCovers | typeof goalReportCovers;

export interface CoverRecord {
  id: string;
  title: string;
  subtitle: string;
  schoolName: string;
  isDefault: boolean;
  creatorName: string;
  createdAt: Date;
}

/** The covers of one table; every write keeps at most one default (the partial unique index), and one while any exist. */
export function createReportCoversRepo(db: Db, table: CoverTable) {
  const queries = coverQueries(db, table);
  return { ...queries, transaction: transactionOf(db, (tx) => coverQueries(tx, table)) };
}

function coverQueries(db: Db, table: CoverTable) {
  return queryGroups(coverReads(db, table), coverWrites(db, table));
}

function coverReads(db: Db, table: CoverTable) {
  const select = () =>
    db
      .select({
        id: table.id,
        title: table.title,
        subtitle: table.subtitle,
        schoolName: table.schoolName,
        isDefault: table.isDefault,
        creatorName: users.name,
        createdAt: table.createdAt,
      })
      .from(table)
      .innerJoin(users, eq(users.id, table.creatorUserId));
  return {
    async cover(id: string): Promise<CoverRecord | undefined> {
      const [row] = await select().where(eq(table.id, id));
      return row;
    },

    async defaultCover(): Promise<CoverRecord | undefined> {
      const [row] = await select().where(eq(table.isDefault, true));
      return row;
    },

    async coverPage(page: { limit: number; offset: number }) {
      const [records, [total]] = await Promise.all([
        select()
          .orderBy(desc(table.isDefault), desc(table.createdAt), desc(table.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ n: count() }).from(table),
      ]);
      return { records, total: Number(total?.n ?? 0) };
    },
  };
}

function coverWrites(db: Db, table: CoverTable) {
  return {
    /** The first cover becomes the default; later ones join as non-default. */
    async insertCover(row: {
      id: string;
      title: string;
      subtitle: string;
      schoolName: string;
      creatorUserId: string;
    }) {
      await db.insert(table).values({
        ...row,
        isDefault: sql`not exists (select 1 from ${table} where ${table.isDefault})`,
      });
    },

    async deleteCovers(ids: readonly string[]): Promise<number> {
      const deleted = await db
        .delete(table)
        .where(inArray(table.id, [...ids]))
        .returning({ id: table.id });
      return deleted.length;
    },

    /** Makes the newest cover the default when none is (after the default was deleted). */
    async keepOneDefault() {
      const [newest] = await db
        .select({ id: table.id })
        .from(table)
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(1);
      if (!newest) return;
      await db
        .update(table)
        .set({ isDefault: true })
        .where(
          and(eq(table.id, newest.id), sql`not exists (select 1 from ${table} where ${table.isDefault})`),
        );
    },

    /** The cover's row, locked until the transaction ends. */
    async lockCover(id: string): Promise<boolean> {
      const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
      return row !== undefined;
    },

    async makeDefault(id: string) {
      await db
        .update(table)
        .set({ isDefault: false })
        .where(and(eq(table.isDefault, true), ne(table.id, id)));
      await db.update(table).set({ isDefault: true }).where(eq(table.id, id));
    },
  };
}

export type ReportCoversRepo = ReturnType<typeof createReportCoversRepo>;
