import type { FieldRefKind, PagingQuery } from '@eduqa/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { transactionOf } from '../../db/transaction.ts';
import { likePattern } from '../../platform/sql.ts';
import { createPhysical, createTableData } from './warehouse.physical.ts';
import { warehouseFields, warehouses, warehouseTables } from './warehouse.table.ts';

export type WarehouseRow = typeof warehouses.$inferSelect;
export type TableRow = typeof warehouseTables.$inferSelect;
export type FieldRow = typeof warehouseFields.$inferSelect;
type TableInsert = typeof warehouseTables.$inferInsert;
type FieldInsert = typeof warehouseFields.$inferInsert;

const paged = (paging: PagingQuery) => ({
  limit: paging.pageSize,
  offset: (paging.pageNum - 1) * paging.pageSize,
});

function warehouseQueries(db: Db) {
  return {
    async allWarehouses(keyword?: string): Promise<WarehouseRow[]> {
      return db
        .select()
        .from(warehouses)
        .where(keyword ? ilike(warehouses.name, likePattern(keyword)) : undefined)
        .orderBy(asc(warehouses.sort), asc(warehouses.createdAt), asc(warehouses.id));
    },
    async warehousePage(keyword: string | undefined, paging: PagingQuery) {
      const where = keyword ? ilike(warehouses.name, likePattern(keyword)) : undefined;
      const { limit, offset } = paged(paging);
      const [records, totals] = await Promise.all([
        db
          .select()
          .from(warehouses)
          .where(where)
          .orderBy(asc(warehouses.sort), asc(warehouses.createdAt), asc(warehouses.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(warehouses).where(where),
      ]);
      return { records, total: totals[0]?.n ?? 0 };
    },
    async findWarehouse(id: string) {
      const [row] = await db.select().from(warehouses).where(eq(warehouses.id, id));
      return row;
    },
    async findWarehouseByName(name: string) {
      const [row] = await db.select().from(warehouses).where(eq(warehouses.name, name));
      return row;
    },
    insertWarehouse: (row: typeof warehouses.$inferInsert) => db.insert(warehouses).values(row),
    updateWarehouse: (id: string, patch: { name: string; remark: string; sort: number }) =>
      db
        .update(warehouses)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(warehouses.id, id)),
    deleteWarehouses: (ids: readonly string[]) =>
      db.delete(warehouses).where(inArray(warehouses.id, [...ids])),
    /** Live tables per warehouse (the bin's are not counted). */
    async liveTableCounts(ids: readonly string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: warehouseTables.warehouseId, n: count() })
        .from(warehouseTables)
        .where(and(inArray(warehouseTables.warehouseId, [...ids]), isNull(warehouseTables.deletedAt)))
        .groupBy(warehouseTables.warehouseId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },
    async anyTableOf(ids: readonly string[]) {
      const [row] = await db
        .select()
        .from(warehouseTables)
        .where(inArray(warehouseTables.warehouseId, [...ids]))
        .limit(1);
      return row;
    },
  };
}

