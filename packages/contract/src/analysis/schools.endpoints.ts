import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import { futureTaskEndpoints } from '../platform/jobs.ts';
import { type ExcelImportEndpoints, ImportJobWireSchema } from '../standards/standards.endpoints.ts';
import * as S from './schools.schema.ts';
import * as W from './schools.wire.ts';

const base = '/api/herm-znfx';
const tag = '智能分析 · 高校名录与选校';
const doubleHighTag = '智能分析 · 双高计划';

export const ANALYSIS_BASE = base;

/**
 * The job pair of the directory import, under `schoolScreen/` so that `/api/herm-znfx/getFutureTaskResult`
 * stays free for the analysis imports with their own access.
 */
export const schoolFutureTasks = futureTaskEndpoints(`${base}/schoolScreen`, tag);

/** School directory, common queries and 双高 (spec 2 §7.1; own-school and import calls designed in style). */
export const schoolEndpoints = {
  queryAllList: defineEndpoint({
    method: 'GET',
    path: `${base}/schoolScreen/queryAllList`,
    summary: '选校的选项列表：办学层次、办学性质、所在省份（由名录得出，含学校数）',
    tag,
    data: W.SchoolOptionsWireSchema,
  }),
  querySchoolList: defineEndpoint({
    method: 'GET',
    path: `${base}/schoolScreen/querySchoolList`,
    summary: '高校名录分页查询（名称包含关键字；省份、性质、层次可多选；每页最多5000）',
    tag,
    query: S.SchoolListQuerySchema,
    data: pageOf(W.SchoolWireSchema),
  }),
  querySchoolScreen: defineEndpoint({
    method: 'GET',
    path: `${base}/schoolScreen/querySchoolScreen`,
    summary: '我的常用查询设置（未设置时：全部层次与性质、本校所在省份）',
    tag,
    data: W.SchoolScreenWireSchema,
  }),
  updateSchoolScreen: defineEndpoint({
    method: 'POST',
    path: `${base}/schoolScreen/updateSchoolScreen`,
    summary: '保存我的常用查询设置',
    tag,
    body: W.SchoolScreenBodySchema,
    data: W.SchoolScreenWireSchema,
  }),
  saveSchoolHistory: defineEndpoint({
    method: 'POST',
    path: `${base}/schoolScreen/saveSchoolHistory`,
    summary: `保存选校为常用查询（每人最多${S.SCHOOL_LIMITS.historiesPerUser}条）`,
    tag,
    body: W.SchoolHistoryBodySchema,
    data: W.SchoolHistoryWireSchema,
  }),
  querySchoolHistory: defineEndpoint({
    method: 'GET',
    path: `${base}/schoolScreen/querySchoolHistory`,
    summary: '我的常用查询（新保存的在前）',
    tag,
    query: S.SchoolHistoryQuerySchema,
    data: z.array(W.SchoolHistoryWireSchema),
  }),
  deleteSchoolHistory: defineEndpoint({
    method: 'POST',
    path: `${base}/schoolScreen/deleteSchoolHistory`,
    summary: '删除我的一条常用查询',
    tag,
    body: S.SchoolHistoryDeleteBodySchema,
    data: z.null(),
  }),
  queryOwnSchool: defineEndpoint({
    method: 'GET',
    path: `${base}/schoolScreen/queryOwnSchool`,
    summary: '本校（各项对比中突出显示；未设置时为空）',
    tag,
    data: W.SchoolWireSchema.nullable(),
  }),
  updateOwnSchool: defineEndpoint({
    method: 'POST',
    path: `${base}/schoolScreen/updateOwnSchool`,
    summary: '设置本校（名录中的任一学校）',
    tag,
    body: W.OwnSchoolBodySchema,
    data: W.SchoolWireSchema,
  }),
  importSchoolList: defineEndpoint({
    method: 'POST',
    path: `${base}/schoolScreen/importSchoolList`,
    summary:
      '导入高校名录（后台任务；multipart 字段 file；按学校标识码新增或更新；用 schoolScreen/getFutureTaskResult 查询；全部正确才导入）',
    tag,
    multipart: true,
    data: ImportJobWireSchema,
  }),
  schoolTemplate: defineEndpoint({
    method: 'GET',
    path: `${base}/schoolScreen/downloadTemplate`,
    summary: '下载高校名录导入模板（Excel）',
    tag,
    download: true,
    data: z.unknown(),
  }),

  doubleHighYears: defineEndpoint({
    method: 'GET',
    path: `${base}/doubleHigh/queryYear`,
    summary: '双高计划的轮次（公布年份，新的在前）',
    tag: doubleHighTag,
    data: z.array(z.number().int().describe('公布年份')),
  }),
  doubleHighSchools: defineEndpoint({
    method: 'GET',
    path: `${base}/doubleHigh/getHighSchoolCode`,
    summary: '一轮双高计划中某类某档的建设单位（学校标识码与名称）',
    tag: doubleHighTag,
    query: S.DoubleHighQuerySchema,
    data: z.array(W.DoubleHighSchoolWireSchema),
  }),
};

export const SCHOOL_IMPORT = {
  start: schoolEndpoints.importSchoolList,
  poll: schoolFutureTasks.result,
  done: schoolFutureTasks.done,
  template: schoolEndpoints.schoolTemplate,
  result: W.SchoolImportResultWireSchema,
} satisfies ExcelImportEndpoints;
