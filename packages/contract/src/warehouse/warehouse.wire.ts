import { z } from 'zod';
import { ImportErrorCountSchema, ImportRowErrorSchema } from '../standards/standards.schema.ts';
import { FIELD_REF_KINDS, FIELD_TYPES } from './warehouse.enums.ts';
import type {
  BrowsedRow,
  RowFilter,
  RowFilterWire,
  Warehouse,
  WarehouseField,
  WarehouseTable,
} from './warehouse.schema.ts';

const bit = z.union([z.literal(0), z.literal(1)]);
const bitOf = (value: boolean): 0 | 1 => (value ? 1 : 0);

export const WarehouseWireSchema = z.object({
  id: z.string().describe('仓库编号'),
  ckmc: z.string().describe('仓库名称'),
  ckms: z.string().describe('仓库说明'),
  sort: z.number().int().describe('排序'),
  bsl: z.number().int().describe('数据表数（不含回收站）'),
  createTime: z.string().describe('创建时间'),
});
export type WarehouseWire = z.infer<typeof WarehouseWireSchema>;

export const TableWireSchema = z.object({
  id: z.string().describe('数据表编号'),
  ckid: z.string().describe('仓库编号'),
  ckmc: z.string().describe('仓库名称'),
  bmc: z.string().describe('表名称'),
  bms: z.string().describe('表说明'),
  wlbm: z.string().describe('物理表名（dw.t_…，系统生成）'),
  sfcj: bit.describe('物理表是否已创建（1 已创建）'),
  zdsl: z.number().int().describe('字段数'),
  hs: z.number().int().nullable().describe('数据行数（未创建物理表时为空）'),
  scsj: z.string().nullable().describe('删除时间（在回收站时）'),
  createTime: z.string().describe('创建时间'),
});
export type TableWire = z.infer<typeof TableWireSchema>;

export const FieldWireSchema = z.object({
  id: z.string().describe('字段编号'),
  ckbid: z.string().describe('数据表编号'),
  zdmc: z.string().describe('字段名称'),
  zddm: z.string().describe('字段代码'),
  lm: z.string().describe('物理列名（c_字段代码）'),
  zdlx: z.enum(FIELD_TYPES).describe('字段类型'),
  sfbt: bit.describe('是否必填'),
  sfwy: bit.describe('是否唯一'),
  gllx: z.union([z.enum(FIELD_REF_KINDS), z.literal('')]).describe('关联（空为不关联）'),
  cllxid: z.string().describe('常量类型编号（关联常量时；否则为空）'),
  sort: z.number().int().describe('排序'),
});
export type FieldWire = z.infer<typeof FieldWireSchema>;

/** A table with its fields, for the table page. */
export const TableDetailWireSchema = TableWireSchema.extend({ fields: z.array(FieldWireSchema) });

/**
 * One row of a physical table as it is shown: `_xh` its 序号 in the browse's order, `_imported_at` the
 * import time on the school's clock, and each field's value by its code, as text (null when empty); a key
 * field carries the name its key stands for, a `record` key is left out.
 */
export const RowWireSchema = z.record(z.string(), z.string().nullable());
export type RowWire = z.infer<typeof RowWireSchema>;

/** The row's own columns: `_xh` (序号) and `_imported_at`; a field code never starts with `_`. */
export const toRowWire = (row: BrowsedRow): RowWire => ({
  ...row.values,
  _xh: String(row.number),
  _imported_at: row.importedAt,
});
export const fromRowWire = (wire: RowWire): BrowsedRow => {
  const { _xh, _imported_at, ...values } = wire;
  return { number: Number(_xh), importedAt: _imported_at ?? null, values };
};

/** A rows browser filter travels with its field's code as `zddm`. */
export const toRowFilterWire = (f: RowFilter): RowFilterWire => ({ zddm: f.code, op: f.op, value: f.value });
export const fromRowFilterWire = (w: RowFilterWire): RowFilter => ({
  code: w.zddm,
  op: w.op,
  value: w.value,
});

/** The answer of a structure or data import: all rows taken, or none and every bad row. */
export const WarehouseImportResultSchema = z.object({
  imported: z.boolean().describe('是否已导入'),
  count: z.number().int().describe('导入的行数（结构导入为字段数）'),
  errors: z.array(ImportRowErrorSchema).describe('有误的行（有误时不导入任何数据）'),
  errorCount: ImportErrorCountSchema,
});
export type WarehouseImportResult = z.infer<typeof WarehouseImportResultSchema>;

export const columnOf = (code: string) => `c_${code}`;

export const toWarehouseWire = (w: Warehouse): WarehouseWire => ({
  id: w.id,
  ckmc: w.name,
  ckms: w.remark,
  sort: w.sort,
  bsl: w.tableCount,
  createTime: w.createdAt.toISOString(),
});

export const toTableWire = (t: WarehouseTable): TableWire => ({
  id: t.id,
  ckid: t.warehouseId,
  ckmc: t.warehouseName,
  bmc: t.name,
  bms: t.remark,
  wlbm: t.physicalName,
  sfcj: bitOf(t.isCreated),
  zdsl: t.fieldCount,
  hs: t.rowCount,
  scsj: t.deletedAt ? t.deletedAt.toISOString() : null,
  createTime: t.createdAt.toISOString(),
});

export const toFieldWire = (f: WarehouseField): FieldWire => ({
  id: f.id,
  ckbid: f.tableId,
  zdmc: f.label,
  zddm: f.code,
  lm: columnOf(f.code),
  zdlx: f.type,
  sfbt: bitOf(f.isRequired),
  sfwy: bitOf(f.isUnique),
  gllx: f.refKind ?? '',
  cllxid: f.refTypeId ?? '',
  sort: f.sort,
});

export const fromWarehouseWire = (w: WarehouseWire): Warehouse => ({
  id: w.id,
  name: w.ckmc,
  remark: w.ckms,
  sort: w.sort,
  tableCount: w.bsl,
  createdAt: new Date(w.createTime),
});

export const fromTableWire = (t: TableWire): WarehouseTable => ({
  id: t.id,
  warehouseId: t.ckid,
  warehouseName: t.ckmc,
  name: t.bmc,
  remark: t.bms,
  physicalName: t.wlbm,
  isCreated: t.sfcj === 1,
  fieldCount: t.zdsl,
  rowCount: t.hs,
  deletedAt: t.scsj ? new Date(t.scsj) : null,
  createdAt: new Date(t.createTime),
});

export const fromFieldWire = (f: FieldWire): WarehouseField => ({
  id: f.id,
  tableId: f.ckbid,
  label: f.zdmc,
  code: f.zddm,
  type: f.zdlx,
  isRequired: f.sfbt === 1,
  isUnique: f.sfwy === 1,
  refKind: f.gllx === '' ? null : f.gllx,
  refTypeId: f.cllxid === '' ? null : f.cllxid,
  sort: f.sort,
});
