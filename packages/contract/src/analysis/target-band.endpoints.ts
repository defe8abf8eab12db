import { defineEndpoint } from '../platform/endpoint.ts';
import { TargetBandQuerySchema, TargetBandSchema } from './target-band.schema.ts';

/**
 * 目标定位 under 智能分析's base. The spec has no such call, so the path is ours, in its style. For whoever
 * holds the target authority (the 目标标准 menu, or `standards.manage`).
 */
export const targetBandEndpoints = {
  query: defineEndpoint({
    method: 'GET',
    path: '/api/herm-znfx/targetBand/query',
    summary: '目标定位：质控点关联指标的同类院校百分位区间，及按拟定目标回看历史周期的达标与预警',
    tag: '智能分析',
    query: TargetBandQuerySchema,
    data: TargetBandSchema,
  }),
};
