import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import * as S from './file-types.schema.ts';
import * as W from './file-types.wire.ts';

const base = '/api/herm-sjgl/fileType';
const tag = '文件类型';

/** 文件类型 of spec 2 §7.3: "fileType list and update" and, under Reports, "fileType CRUD". */
export const fileTypeEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: `${base}/list`,
    summary: '文件类型分页查询（按名称搜索）',
    tag,
    query: S.FileTypePageQuerySchema,
    data: pageOf(W.FileTypeWireSchema),
  }),
  insert: defineEndpoint({
    method: 'POST',
    path: `${base}/insert`,
    summary: '新增文件类型',
    tag,
    body: S.FileTypeBodySchema,
    data: W.FileTypeWireSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${base}/update`,
    summary: '修改文件类型（内置类型可改名称与描述，不能停用）',
    tag,
    body: S.FileTypeUpdateBodySchema,
    data: W.FileTypeWireSchema,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: `${base}/{id}/delete`,
    summary: '删除文件类型（内置或已有文件使用的不能删除）',
    tag,
    params: S.FileTypeIdParamsSchema,
    data: z.null(),
  }),
};
