import type {
  PagingQuery,
  RowFilter,
  RowSort,
  Warehouse,
  WarehouseField,
  WarehouseTable,
} from '@eduqa/contract';
import { guarded } from '../../platform/db-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { addField, addFields, changeField, removeFields } from './warehouse.fields.ts';
import {
  type FieldInput,
  fieldOf,
  liveTable,
  MESSAGES,
  tablesOf,
  warehouseOf,
  warehouseRow,
} from './warehouse.model.ts';
import type { WarehouseQueries, WarehouseRepo } from './warehouse.repo.ts';
import { browseRows } from './warehouse.rows.ts';

/** The generated name of a physical table: never user text. */
const physicalNameOf = (id: string) => `t_${id.slice(0, 16).toLowerCase()}`;

async function tableOf(q: WarehouseQueries, id: string): Promise<WarehouseTable> {
  const row = await q.findTable(id);
  if (!row) throw notFound(MESSAGES.tableNotFound);
  return (await tablesOf(q, [row]))[0]!;
}

function warehouseCalls(repo: WarehouseRepo) {
  async function withCounts(rows: Awaited<ReturnType<WarehouseRepo['allWarehouses']>>): Promise<Warehouse[]> {
    const counts = await repo.liveTableCounts(rows.map((r) => r.id));
    return rows.map((r) => warehouseOf(r, counts.get(r.id) ?? 0));
  }
  async function save(
    id: string,
    input: { name: string; remark?: string | undefined; sort?: number | undefined },
    isNew: boolean,
  ) {
    await guarded(
      () =>
        repo.transaction(async (tx) => {
          const holder = await tx.findWarehouseByName(input.name);
          if (holder && holder.id !== id) throw new AppError('CONFLICT', MESSAGES.warehouseTaken);
          const existing = isNew ? undefined : await warehouseRow(tx, id);
          const columns = {
            name: input.name,
            remark: input.remark ?? existing?.remark ?? '',
            sort: input.sort ?? existing?.sort ?? 0,
          };
          if (existing) await tx.updateWarehouse(id, columns);
          else await tx.insertWarehouse({ id, ...columns });
        }),
      { conflict: MESSAGES.warehouseTaken },
    );
    return (await withCounts([await warehouseRow(repo, id)]))[0]!;
  }
  return {
    allWarehouses: async () => withCounts(await repo.allWarehouses()),
    async warehousePage(keyword: string | undefined, paging: PagingQuery) {
      const page = await repo.warehousePage(keyword, paging);
      return { records: await withCounts(page.records), total: page.total };
    },
    createWarehouse: (input: { name: string; remark?: string | undefined; sort?: number | undefined }) =>
      save(newId(), input, true),
    updateWarehouse: (
      id: string,
      input: { name: string; remark?: string | undefined; sort?: number | undefined },
    ) => save(id, input, false),
    /** A warehouse goes only when empty, bin included: a binned table must stay restorable into it. */
    async removeWarehouses(ids: readonly string[]) {
      await repo.transaction(async (tx) => {
        for (const id of new Set(ids)) await warehouseRow(tx, id);
        const table = await tx.anyTableOf(ids);
        if (table) {
          const owner = await warehouseRow(tx, table.warehouseId);
          throw new AppError(
            'UNPROCESSABLE',
            `仓库「${owner.name}」下还有数据表（含回收站），请先删除并清除这些表`,
          );
        }
        await tx.deleteWarehouses(ids);
      });
    },
  };
}

function tableCalls(repo: WarehouseRepo) {
  async function save(
    input: { id: string; warehouseId: string; name: string; remark?: string | undefined },
    isNew: boolean,
  ) {
    await guarded(
      () =>
        repo.transaction(async (tx) => {
          await warehouseRow(tx, input.warehouseId);
          const holder = await tx.liveNamesake(input.warehouseId, input.name);
          if (holder && holder.id !== input.id) throw new AppError('CONFLICT', MESSAGES.tableTaken);
          if (isNew) {
            await tx.insertTable({
              id: input.id,
              warehouseId: input.warehouseId,
              name: input.name,
              remark: input.remark ?? '',
              physicalName: physicalNameOf(input.id),
            });
          } else {
            const existing = await liveTable(tx, input.id);
            await tx.updateTable(input.id, { name: input.name, remark: input.remark ?? existing.remark });
          }
        }),
      { conflict: MESSAGES.tableTaken },
    );
    return tableOf(repo, input.id);
  }
  return {
    async allTables(warehouseId: string) {
      await warehouseRow(repo, warehouseId);
      const page = await repo.tablePage({ warehouseId, deleted: false }, { pageNum: 1, pageSize: 10_000 });
      return tablesOf(repo, page.records);
    },
    async tablePage(
      filter: { warehouseId?: string | undefined; keyword?: string | undefined; deleted: boolean },
      paging: PagingQuery,
    ) {
      const page = await repo.tablePage(filter, paging);
      return { records: await tablesOf(repo, page.records), total: page.total };
    },
    async tableDetail(id: string): Promise<WarehouseTable & { fields: WarehouseField[] }> {
      const table = await tableOf(repo, id);
      return { ...table, fields: (await repo.fieldsOf(id)).map(fieldOf) };
    },
    createTable: (input: { warehouseId: string; name: string; remark?: string | undefined }) =>
      save({ ...input, id: newId() }, true),
    async updateTable(id: string, input: { name: string; remark?: string | undefined }) {
      const existing = await liveTable(repo, id);
      return save({ ...input, id, warehouseId: existing.warehouseId }, false);
    },
    async createPhysical(id: string) {
      await repo.transaction(async (tx) => {
        const table = await liveTable(tx, id);
        if (table.isCreated) throw new AppError('CONFLICT', '物理表已创建');
        const fields = await tx.fieldsOf(id);
        if (fields.length === 0) throw new AppError('UNPROCESSABLE', '请先添加字段，再创建物理表');
        await tx.physical.create(table.physicalName, fields.map(fieldOf));
        await tx.updateTable(id, { isCreated: true });
      });
      return tableOf(repo, id);
    },
    async dropPhysical(id: string) {
      await repo.transaction(async (tx) => {
        const table = await liveTable(tx, id);
        if (!table.isCreated) throw new AppError('UNPROCESSABLE', MESSAGES.notCreated);
        await tx.physical.drop('dw', table.physicalName);
        await tx.updateTable(id, { isCreated: false });
      });
      return tableOf(repo, id);
    },
    browseRows: (input: {
      id: string;
      filters: readonly RowFilter[];
      sort: RowSort | null;
      paging: PagingQuery;
    }) => browseRows(repo, input),
  };
}