function tableQueries(db: Db) {
  const live = isNull(warehouseTables.deletedAt);
  return {
    async tablePage(
      filter: { warehouseId?: string | undefined; keyword?: string | undefined; deleted: boolean },
      paging: PagingQuery,
    ) {
      const conditions: SQL[] = [filter.deleted ? isNotNull(warehouseTables.deletedAt) : live];
      if (filter.warehouseId) conditions.push(eq(warehouseTables.warehouseId, filter.warehouseId));
      if (filter.keyword) conditions.push(ilike(warehouseTables.name, likePattern(filter.keyword)));
      const where = and(...conditions);
      const { limit, offset } = paged(paging);
      const order = filter.deleted ? [desc(warehouseTables.deletedAt)] : [asc(warehouseTables.createdAt)];
      const [records, totals] = await Promise.all([
        db
          .select()
          .from(warehouseTables)
          .where(where)
          .orderBy(...order, asc(warehouseTables.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(warehouseTables).where(where),
      ]);
      return { records, total: totals[0]?.n ?? 0 };
    },
    async findTable(id: string): Promise<TableRow | undefined> {
      const [row] = await db.select().from(warehouseTables).where(eq(warehouseTables.id, id));
      return row;
    },
    async findTables(ids: readonly string[]): Promise<TableRow[]> {
      return db
        .select()
        .from(warehouseTables)
        .where(inArray(warehouseTables.id, [...ids]));
    },
    async liveNamesake(warehouseId: string, name: string): Promise<TableRow | undefined> {
      const [row] = await db
        .select()
        .from(warehouseTables)
        .where(and(eq(warehouseTables.warehouseId, warehouseId), eq(warehouseTables.name, name), live));
      return row;
    },
    insertTable: (row: TableInsert) => db.insert(warehouseTables).values(row),
    updateTable: (id: string, patch: Partial<Omit<TableInsert, 'id'>>) =>
      db
        .update(warehouseTables)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(warehouseTables.id, id)),
    deleteTables: (ids: readonly string[]) =>
      db.delete(warehouseTables).where(inArray(warehouseTables.id, [...ids])),
    async fieldCounts(tableIds: readonly string[]): Promise<Map<string, number>> {
      if (tableIds.length === 0) return new Map();
      const rows = await db
        .select({ id: warehouseFields.tableId, n: count() })
        .from(warehouseFields)
        .where(inArray(warehouseFields.tableId, [...tableIds]))
        .groupBy(warehouseFields.tableId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },
  };
}

function fieldQueries(db: Db) {
  return {
    fieldsOf: (tableId: string): Promise<FieldRow[]> =>
      db
        .select()
        .from(warehouseFields)
        .where(eq(warehouseFields.tableId, tableId))
        .orderBy(asc(warehouseFields.sort), asc(warehouseFields.createdAt), asc(warehouseFields.id)),
    async fieldPage(tableId: string, keyword: string | undefined, paging: PagingQuery) {
      const where = and(
        eq(warehouseFields.tableId, tableId),
        keyword ? ilike(warehouseFields.label, likePattern(keyword)) : undefined,
      );
      const { limit, offset } = paged(paging);
      const [records, totals] = await Promise.all([
        db
          .select()
          .from(warehouseFields)
          .where(where)
          .orderBy(asc(warehouseFields.sort), asc(warehouseFields.createdAt), asc(warehouseFields.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(warehouseFields).where(where),
      ]);
      return { records, total: totals[0]?.n ?? 0 };
    },
    async findField(id: string): Promise<FieldRow | undefined> {
      const [row] = await db.select().from(warehouseFields).where(eq(warehouseFields.id, id));
      return row;
    },
    findFields: (ids: readonly string[]): Promise<FieldRow[]> =>
      db
        .select()
        .from(warehouseFields)
        .where(inArray(warehouseFields.id, [...ids])),
    insertFields: (rows: readonly FieldInsert[]) => db.insert(warehouseFields).values([...rows]),
    updateField: (id: string, patch: Partial<Omit<FieldInsert, 'id' | 'tableId'>>) =>
      db.update(warehouseFields).set(patch).where(eq(warehouseFields.id, id)),
    deleteFields: (ids: readonly string[]) =>
      db.delete(warehouseFields).where(inArray(warehouseFields.id, [...ids])),
  };
}

/**
 * What a key cell of each kind may name besides its key: a department's or user's name (or an account),
 * a cycle's number, an object's code or name, a fill task's task name, a constant's name (its key is
 * its value). The browse and the export show these names, so the import reads them back.
 */
function refLabelsSql(kind: FieldRefKind, typeId: string | null): SQL | null {
  switch (kind) {
    case 'department':
      return sql`select id, name as label from departments`;
    case 'user':
      return sql`select id, account as label from users union all select id, name from users where name <> account`;
    case 'cycle':
      return sql`select id, number as label from cycles`;
    case 'object':
      return sql`select id, code as label from diagnosis_objects
        union all select id, name from diagnosis_objects where name <> code`;
    case 'task':
      return sql`select f.id, t.name as label from fill_tasks f join collect_tasks t on t.id = f.task_id`;
    case 'constant':
      return sql`select value as id, label from constants where type_id = ${typeId ?? ''}`;
    case 'record':
      return null;
  }
}

function createQueries(db: Db) {
  return {
    ...warehouseQueries(db),
    ...tableQueries(db),
    ...fieldQueries(db),
    /** The keys and names a key cell may hold; null for a kind whose key is taken as it is (`record`). */
    async refLabels(kind: FieldRefKind, typeId: string | null) {
      const query = refLabelsSql(kind, typeId);
      return query ? queryRows<{ id: string; label: string }>(db, query) : null;
    },
    async constantTypeExists(id: string): Promise<boolean> {
      const rows = await queryRows<{ id: string }>(db, sql`select id from constant_types where id = ${id}`);
      return rows.length > 0;
    },
    physical: createPhysical(db),
    data: createTableData(db),
  };
}

export type WarehouseQueries = ReturnType<typeof createQueries>;

export function createWarehouseRepo(db: Db) {
  return {
    ...createQueries(db),
    /** Metadata and DDL in one transaction. */
    transaction: transactionOf(db, createQueries),
  };
}

export type WarehouseRepo = ReturnType<typeof createWarehouseRepo>;
