import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import * as S from './portraits.schema.ts';
import * as W from './portraits.wire.ts';

const base = '/api/herm-znfx/portrayal';
const tag = '画像';

const list = (path: string, summary: string) =>
  defineEndpoint({
    method: 'GET',
    path: `${base}/${path}`,
    summary,
    tag,
    query: S.PortraitListQuerySchema,
    data: z.array(W.PortraitWireSchema),
  });

/** 画像 of spec 2 §7.1 (`portrayal`), plus the portrait data and its object list designed in the same style. */
export const portraitEndpoints = {
  queryCard: list('queryCard', '全部画像卡片（按画像对象；智能分析维护）'),
  queryMenu: list('queryMenu', '全部画像菜单（按画像对象；智能分析维护）'),
  queryScreen: list('queryScreen', '全部大屏（智能分析维护）'),
  queryPortrayalByAuth: list('queryPortrayalByAuth', '当前用户有权打开的画像菜单（分析权限）'),
  queryCardByAuth: list('queryCardByAuth', '当前用户有权查看的画像卡片'),
  queryScreenByAuth: list('queryScreenByAuth', '当前用户有权打开的大屏（大屏权限）'),
  add: defineEndpoint({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增画像卡片、菜单或大屏（含授权角色）',
    tag,
    body: S.PortraitAddBodySchema,
    data: W.PortraitWireSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${base}/update`,
    summary: '修改画像卡片、菜单或大屏（授权角色整体替换）',
    tag,
    body: S.PortraitUpdateBodySchema,
    data: W.PortraitWireSchema,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: `${base}/delete`,
    summary: '删除画像配置（菜单下还有卡片时不能删除）',
    tag,
    body: S.PortraitDeleteBodySchema,
    data: z.null(),
  }),
  objects: defineEndpoint({
    method: 'GET',
    path: `${base}/objects`,
    summary: '可查看画像的对象（按层级，可搜索，分页；仅对象权限允许的）',
    tag,
    query: S.PortraitObjectsQuerySchema,
    data: pageOf(W.PortraitObjectWireSchema),
  }),
  data: defineEndpoint({
    method: 'GET',
    path: `${base}/data`,
    summary: '一个对象的画像数据：诊断结果、预警、趋势、数据仓库记录数',
    tag,
    query: S.PortraitDataQuerySchema,
    data: W.PortraitDataWireSchema,
  }),
};
