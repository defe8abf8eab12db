import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import * as S from './algorithms.schema.ts';
import * as W from './algorithms.wire.ts';

const base = '/api/herm-sjgl';
const done = z.null();

/** 算法目录 (spec 2 §7.3 `algorithmcontent`). */
export const algorithmFolderEndpoints = {
  insert: defineEndpoint({
    method: 'POST',
    path: `${base}/algorithmcontent/insert`,
    summary: '新增算法目录',
    tag: '算法目录',
    body: S.AlgorithmFolderBodySchema,
    data: W.AlgorithmFolderWireSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${base}/algorithmcontent/update`,
    summary: '修改算法目录（改名、移动、排序）',
    tag: '算法目录',
    body: S.AlgorithmFolderUpdateBodySchema,
    data: W.AlgorithmFolderWireSchema,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: `${base}/algorithmcontent/{id}/delete`,
    summary: '删除算法目录（有下级目录或算法组时拒绝）',
    tag: '算法目录',
    params: S.AlgorithmIdParamsSchema,
    data: done,
  }),
  tree: defineEndpoint({
    method: 'GET',
    path: `${base}/algorithmcontent/selectTree`,
    summary: '算法目录树',
    tag: '算法目录',
    data: z.array(W.AlgorithmFolderWireSchema),
  }),
};

const groupTag = '算法组';
/** 算法组 (spec 2 §7.3 `algorithmgroup`). */
export const algorithmGroupEndpoints = {
  insert: defineEndpoint({
    method: 'POST',
    path: `${base}/algorithmgroup/insert`,
    summary: '新增算法组',
    tag: groupTag,
    body: S.AlgorithmGroupBodySchema,
    data: W.AlgorithmGroupWireSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${base}/algorithmgroup/update`,
    summary: '修改算法组；切换当前结果/详情版本（须为已发布版本）',
    tag: groupTag,
    body: S.AlgorithmGroupUpdateBodySchema,
    data: W.AlgorithmGroupWireSchema,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: `${base}/algorithmgroup/{id}/delete`,
    summary: '删除算法组及其版本',
    tag: groupTag,
    params: S.AlgorithmIdParamsSchema,
    data: done,
  }),
  likeName: defineEndpoint({
    method: 'GET',
    path: `${base}/algorithmgroup/selectlikename`,
    summary: '按名称模糊查询算法组（最多 50 条）',
    tag: groupTag,
    query: S.AlgorithmGroupNameQuerySchema,
    data: z.array(W.AlgorithmGroupWireSchema),
  }),
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/algorithmgroup/selectPageDataById`,
    summary: '目录下的算法组分页（含下级目录）',
    tag: groupTag,
    query: S.AlgorithmGroupPageQuerySchema,
    data: pageOf(W.AlgorithmGroupWireSchema),
  }),
  resultVersions: defineEndpoint({
    method: 'GET',
    path: `${base}/algorithmgroup/selectVersionByResultAlgo`,
    summary: '算法组的已发布结果算法版本',
    tag: groupTag,
    query: S.AlgorithmGroupIdQuerySchema,
    data: z.array(W.AlgorithmWireSchema),
  }),
  detailVersions: defineEndpoint({
    method: 'GET',
    path: `${base}/algorithmgroup/selectVersionByDetailAlgo`,
    summary: '算法组的已发布详情算法版本',
    tag: groupTag,
    query: S.AlgorithmGroupIdQuerySchema,
    data: z.array(W.AlgorithmWireSchema),
  }),
  testByObject: defineEndpoint({
    method: 'POST',
    path: `${base}/algorithmgroup/testByObject`,
    summary: '在诊断对象上测试算法（返回行、列和耗时）',
    tag: groupTag,
    body: S.AlgorithmTestBodySchema,
    data: W.AlgorithmTestRunWireSchema,
  }),
  objects: defineEndpoint({
    method: 'GET',
    path: `${base}/algorithmgroup/selectObjects`,
    summary: '可供测试的诊断对象（分页、按名称或代码搜索）',
    tag: groupTag,
    query: S.AlgorithmObjectsQuerySchema,
    data: pageOf(W.AlgorithmObjectWireSchema),
  }),
  points: defineEndpoint({
    method: 'GET',
    path: `${base}/algorithmgroup/selectPoints`,
    summary: '可由算法组计算的质控点（分页、按名称或代码搜索，或按编号取）',
    tag: groupTag,
    query: S.AlgorithmPointsQuerySchema,
    data: pageOf(W.AlgorithmPointWireSchema),
  }),
  testResult: defineEndpoint({
    method: 'POST',
    path: `${base}/algorithmgroup/testResult`,
    summary: '运行结果算法，得到对象在周期内的结果值',
    tag: groupTag,
    body: S.AlgorithmTestBodySchema,
    data: W.AlgorithmResultWireSchema,
  }),
};

const versionTag = '算法版本';
/** 算法 (spec 2 §7.3 `algorithm`): the versions of a group. */
export const algorithmEndpoints = {
  insert: defineEndpoint({
    method: 'POST',
    path: `${base}/algorithm/insert`,
    summary: '新增算法版本（草稿，版本号按组和类型递增）',
    tag: versionTag,
    body: S.AlgorithmBodySchema,
    data: W.AlgorithmWireSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${base}/algorithm/update`,
    summary: '修改算法：草稿原地修改，已发布版本生成新草稿',
    tag: versionTag,
    body: S.AlgorithmUpdateBodySchema,
    data: W.AlgorithmWireSchema,
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: `${base}/algorithm/{id}/publish`,
    summary: '发布算法版本（发布后不可修改）',
    tag: versionTag,
    params: S.AlgorithmIdParamsSchema,
    data: W.AlgorithmWireSchema,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: `${base}/algorithm/{id}/delete`,
    summary: '删除草稿版本（已发布版本不能删除）',
    tag: versionTag,
    params: S.AlgorithmIdParamsSchema,
    data: done,
  }),
  versions: defineEndpoint({
    method: 'GET',
    path: `${base}/algorithm/queryVersionByGroupId`,
    summary: '算法组的全部版本（新版本在前）',
    tag: versionTag,
    query: S.AlgorithmVersionsQuerySchema,
    data: z.array(W.AlgorithmWireSchema),
  }),
  byVersion: defineEndpoint({
    method: 'GET',
    path: `${base}/algorithm/selectByGroupIdTypeVersion`,
    summary: '按算法组、类型和版本取算法（动态图表的详情算法）',
    tag: versionTag,
    query: S.AlgorithmVersionQuerySchema,
    data: W.AlgorithmWireSchema,
  }),
  currentResult: defineEndpoint({
    method: 'GET',
    path: `${base}/algorithm/queryResultVersionByGroupId`,
    summary: '算法组当前的结果算法版本（无则为空）',
    tag: versionTag,
    query: S.AlgorithmGroupIdQuerySchema,
    data: W.AlgorithmWireSchema.nullable(),
  }),
};
