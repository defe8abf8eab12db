import { z } from 'zod';
import { defineEndpoint, type Endpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import { type FutureTaskEndpoints, futureTaskEndpoints } from '../platform/jobs.ts';
import * as S from './standards.schema.ts';
import * as W from './standards.wire.ts';

const base = '/api/herm-mbbz';
const data = '/api/herm-sjgl';
const tag = '目标标准';
const cycleTag = '周期与维度';

const done = z.null();
const idParams = S.StandardIdParamsSchema;

export const STANDARDS_BASE = base;

/** The answer of an Excel import: all rows imported, or nothing and every bad row. */
export const ImportResultWireSchema = z.object({
  imported: z.boolean().describe('是否已导入'),
  categories: z.number().int().describe('新增分类数'),
  indicators: z.number().int().describe('新增指标数'),
  points: z.number().int().describe('新增或更新的质控点数'),
  errors: z.array(S.ImportRowErrorSchema).describe('有误的行（有误时不导入任何数据）'),
  errorCount: S.ImportErrorCountSchema,
});
export type ImportResultWire = z.infer<typeof ImportResultWireSchema>;

/** The answer of an import started as a job: poll it with the domain's getFutureTaskResult. */
export const ImportJobWireSchema = z.object({
  taskId: z.string().describe('任务编号（用 getFutureTaskResult 查询）'),
});

/** An Excel import as a job, for one import dialog: start it, poll it, download its template. */
export interface ExcelImportEndpoints<R extends z.ZodType = z.ZodType> {
  start: Endpoint;
  poll: FutureTaskEndpoints['result'];
  done: FutureTaskEndpoints['done'];
  template: Endpoint;
  /** The finished job's `result`: the same answer the synchronous import gives. */
  result: R;
}

/** The job pair of `/api/herm-mbbz` (the indicator-system import). */
export const standardsFutureTasks = futureTaskEndpoints(base, tag);

/**
 * The job pair of the dimension import, under `dimension/` so that it does not take
 * `/api/herm-sjgl/getFutureTaskResult`, which belongs to the warehouse imports (drbjg, drbsj) of the
 * same base with their own access.
 */
export const dimensionFutureTasks = futureTaskEndpoints(`${data}/dimension`, cycleTag);

/** The answer of the dimension import: all rows or none, every bad row listed. */
export const DimensionImportResultWireSchema = z.object({
  imported: z.boolean().describe('是否已导入'),
  created: z.number().int().describe('新增的维度数'),
  updated: z.number().int().describe('按名称更新的维度数'),
  errors: z.array(S.ImportRowErrorSchema).describe('有误的行（有误时不导入任何数据）'),
  errorCount: S.ImportErrorCountSchema,
});
export type DimensionImportResultWire = z.infer<typeof DimensionImportResultWireSchema>;

export const standardsEndpoints = {
  // categories
  categoryAll: defineEndpoint({
    method: 'GET',
    path: `${base}/category/selectAll`,
    summary: '全部指标分类',
    tag,
    data: z.array(W.CategoryWireSchema),
  }),
  categoryInsert: defineEndpoint({
    method: 'POST',
    path: `${base}/category/insert`,
    summary: '新增指标分类',
    tag,
    body: S.CategoryBodySchema,
    data: W.CategoryWireSchema,
  }),
  categoryUpdate: defineEndpoint({
    method: 'POST',
    path: `${base}/category/update`,
    summary: '修改指标分类',
    tag,
    body: S.CategoryUpdateBodySchema,
    data: W.CategoryWireSchema,
  }),
  categoryDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/category/{id}/delete`,
    summary: '删除指标分类（仍有指标时不能删除）',
    tag,
    params: idParams,
    data: done,
  }),

  // indicators
  indicatorTree: defineEndpoint({
    method: 'GET',
    path: `${base}/indicator/selectTree`,
    summary: '分类的指标树',
    tag,
    query: S.IndicatorTreeQuerySchema,
    data: z.array(W.IndicatorNodeWireSchema),
  }),
  indicatorInsert: defineEndpoint({
    method: 'POST',
    path: `${base}/indicator/insert`,
    summary: '新增指标（无上级为一级指标）',
    tag,
    body: S.IndicatorBodySchema,
    data: z.object({ id: z.string().describe('指标编号') }),
  }),
  indicatorUpdate: defineEndpoint({
    method: 'POST',
    path: `${base}/indicator/update`,
    summary: '重命名指标',
    tag,
    body: S.IndicatorUpdateBodySchema,
    data: done,
  }),
  indicatorMove: defineEndpoint({
    method: 'POST',
    path: `${base}/indicator/{id}/move`,
    summary: '指标上移或下移',
    tag,
    params: idParams,
    body: S.IndicatorMoveBodySchema,
    data: done,
  }),
  indicatorDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/indicator/{id}/delete`,
    summary: '删除指标（有下级指标或质控点时不能删除）',
    tag,
    params: idParams,
    data: done,
  }),

  // quality points
  qualityPage: defineEndpoint({
    method: 'GET',
    path: `${base}/quality/selectPage`,
    summary: '质控点分页查询（名称、层级、分类、指标）',
    tag,
    query: S.QualityPageQuerySchema,
    data: pageOf(W.QualityPointWireSchema),
  }),
  qualityDetail: defineEndpoint({
    method: 'GET',
    path: `${base}/quality/selectById`,
    summary: '质控点详情',
    tag,
    query: S.StandardIdQuerySchema,
    data: W.QualityPointWireSchema,
  }),
  qualityInsert: defineEndpoint({
    method: 'POST',
    path: `${base}/quality/insert`,
    summary: '新增质控点（JSON 或表单，calRule 为 JSON 文本）',
    tag,
    body: S.QualityPointBodySchema,
    data: W.QualityPointWireSchema,
  }),
  qualityUpdate: defineEndpoint({
    method: 'POST',
    path: `${base}/quality/update`,
    summary: '修改质控点',
    tag,
    body: S.QualityPointUpdateBodySchema,
    data: W.QualityPointWireSchema,
  }),
  qualityDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/quality/ids/delete`,
    summary: '删除质控点（已分配给对象任务的不能删除）',
    tag,
    body: S.StandardIdsBodySchema,
    data: done,
  }),
  qualityDownload: defineEndpoint({
    method: 'GET',
    path: `${base}/quality/download`,
    summary: '导出指标体系（Excel）',
    tag,
    download: true,
    data: z.unknown(),
  }),
  qualityTemplate: defineEndpoint({
    method: 'GET',
    path: `${base}/quality/downloadtemplate`,
    summary: '下载指标体系导入模板（Excel）',
    tag,
    download: true,
    data: z.unknown(),
  }),
  qualityUpload: defineEndpoint({
    method: 'POST',
    path: `${base}/quality/upload`,
    summary: '导入指标体系（multipart 字段 file；全部正确才导入）',
    tag,
    multipart: true,
    data: ImportResultWireSchema,
  }),
  qualityUploadJob: defineEndpoint({
    method: 'POST',
    path: `${base}/quality/uploadJob`,
    summary: '导入指标体系（后台任务；multipart 字段 file；结果与 quality/upload 相同）',
    tag,
    multipart: true,
    data: ImportJobWireSchema,
  }),

  // cycles
  cycleTypes: defineEndpoint({
    method: 'GET',
    path: `${data}/cycleType/getCycleType`,
    summary: '周期类型列表',
    tag: cycleTag,
    data: z.array(W.CycleTypeWireSchema),
  }),
  cycleTypeInsert: defineEndpoint({
    method: 'POST',
    path: `${data}/cycleType/insert`,
    summary: '新增周期类型',
    tag: cycleTag,
    body: S.CycleTypeBodySchema,
    data: W.CycleTypeWireSchema,
  }),
  cycleTypeUpdate: defineEndpoint({
    method: 'POST',
    path: `${data}/cycleType/update`,
    summary: '修改周期类型',
    tag: cycleTag,
    body: S.CycleTypeUpdateBodySchema,
    data: W.CycleTypeWireSchema,
  }),
  cycleTypeDelete: defineEndpoint({
    method: 'POST',
    path: `${data}/cycleType/{id}/delete`,
    summary: '删除周期类型（仍有周期值时不能删除）',
    tag: cycleTag,
    params: idParams,
    data: done,
  }),
  cyclePage: defineEndpoint({
    method: 'GET',
    path: `${data}/cycle/selectquery`,
    summary: '周期值分页查询（按类型）',
    tag: cycleTag,
    query: S.CyclePageQuerySchema,
    data: pageOf(W.CycleWireSchema),
  }),
  cycleByTypeName: defineEndpoint({
    method: 'GET',
    path: `${data}/cycle/selectByTypeName`,
    summary: '按类型名称查询周期值及默认周期（cycleDefaultsValue）',
    tag: cycleTag,
    query: S.CycleByTypeNameQuerySchema,
    data: W.CycleListWireSchema,
  }),
  cycleInsert: defineEndpoint({
    method: 'POST',
    path: `${data}/cycle/insert`,
    summary: '新增周期值',
    tag: cycleTag,
    body: S.CycleBodySchema,
    data: W.CycleWireSchema,
  }),
  cycleUpdate: defineEndpoint({
    method: 'POST',
    path: `${data}/cycle/update`,
    summary: '修改周期值',
    tag: cycleTag,
    body: S.CycleUpdateBodySchema,
    data: W.CycleWireSchema,
  }),
  cycleDelete: defineEndpoint({
    method: 'POST',
    path: `${data}/cycle/delete`,
    summary: '删除周期值',
    tag: cycleTag,
    body: S.CycleDeleteBodySchema,
    data: done,
  }),
  cycleIdsDelete: defineEndpoint({
    method: 'POST',
    path: `${data}/cycle/ids/delete`,
    summary: '批量删除周期值',
    tag: cycleTag,
    body: S.StandardIdsBodySchema,
    data: done,
  }),
  cycleDefault: defineEndpoint({
    method: 'POST',
    path: `${data}/cycle/{id}/defaultStatusChange`,
    summary: '设为默认周期（每个类型恰有一个默认）',
    tag: cycleTag,
    params: idParams,
    data: W.CycleWireSchema,
  }),
  cycleHidden: defineEndpoint({
    method: 'POST',
    path: `${data}/cycle/{id}/hideStatusChange`,
    summary: '隐藏或显示周期值',
    tag: cycleTag,
    params: idParams,
    body: S.CycleStatusBodySchema,
    data: W.CycleWireSchema,
  }),

  // dimensions
  dimensionPage: defineEndpoint({
    method: 'GET',
    path: `${data}/dimension/query`,
    summary: '维度类型分页查询',
    tag: cycleTag,
    query: S.DimensionPageQuerySchema,
    data: pageOf(W.DimensionWireSchema),
  }),
  dimensionDetail: defineEndpoint({
    method: 'GET',
    path: `${data}/dimension/detail`,
    summary: '维度类型详情',
    tag: cycleTag,
    query: S.DimensionDetailQuerySchema,
    data: W.DimensionWireSchema,
  }),
  dimensionInsert: defineEndpoint({
    method: 'POST',
    path: `${data}/dimension/insert`,
    summary: '新增维度类型',
    tag: cycleTag,
    body: S.DimensionBodySchema,
    data: W.DimensionWireSchema,
  }),
  dimensionUpdate: defineEndpoint({
    method: 'POST',
    path: `${data}/dimension/update`,
    summary: '修改维度类型',
    tag: cycleTag,
    body: S.DimensionUpdateBodySchema,
    data: W.DimensionWireSchema,
  }),
  dimensionDelete: defineEndpoint({
    method: 'POST',
    path: `${data}/dimension/delete`,
    summary: '删除维度类型',
    tag: cycleTag,
    body: S.DimensionDeleteBodySchema,
    data: done,
  }),
  dimensionUpload: defineEndpoint({
    method: 'POST',
    path: `${data}/dimension/upload`,
    summary:
      '导入维度（后台任务；multipart 字段 file；用 dimension/getFutureTaskResult 查询；全部正确才导入）',
    tag: cycleTag,
    multipart: true,
    data: ImportJobWireSchema,
  }),
  dimensionDownload: defineEndpoint({
    method: 'GET',
    path: `${data}/dimension/download`,
    summary: '导出维度（Excel）',
    tag: cycleTag,
    download: true,
    data: z.unknown(),
  }),
  dimensionTemplate: defineEndpoint({
    method: 'GET',
    path: `${data}/dimension/downloadtemplate`,
    summary: '下载维度导入模板（Excel）',
    tag: cycleTag,
    download: true,
    data: z.unknown(),
  }),
};

export const DIMENSION_IMPORT = {
  start: standardsEndpoints.dimensionUpload,
  poll: dimensionFutureTasks.result,
  done: dimensionFutureTasks.done,
  template: standardsEndpoints.dimensionTemplate,
  result: DimensionImportResultWireSchema,
} satisfies ExcelImportEndpoints;

export const INDICATOR_IMPORT = {
  start: standardsEndpoints.qualityUploadJob,
  poll: standardsFutureTasks.result,
  done: standardsFutureTasks.done,
  template: standardsEndpoints.qualityTemplate,
  result: ImportResultWireSchema,
} satisfies ExcelImportEndpoints;
