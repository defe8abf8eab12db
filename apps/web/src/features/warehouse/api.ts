import {
  type BodyOf,
  warehouseEndpoints as E,
  formsEndpoints as F,
  type FieldRefKind,
  type FieldType,
  fromFieldWire,
  fromRowWire,
  fromTableWire,
  fromWarehouseWire,
  type QueryOf,
  type RowFilter,
  type RowSort,
  toRowFilterWire,
  WAREHOUSE_DATA_IMPORT,
  WAREHOUSE_STRUCTURE_IMPORT,
  type Warehouse,
  type WarehouseField,
  type WarehouseTable,
} from '@eduqa/contract';
import { useQuery } from '@tanstack/react-query';
import { call, download } from '../../shared/api/client.ts';
import { saveBlob } from '../../shared/api/save-blob.ts';
import { usePagedQuery } from '../../shared/api/use-paged-query.ts';

/** Query keys of 数据仓库; everything under `all` is dropped after a change. */
export const warehouseKeys = {
  all: ['warehouse'] as const,
  warehouses: ['warehouse', 'warehouses'] as const,
  tables: (warehouseId: string) => ['warehouse', 'tables', warehouseId] as const,
  table: (id: string) => ['warehouse', 'table', id] as const,
  rows: (query: object) => ['warehouse', 'rows', query] as const,
  recycle: (query: object) => ['warehouse', 'recycle', query] as const,
  constantTypes: ['warehouse', 'constant-types'] as const,
};

/** A table with its fields, as the table page shows it. */
export type TableDetail = WarehouseTable & { fields: WarehouseField[] };

// Every answer is read through the contract's wire mapping once, here: pages see English names only.
export const useWarehouses = () =>
  useQuery({
    queryKey: warehouseKeys.warehouses,
    queryFn: async () => (await call(E.warehouseAll)).map(fromWarehouseWire),
  });

export const useTables = (warehouseId: string | undefined) =>
  useQuery({
    queryKey: warehouseKeys.tables(warehouseId ?? ''),
    queryFn: async () => (await call(E.tableAll, { query: { ckid: warehouseId! } })).map(fromTableWire),
    enabled: Boolean(warehouseId),
  });

export const useTableDetail = (id: string) =>
  useQuery({
    queryKey: warehouseKeys.table(id),
    queryFn: async (): Promise<TableDetail> => {
      const answer = await call(E.tableDetail, { query: { id } });
      return { ...fromTableWire(answer), fields: answer.fields.map(fromFieldWire) };
    },
  });

/** A page of a table's rows as shown (keys as names), filtered and sorted by the server. */
export const useRows = (
  id: string,
  view: { filters: readonly RowFilter[]; sort: RowSort | null },
  enabled: boolean,
) =>
  usePagedQuery({
    queryKey: warehouseKeys.rows,
    queryFn: async ({ filters, sort, ...query }) => {
      const page = await call(E.rows, {
        query: {
          ...query,
          filters: JSON.stringify(filters.map(toRowFilterWire)),
          ...(sort ? { pxzd: sort.code, pxfs: sort.order } : {}),
        },
      });
      return { ...page, records: page.records.map(fromRowWire) };
    },
    filters: { id, filters: view.filters, sort: view.sort },
    enabled,
  });

export const useRecycle = (keyword: string) =>
  usePagedQuery({
    queryKey: warehouseKeys.recycle,
    queryFn: async (query) => {
      const page = await call(E.recyclePage, { query });
      return { ...page, records: page.records.map(fromTableWire) };
    },
    filters: { keyword: keyword || undefined },
  });

export type RowQuery = QueryOf<typeof E.rows>;

/** The constant types a `constant` key field may name (数据采集 › 常量), for the field form. */
export const useConstantTypeOptions = (enabled: boolean) =>
  useQuery({
    queryKey: warehouseKeys.constantTypes,
    queryFn: async () =>
      (await call(F.constantTypePage, { query: { pageNum: 1, pageSize: 500 } })).records.map((t) => ({
        value: t.id,
        label: t.name,
      })),
    enabled,
  });