/**
 * Asked before the warehouse's own delete, restore or purge of tables; throws to refuse. The form service
 * refuses it for a table that backs a form: form and table go to the bin and come back together there.
 */
export type TableGuard = (
  tableIds: readonly string[],
  action: 'remove' | 'restore' | 'purge',
) => Promise<void>;

/** The recycle bin: a deleted table (and its physical table, moved to `dw_bin`) restored whole or purged. */
function binCalls(repo: WarehouseRepo, guard: TableGuard) {
  async function binned(tx: WarehouseQueries, ids: readonly string[]) {
    const found = await tx.findTables(ids);
    if (found.length !== new Set(ids).size || found.some((t) => !t.deletedAt))
      throw notFound('回收站中没有该数据表');
    return found;
  }
  return {
    async removeTables(ids: readonly string[], actorId: string) {
      await guard(ids, 'remove');
      await repo.transaction(async (tx) => {
        const found = await tx.findTables(ids);
        if (found.length !== new Set(ids).size || found.some((t) => t.deletedAt))
          throw notFound(MESSAGES.tableNotFound);
        for (const table of found) {
          if (table.isCreated) await tx.physical.move(table.physicalName, 'dw', 'dw_bin');
          await tx.updateTable(table.id, { deletedAt: new Date(), deletedBy: actorId });
        }
      });
    },
    async restoreTables(ids: readonly string[]) {
      await guard(ids, 'restore');
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            for (const table of await binned(tx, ids)) {
              if (await tx.liveNamesake(table.warehouseId, table.name)) {
                throw new AppError('CONFLICT', `仓库中已有同名数据表「${table.name}」，请先改名后再恢复`);
              }
              if (table.isCreated) await tx.physical.move(table.physicalName, 'dw_bin', 'dw');
              await tx.updateTable(table.id, { deletedAt: null, deletedBy: null });
            }
          }),
        { conflict: MESSAGES.tableTaken },
      );
    },
    async purgeTables(ids: readonly string[]) {
      await guard(ids, 'purge');
      await repo.transaction(async (tx) => {
        for (const table of await binned(tx, ids)) {
          if (table.isCreated) await tx.physical.drop('dw_bin', table.physicalName);
        }
        await tx.deleteTables(ids);
      });
    },
  };
}

function fieldCalls(repo: WarehouseRepo) {
  const fieldGuard = { conflict: '字段代码或名称已存在' };
  return {
    async allFields(tableId: string) {
      await tableOf(repo, tableId);
      return (await repo.fieldsOf(tableId)).map(fieldOf);
    },
    async fieldPage(tableId: string, keyword: string | undefined, paging: PagingQuery) {
      await tableOf(repo, tableId);
      const page = await repo.fieldPage(tableId, keyword, paging);
      return { records: page.records.map(fieldOf), total: page.total };
    },
    async createField(tableId: string, input: FieldInput): Promise<WarehouseField> {
      const id = await guarded(() => repo.transaction((tx) => addField(tx, tableId, input)), fieldGuard);
      return fieldOf((await repo.findField(id))!);
    },
    /** Several fields in one transaction and one insert (a form's columns when it is published). */
    async createFields(tableId: string, inputs: readonly FieldInput[]): Promise<string[]> {
      return guarded(() => repo.transaction((tx) => addFields(tx, tableId, inputs)), fieldGuard);
    },
    async updateField(id: string, input: FieldInput): Promise<WarehouseField> {
      await guarded(
        () =>
          repo.transaction(async (tx) => {
            const field = await tx.findField(id);
            if (!field) throw notFound(MESSAGES.fieldNotFound);
            await changeField(tx, field, input);
          }),
        fieldGuard,
      );
      return fieldOf((await repo.findField(id))!);
    },
    removeFields: (ids: readonly string[]) => repo.transaction((tx) => removeFields(tx, ids)),
  };
}

/** 数据仓库: warehouses → tables → fields, each table a real table in schema `dw`. */
export function createWarehouseService(deps: { repo: WarehouseRepo; guardTables?: TableGuard }) {
  const { repo } = deps;
  const guard = deps.guardTables ?? (async () => {});
  return { ...warehouseCalls(repo), ...tableCalls(repo), ...binCalls(repo, guard), ...fieldCalls(repo) };
}

export type WarehouseService = ReturnType<typeof createWarehouseService>;
