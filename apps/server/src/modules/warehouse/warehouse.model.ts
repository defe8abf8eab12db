import type { FieldRefKind, FieldType, Warehouse, WarehouseField, WarehouseTable } from '@eduqa/contract';
import { AppError, notFound } from '../../platform/errors.ts';
import type { FieldRow, TableRow, WarehouseQueries, WarehouseRow } from './warehouse.repo.ts';

export const MESSAGES = {
  warehouseNotFound: '数据仓库不存在',
  warehouseTaken: '仓库名称已存在',
  tableNotFound: '数据表不存在',
  tableTaken: '该仓库下已有同名数据表',
  fieldNotFound: '字段不存在',
  inBin: '数据表在回收站中，请先恢复',
  notCreated: '物理表尚未创建，请先创建物理表',
} as const;

/** A field as the rules see it (the form's values, in English). */
export interface FieldInput {
  label: string;
  code: string;
  type: FieldType;
  isRequired: boolean;
  isUnique: boolean;
  refKind: FieldRefKind | null;
  /** The constant type of a `constant` reference; kept from the stored field when left out. */
  refTypeId?: string | null | undefined;
  sort?: number | undefined;
}

export const warehouseOf = (row: WarehouseRow, tableCount: number): Warehouse => ({
  id: row.id,
  name: row.name,
  remark: row.remark,
  sort: row.sort,
  tableCount,
  createdAt: row.createdAt,
});

export const fieldOf = (row: FieldRow): WarehouseField => ({
  id: row.id,
  tableId: row.tableId,
  label: row.label,
  code: row.code,
  type: row.type as FieldType,
  isRequired: row.isRequired,
  isUnique: row.isUnique,
  refKind: (row.refKind as FieldRefKind | null) ?? null,
  refTypeId: row.refTypeId ?? null,
  sort: row.sort,
});

/** Tables with their warehouse name, field count and (for created ones) row count. */
export async function tablesOf(q: WarehouseQueries, rows: readonly TableRow[]): Promise<WarehouseTable[]> {
  const fieldCounts = await q.fieldCounts(rows.map((r) => r.id));
  const names = new Map((await q.allWarehouses()).map((w) => [w.id, w.name]));
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      warehouseId: row.warehouseId,
      warehouseName: names.get(row.warehouseId) ?? '',
      name: row.name,
      remark: row.remark,
      physicalName: `${row.deletedAt ? 'dw_bin' : 'dw'}.${row.physicalName}`,
      isCreated: row.isCreated,
      fieldCount: fieldCounts.get(row.id) ?? 0,
      rowCount: row.isCreated
        ? await q.physical.rowCount(row.deletedAt ? 'dw_bin' : 'dw', row.physicalName)
        : null,
      deletedAt: row.deletedAt,
      createdAt: row.createdAt,
    })),
  );
}

/** A live table (not in the bin), or the Chinese reason it cannot be worked on. */
export async function liveTable(q: WarehouseQueries, id: string): Promise<TableRow> {
  const row = await q.findTable(id);
  if (!row) throw notFound(MESSAGES.tableNotFound);
  if (row.deletedAt) throw new AppError('UNPROCESSABLE', MESSAGES.inBin);
  return row;
}

export async function warehouseRow(q: WarehouseQueries, id: string): Promise<WarehouseRow> {
  const row = await q.findWarehouse(id);
  if (!row) throw notFound(MESSAGES.warehouseNotFound);
  return row;
}
