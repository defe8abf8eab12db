import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import * as S from './dashboards.schema.ts';
import * as W from './dashboards.wire.ts';
import { MeasureResultSchema } from './measures.schema.ts';

const base = '/api/herm-sjgl';
const tag = '仪表盘';

/**
 * 仪表盘 of spec 2 §7.3: `ybplx` (card kinds and the cards one may add), `ybp` (cards and their data),
 * `ybpdy` (a person's layout, or a role's default). The spec names only the calls; payloads are designed
 * in the same style. `ybpdy/reset` and `ybp/selectAlgorithmGroups` are ours (恢复默认, the card editor).
 */
export const dashboardEndpoints = {
  kinds: defineEndpoint({
    method: 'GET',
    path: `${base}/ybplx/selectlx`,
    summary: '卡片类型及其名称',
    tag,
    data: z.array(W.CardKindWireSchema),
  }),
  addable: defineEndpoint({
    method: 'GET',
    path: `${base}/ybplx/select`,
    summary: '可添加的卡片：共享卡片与本人创建的卡片，可按类型筛选、按名称搜索',
    tag,
    query: S.CardPageQuerySchema,
    data: pageOf(W.DashboardCardWireSchema),
  }),
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/ybp/selectquery`,
    summary: '卡片分页查询（智能分析维护者看到全部卡片，其他人看到可添加的卡片）',
    tag,
    query: S.CardPageQuerySchema,
    data: pageOf(W.DashboardCardWireSchema),
  }),
  insert: defineEndpoint({
    method: 'POST',
    path: `${base}/ybp/insert`,
    summary: '新增卡片（绑定算法或共享需要智能分析维护权限）',
    tag,
    body: S.CardBodySchema,
    data: W.DashboardCardWireSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: `${base}/ybp/update`,
    summary: '修改卡片（智能分析维护者或卡片创建人）',
    tag,
    body: S.CardUpdateBodySchema,
    data: W.DashboardCardWireSchema,
  }),
  delete: defineEndpoint({
    method: 'POST',
    path: `${base}/ybp/ids/delete`,
    summary: '删除卡片（智能分析维护者或卡片创建人），卡片也从各布局中移除',
    tag,
    body: S.CardIdsBodySchema,
    data: z.null(),
  }),
  data: defineEndpoint({
    method: 'GET',
    path: `${base}/ybp/selectDataById`,
    summary: '卡片数据：算法卡片运行详情算法（调用者的对象与本年度），内置指标卡片计算指标；内嵌页面无数据',
    tag,
    query: S.CardIdQuerySchema,
    data: MeasureResultSchema.nullable(),
  }),
  algorithmGroups: defineEndpoint({
    method: 'GET',
    path: `${base}/ybp/selectAlgorithmGroups`,
    summary: '卡片可绑定的算法组（有当前详情算法版本的）',
    tag,
    query: z.object({ keyword: S.CardPageQuerySchema.shape.keyword }),
    data: z.array(W.CardAlgorithmGroupWireSchema),
  }),
  layout: defineEndpoint({
    method: 'GET',
    path: `${base}/ybpdy/getList`,
    summary: '本人的仪表盘布局；未保存时为第一个有默认布局的角色的默认布局，否则为空',
    tag,
    query: S.LayoutQuerySchema,
    data: W.DashboardLayoutWireSchema,
  }),
  saveLayout: defineEndpoint({
    method: 'POST',
    path: `${base}/ybpdy/save`,
    summary: '保存本人的仪表盘布局（整体替换）；智能分析维护者可保存角色的默认布局',
    tag,
    body: S.LayoutSaveBodySchema,
    data: W.DashboardLayoutWireSchema,
  }),
  resetLayout: defineEndpoint({
    method: 'POST',
    path: `${base}/ybpdy/reset`,
    summary: '恢复默认：删除本人的布局（回到角色默认布局）；智能分析维护者可清除角色的默认布局',
    tag,
    body: S.LayoutResetBodySchema,
    data: W.DashboardLayoutWireSchema,
  }),
};
