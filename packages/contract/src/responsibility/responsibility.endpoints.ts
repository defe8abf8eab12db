import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import * as S from './responsibility.schema.ts';
import * as W from './responsibility.wire.ts';

const base = '/api/herm-sjgl';
const tag = '部门职责';
const versionTag = '质控点部门版本';

/**
 * 部门职责 (`deptResponsibility`) and its versions (`qualityDeptVersion`) of spec 2 §7.3. The spec names
 * only the calls; paths, payloads and semantics are designed from those names (see the note).
 */
export const responsibilityEndpoints = {
  tree: defineEndpoint({
    method: 'GET',
    path: `${base}/deptResponsibility/tree`,
    summary: '部门职责树：指标分类 → 指标 → 质控点及其负责部门',
    tag,
    query: S.ResponsibilityTreeQuerySchema,
    data: z.array(W.ResponsibilityCategoryWireSchema),
  }),
  query: defineEndpoint({
    method: 'GET',
    path: `${base}/deptResponsibility/query`,
    summary: '部门职责分页查询（按部门、分类、质控点或指标名称）',
    tag,
    query: S.ResponsibilityPageQuerySchema,
    data: pageOf(W.PointResponsibilityWireSchema),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: `${base}/deptResponsibility/save`,
    summary: '保存部门职责：替换所列质控点（或指标下全部质控点）的负责部门，一个事务',
    tag,
    body: S.ResponsibilitySaveBodySchema,
    data: z.object({ points: z.number().int().describe('更新的质控点数') }),
  }),
  byName: defineEndpoint({
    method: 'GET',
    path: `${base}/deptResponsibility/queryByName`,
    summary: '按部门名称（或简称）查询该部门负责的质控点',
    tag,
    query: S.ResponsibilityByNameQuerySchema,
    data: W.DepartmentResponsibilityWireSchema,
  }),

  versionPage: defineEndpoint({
    method: 'GET',
    path: `${base}/qualityDeptVersion/queryPage`,
    summary: '质控点部门版本分页查询',
    tag: versionTag,
    query: S.QualityDeptVersionPageQuerySchema,
    data: pageOf(W.QualityDeptVersionWireSchema),
  }),
  versionInsert: defineEndpoint({
    method: 'POST',
    path: `${base}/qualityDeptVersion/insert`,
    summary: '新增版本：保存当前部门职责的快照，并成为启用的版本',
    tag: versionTag,
    body: S.QualityDeptVersionBodySchema,
    data: W.QualityDeptVersionWireSchema,
  }),
  versionUpdate: defineEndpoint({
    method: 'POST',
    path: `${base}/qualityDeptVersion/updateVersionById`,
    summary: '修改版本的名称、日期与备注（快照不变）',
    tag: versionTag,
    body: S.QualityDeptVersionUpdateBodySchema,
    data: W.QualityDeptVersionWireSchema,
  }),
  versionDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/qualityDeptVersion/deleteVersionById`,
    summary: '删除版本（启用中的版本不能删除）',
    tag: versionTag,
    body: S.QualityDeptVersionIdBodySchema,
    data: z.null(),
  }),
  versionEnable: defineEndpoint({
    method: 'POST',
    path: `${base}/qualityDeptVersion/updateEnableById`,
    summary: '启用版本：以其快照替换当前部门职责，其余版本停用',
    tag: versionTag,
    body: S.QualityDeptVersionIdBodySchema,
    data: W.QualityDeptVersionWireSchema,
  }),
};
