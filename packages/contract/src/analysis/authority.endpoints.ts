import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import * as S from './authority.schema.ts';

const base = '/api/herm-znfx/authority';
const tag = '分析权限';

/** The authority calls of spec 1 §6, designed under the analysis service. Each answers for the caller. */
export const authorityEndpoints = {
  analysis: defineEndpoint({
    method: 'GET',
    path: `${base}/analysis`,
    summary: '分析权限：当前用户可打开的画像菜单与卡片',
    tag,
    data: S.AnalysisAuthorityWireSchema,
  }),
  screenCheck: defineEndpoint({
    method: 'GET',
    path: `${base}/screen/check`,
    summary: '大屏权限检查：当前用户能否打开该大屏',
    tag,
    query: S.ScreenCheckQuerySchema,
    data: z.boolean(),
  }),
  target: defineEndpoint({
    method: 'GET',
    path: `${base}/target`,
    summary: '目标权限：能否查看目标分位带、能否设置目标',
    tag,
    data: S.TargetAuthorityWireSchema,
  }),
  object: defineEndpoint({
    method: 'GET',
    path: `${base}/object`,
    summary: '对象权限：能否查看该对象的画像',
    tag,
    query: S.ObjectAuthorityQuerySchema,
    data: z.boolean(),
  }),
};
