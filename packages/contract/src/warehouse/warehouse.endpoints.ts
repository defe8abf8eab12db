import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import { futureTaskEndpoints } from '../platform/jobs.ts';
import { ImportJobWireSchema } from '../standards/standards.endpoints.ts';
import * as S from './warehouse.schema.ts';
import * as W from './warehouse.wire.ts';

const base = '/api/herm-sjgl';
const tag = '数据仓库';
const done = z.null();

/**
 * The table imports' job pair lives under `ckb/`, not the shared base, so that it cannot collide with
 * another herm-sjgl domain's own getFutureTaskResult.
 */
export const warehouseFutureTasks = futureTaskEndpoints(`${base}/ckb`, tag);

const download = (path: string, summary: string) =>
  defineEndpoint({
    method: 'GET',
    path,
    summary,
    tag,
    query: S.TableIdQuerySchema,
    download: true,
    data: z.unknown(),
  });
const upload = (path: string, summary: string) =>
  defineEndpoint({
    method: 'POST',
    path,
    summary,
    tag,
    multipart: true,
    body: S.TableImportFieldsSchema,
    data: ImportJobWireSchema,
  });

/** Warehouses → tables → fields (spec 2 §7.3 ck, ckb, ckbzd), the physical tables in schema `dw`, and the recycle bin. */
export const warehouseEndpoints = {
  // 仓库 ck
  warehouseAll: defineEndpoint({
    method: 'GET',
    path: `${base}/ck/selectAll`,
    summary: '全部数据仓库',
    tag,
    data: z.array(W.WarehouseWireSchema),
  }),
  warehousePage: defineEndpoint({
    method: 'GET',
    path: `${base}/ck/selectqurey`,
    summary: '数据仓库分页查询',
    tag,
    query: S.WarehousePageQuerySchema,
    data: pageOf(W.WarehouseWireSchema),
  }),
  warehouseInsert: defineEndpoint({
    method: 'POST',
    path: `${base}/ck/insert`,
    summary: '新增数据仓库',
    tag,
    body: S.WarehouseBodySchema,
    data: W.WarehouseWireSchema,
  }),
  warehouseUpdate: defineEndpoint({
    method: 'POST',
    path: `${base}/ck/update`,
    summary: '修改数据仓库',
    tag,
    body: S.WarehouseUpdateBodySchema,
    data: W.WarehouseWireSchema,
  }),
  warehouseDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/ck/ids/delete`,
    summary: '删除数据仓库（仓库下无数据表时，含回收站）',
    tag,
    body: S.WarehouseIdsBodySchema('仓库'),
    data: done,
  }),

  // 表 ckb
  tableAll: defineEndpoint({
    method: 'GET',
    path: `${base}/ckb/selectAll`,
    summary: '仓库下的全部数据表',
    tag,
    query: S.TableAllQuerySchema,
    data: z.array(W.TableWireSchema),
  }),
  tablePage: defineEndpoint({
    method: 'GET',
    path: `${base}/ckb/selectqurey`,
    summary: '数据表分页查询',
    tag,
    query: S.TablePageQuerySchema,
    data: pageOf(W.TableWireSchema),
  }),
  tableDetail: defineEndpoint({
    method: 'GET',
    path: `${base}/ckb/selectById`,
    summary: '数据表及其字段',
    tag,
    query: S.TableIdQuerySchema,
    data: W.TableDetailWireSchema,
  }),
  tableInsert: defineEndpoint({
    method: 'POST',
    path: `${base}/ckb/insert`,
    summary: '新增数据表（物理表另行创建）',
    tag,
    body: S.TableBodySchema,
    data: W.TableWireSchema,
  }),
  tableUpdate: defineEndpoint({
    method: 'POST',
    path: `${base}/ckb/update`,
    summary: '修改数据表名称与说明',
    tag,
    body: S.TableUpdateBodySchema,
    data: W.TableWireSchema,
  }),
  tableDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/ckb/ids/delete`,
    summary: '删除数据表（连同数据移入回收站）',
    tag,
    body: S.WarehouseIdsBodySchema('数据表'),
    data: done,
  }),
  createPhysical: defineEndpoint({
    method: 'POST',
    path: `${base}/ckb/cjwlb`,
    summary: '创建物理表（dw 模式下）',
    tag,
    body: S.TableIdBodySchema,
    data: W.TableWireSchema,
  }),
  dropPhysical: defineEndpoint({
    method: 'POST',
    path: `${base}/ckb/scwlb`,
    summary: '删除物理表（数据一并删除，不可恢复）',
    tag,
    body: S.TableIdBodySchema,
    data: W.TableWireSchema,
  }),
  rows: defineEndpoint({
    method: 'GET',
    path: `${base}/ckb/selectData`,
    summary: '浏览数据表的行（分页、按列筛选）',
    tag,
    query: S.RowPageQuerySchema,
    data: pageOf(W.RowWireSchema),
  }),
  structureImport: upload(
    `${base}/ckb/drbjg`,
    '导入表结构（后台任务；multipart 字段 file 与 id；全部正确才导入）',
  ),
  structureExport: download(`${base}/ckb/dcbjg`, '导出表结构（Excel）'),
  dataImport: upload(
    `${base}/ckb/drbsj`,
    '导入表数据（后台任务；multipart 字段 file 与 id；全部正确才导入）',
  ),
  dataExport: download(`${base}/ckb/dcbsj`, '导出表数据（Excel）'),
  template: download(`${base}/ckb/downloadTemplate`, '下载数据导入模板（表的列为表头）'),

  // 回收站
  recyclePage: defineEndpoint({
    method: 'GET',
    path: `${base}/ckb/recycle/selectqurey`,
    summary: '回收站中的数据表',
    tag,
    query: S.RecyclePageQuerySchema,
    data: pageOf(W.TableWireSchema),
  }),
  recycleRestore: defineEndpoint({
    method: 'POST',
    path: `${base}/ckb/recycle/restore`,
    summary: '从回收站恢复数据表（连同数据）',
    tag,
    body: S.WarehouseIdsBodySchema('数据表'),
    data: done,
  }),
  recyclePurge: defineEndpoint({
    method: 'POST',
    path: `${base}/ckb/recycle/purge`,
    summary: '彻底删除回收站中的数据表（不可恢复）',
    tag,
    body: S.WarehouseIdsBodySchema('数据表'),
    data: done,
  }),

  // 字段 ckbzd
  fieldAll: defineEndpoint({
    method: 'GET',
    path: `${base}/ckbzd/selectAll`,
    summary: '数据表的全部字段',
    tag,
    query: S.FieldAllQuerySchema,
    data: z.array(W.FieldWireSchema),
  }),
  fieldPage: defineEndpoint({
    method: 'GET',
    path: `${base}/ckbzd/selectqurey`,
    summary: '字段分页查询',
    tag,
    query: S.FieldPageQuerySchema,
    data: pageOf(W.FieldWireSchema),
  }),
  fieldInsert: defineEndpoint({
    method: 'POST',
    path: `${base}/ckbzd/insert`,
    summary: '新增字段（物理表已建时同时加列）',
    tag,
    body: S.FieldBodySchema,
    data: W.FieldWireSchema,
  }),
  fieldUpdate: defineEndpoint({
    method: 'POST',
    path: `${base}/ckbzd/update`,
    summary: '修改字段（会丢失数据的修改被拒绝）',
    tag,
    body: S.FieldUpdateBodySchema,
    data: W.FieldWireSchema,
  }),
  fieldDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/ckbzd/ids/delete`,
    summary: '删除字段（列中有数据时拒绝）',
    tag,
    body: S.WarehouseIdsBodySchema('字段'),
    data: done,
  }),
};

/** The two imports of a table's page, for the shared import dialog. */
export const WAREHOUSE_DATA_IMPORT = {
  start: warehouseEndpoints.dataImport,
  poll: warehouseFutureTasks.result,
  done: warehouseFutureTasks.done,
  template: warehouseEndpoints.template,
  result: W.WarehouseImportResultSchema,
};
export const WAREHOUSE_STRUCTURE_IMPORT = {
  start: warehouseEndpoints.structureImport,
  poll: warehouseFutureTasks.result,
  done: warehouseFutureTasks.done,
  template: warehouseEndpoints.structureExport,
  result: W.WarehouseImportResultSchema,
};
