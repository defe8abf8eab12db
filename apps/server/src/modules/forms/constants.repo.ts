import type { PagingQuery } from '@eduqa/contract';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { queryGroups, transactionOf } from '../../db/transaction.ts';
import { pageOf } from '../../platform/paging.ts';
import { likePattern } from '../../platform/sql.ts';
import { constants, constantTypes, forms, formVersions } from './forms.table.ts';

export type ConstantTypeRow = typeof constantTypes.$inferSelect;
export type ConstantRow = typeof constants.$inferSelect;

function createQueries(db: Db) {
  return queryGroups(constantTypeQueries(db), constantQueries(db));
}

/** 常量类型. */
function constantTypeQueries(db: Db) {
  return {
    async constantTypePage(keyword: string | undefined, paging: PagingQuery) {
      const where = keyword
        ? or(ilike(constantTypes.name, likePattern(keyword)), ilike(constantTypes.code, likePattern(keyword)))
        : undefined;
      const { limit, offset } = pageOf(paging);
      const [records, totals] = await Promise.all([
        db
          .select()
          .from(constantTypes)
          .where(where)
          .orderBy(asc(constantTypes.sort), asc(constantTypes.createdAt), asc(constantTypes.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(constantTypes).where(where),
      ]);
      return { records, total: totals[0]?.n ?? 0 };
    },
    allConstantTypes: (): Promise<ConstantTypeRow[]> => db.select().from(constantTypes),
    async constantCounts(typeIds: readonly string[]): Promise<Map<string, number>> {
      if (typeIds.length === 0) return new Map();
      const rows = await db
        .select({ id: constants.typeId, n: count() })
        .from(constants)
        .where(inArray(constants.typeId, [...typeIds]))
        .groupBy(constants.typeId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },
    async findConstantType(id: string): Promise<ConstantTypeRow | undefined> {
      const [row] = await db.select().from(constantTypes).where(eq(constantTypes.id, id));
      return row;
    },
    /** Another type with the same name or code. */
    async constantTypeClash(name: string, code: string): Promise<ConstantTypeRow[]> {
      return db
        .select()
        .from(constantTypes)
        .where(or(eq(constantTypes.name, name), eq(constantTypes.code, code)));
    },
    insertConstantType: (row: typeof constantTypes.$inferInsert) => db.insert(constantTypes).values(row),
    updateConstantType: (id: string, patch: { name: string; code: string; remark: string; sort: number }) =>
      db.update(constantTypes).set(patch).where(eq(constantTypes.id, id)),
    deleteConstantType: (id: string) => db.delete(constantTypes).where(eq(constantTypes.id, id)),
  };
}

/** The constants of a type, their import, and the forms that choose from them. */
function constantQueries(db: Db) {
  return {
    constantsOf: (typeId: string, keyword?: string): Promise<ConstantRow[]> =>
      db
        .select()
        .from(constants)
        .where(
          and(
            eq(constants.typeId, typeId),
            keyword
              ? or(ilike(constants.label, likePattern(keyword)), ilike(constants.value, likePattern(keyword)))
              : undefined,
          ),
        )
        .orderBy(asc(constants.sort), asc(constants.createdAt), asc(constants.id)),
    async findConstant(id: string): Promise<ConstantRow | undefined> {
      const [row] = await db.select().from(constants).where(eq(constants.id, id));
      return row;
    },
    async constantWithValue(typeId: string, value: string): Promise<ConstantRow | undefined> {
      const [row] = await db
        .select()
        .from(constants)
        .where(and(eq(constants.typeId, typeId), eq(constants.value, value)));
      return row;
    },
    insertConstant: (row: typeof constants.$inferInsert) => db.insert(constants).values(row),
    updateConstant: (id: string, patch: { label: string; value: string; sort: number }) =>
      db.update(constants).set(patch).where(eq(constants.id, id)),
    deleteConstant: (id: string) => db.delete(constants).where(eq(constants.id, id)),
    /** The import in one statement: new values are added after the type's last, a known value gets the new label. */
    upsertConstants: (rows: ReadonlyArray<typeof constants.$inferInsert>) =>
      db
        .insert(constants)
        .values([...rows])
        .onConflictDoUpdate({
          target: [constants.typeId, constants.value],
          set: { label: sql`excluded.label` },
        }),
    /** Whether any live form design (current or published version) takes options from the constant type. */
    async formsUsingConstantType(typeId: string): Promise<string[]> {
      const rows = await queryRows<{ name: string }>(
        db,
        sql`select distinct f.name from ${forms} f join ${formVersions} v on v.form_id = f.id
            and (v.version = f.version or v.version = f.published_version)
            where f.deleted_at is null and exists (
              select 1 from jsonb_array_elements(case when jsonb_typeof(v.definition -> 'fields') = 'array'
                then v.definition -> 'fields' else '[]'::jsonb end) field
              where field -> 'options' ->> 'constantTypeId' = ${typeId})
            order by f.name`,
      );
      return rows.map((r) => r.name);
    },
    async maxSorts(): Promise<Map<string, number>> {
      const rows = await db
        .select({ id: constants.typeId, n: sql<number>`cast(max(${constants.sort}) as integer)` })
        .from(constants)
        .groupBy(constants.typeId);
      return new Map(rows.map((r) => [r.id, Number(r.n)]));
    },
  };
}

export type ConstantsQueries = ReturnType<typeof createQueries>;

export function createConstantsRepo(db: Db) {
  return {
    ...createQueries(db),
    transaction: transactionOf(db, createQueries),
  };
}

export type ConstantsRepo = ReturnType<typeof createConstantsRepo>;
