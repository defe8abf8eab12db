import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import * as S from './datasources.schema.ts';
import * as W from './datasources.wire.ts';

const base = '/api/herm-sjgl/datasource';
const tag = '数据源';
const done = z.null();

/** Data sources of spec 2 §7.3 (`datasource`), with the default and hidden toggles of spec 1 §4. */
export const datasourceEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/selectPage`,
    summary: '数据源分页查询',
    tag,
    query: S.DataSourcePageQuerySchema,
    data: pageOf(W.DataSourceWireSchema),
  }),
  insert: defineEndpoint({
    method: 'POST',
    path: `${base}/insert`,
    summary: '新增数据源（密码加密保存）',
    tag,
    body: S.DataSourceBodySchema,
    data: W.DataSourceWireSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${base}/update`,
    summary: '修改数据源（密码为空或掩码时保留原密码）',
    tag,
    body: S.DataSourceUpdateBodySchema,
    data: W.DataSourceWireSchema,
  }),
  deleteBatch: defineEndpoint({
    method: 'POST',
    path: `${base}/deleteBatchIds`,
    summary: '批量删除数据源',
    tag,
    body: S.DataSourceIdsBodySchema,
    data: done,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: `${base}/{id}/delete`,
    summary: '删除数据源',
    tag,
    params: S.DataSourceIdParamsSchema,
    data: done,
  }),
  test: defineEndpoint({
    method: 'POST',
    path: `${base}/test`,
    summary: '测试连接（以中文说明失败原因）',
    tag,
    body: S.DataSourceTestBodySchema,
    data: W.DataSourceTestWireSchema,
  }),
  makeDefault: defineEndpoint({
    method: 'POST',
    path: `${base}/{id}/defaultStatusChange`,
    summary: '设为默认数据源（恰有一个默认）',
    tag,
    params: S.DataSourceIdParamsSchema,
    data: W.DataSourceWireSchema,
  }),
  hidden: defineEndpoint({
    method: 'POST',
    path: `${base}/{id}/hideStatusChange`,
    summary: '隐藏或显示数据源',
    tag,
    params: S.DataSourceIdParamsSchema,
    body: S.DataSourceStatusBodySchema,
    data: W.DataSourceWireSchema,
  }),
};