/** What the warehouse form holds; saveWarehouse puts it on the wire. */
export interface WarehouseValues {
  name: string;
  remark?: string | undefined;
  sort?: number | undefined;
}
/** What the table form holds; saveTable puts it on the wire. */
export interface TableValues {
  name: string;
  remark?: string | undefined;
}
/** What the field form holds; saveField puts it on the wire. */
export interface FieldValues {
  label: string;
  code: string;
  type: FieldType;
  isRequired?: boolean | undefined;
  isUnique?: boolean | undefined;
  /** '' is 不关联, as the select holds it. */
  refKind?: FieldRefKind | '' | undefined;
  /** The constant type of a 常量 reference. */
  refTypeId?: string | undefined;
  sort?: number | undefined;
}

type WarehouseBody = BodyOf<typeof E.warehouseInsert>;
type TableBody = Omit<BodyOf<typeof E.tableInsert>, 'ckid'>;
type FieldBody = Omit<BodyOf<typeof E.fieldInsert>, 'ckbid'>;

const warehouseBody = (v: WarehouseValues): WarehouseBody => ({ ckmc: v.name, ckms: v.remark, sort: v.sort });
const tableBody = (v: TableValues): TableBody => ({ bmc: v.name, bms: v.remark });
const fieldBody = (v: FieldValues): FieldBody => ({
  zdmc: v.label,
  zddm: v.code,
  zdlx: v.type,
  sfbt: v.isRequired,
  sfwy: v.isUnique,
  gllx: v.refKind,
  cllxid: v.refKind === 'constant' ? v.refTypeId : undefined,
  sort: v.sort,
});

export const saveWarehouse = (values: WarehouseValues, target: Warehouse | null) =>
  target
    ? call(E.warehouseUpdate, { body: { ...warehouseBody(values), id: target.id }, json: true })
    : call(E.warehouseInsert, { body: warehouseBody(values), json: true });
export const deleteWarehouse = (id: string) => call(E.warehouseDelete, { body: { ids: [id] }, json: true });

export const saveTable = (values: TableValues, warehouseId: string, target: WarehouseTable | null) =>
  target
    ? call(E.tableUpdate, { body: { ...tableBody(values), id: target.id }, json: true })
    : call(E.tableInsert, { body: { ...tableBody(values), ckid: warehouseId }, json: true });
export const deleteTable = (id: string) => call(E.tableDelete, { body: { ids: [id] }, json: true });
export const createPhysical = (id: string) => call(E.createPhysical, { body: { id }, json: true });
export const dropPhysical = (id: string) => call(E.dropPhysical, { body: { id }, json: true });

export const saveField = (values: FieldValues, tableId: string, target: WarehouseField | null) =>
  target
    ? call(E.fieldUpdate, { body: { ...fieldBody(values), id: target.id }, json: true })
    : call(E.fieldInsert, { body: { ...fieldBody(values), ckbid: tableId }, json: true });
export const deleteField = (id: string) => call(E.fieldDelete, { body: { ids: [id] }, json: true });

export const restoreTable = (id: string) => call(E.recycleRestore, { body: { ids: [id] }, json: true });
export const purgeTable = (id: string) => call(E.recyclePurge, { body: { ids: [id] }, json: true });

/** The exports of a table, saved under the table's name. */
export async function exportTable(kind: 'structure' | 'data', table: { id: string; name: string }) {
  const endpoint = kind === 'structure' ? E.structureExport : E.dataExport;
  saveBlob(
    await download(endpoint.path, { query: { id: table.id } }),
    `${table.name}-${kind === 'structure' ? '表结构' : '数据'}.xlsx`,
  );
}

/**
 * The import endpoints of one table for the shared dialog: its template download carries the table's id
 * in the path, since the dialog downloads the template without a query of its own.
 */
export function tableImport(kind: 'structure' | 'data', tableId: string) {
  const base = kind === 'structure' ? WAREHOUSE_STRUCTURE_IMPORT : WAREHOUSE_DATA_IMPORT;
  return {
    ...base,
    template: { ...base.template, path: `${base.template.path}?id=${encodeURIComponent(tableId)}` },
  };
}
