import { z } from 'zod';
import { defineEndpoint } from '../platform/endpoint.ts';
import { DynamicChartDataQuerySchema, DynamicChartQuerySchema } from './dynamic-charts.schema.ts';
import {
  DynamicChartDataWireSchema,
  DynamicChartUpdateBodySchema,
  DynamicChartWireSchema,
} from './dynamic-charts.wire.ts';

const base = '/api/herm-sjgl';
const tag = '动态图表';

/**
 * 动态图表 (spec 2 §7.1 B/dynamicYbpDy/updateList and query; §7.2 "Dynamic chart"). The spec's client
 * fetched each item's detail SQL and ran it; here the server runs it through the safe algorithm runner
 * (`queryData`, ours) and answers only the rows.
 */
export const dynamicChartEndpoints = {
  query: defineEndpoint({
    method: 'GET',
    path: `${base}/dynamicYbpDy/query`,
    summary: '来源（画像或仪表盘）的动态图表，按顺序',
    tag,
    query: DynamicChartQuerySchema,
    data: z.array(DynamicChartWireSchema),
  }),
  updateList: defineEndpoint({
    method: 'POST',
    path: `${base}/dynamicYbpDy/updateList`,
    summary: '替换来源的动态图表（智能分析维护）',
    tag,
    body: DynamicChartUpdateBodySchema,
    data: z.array(DynamicChartWireSchema),
  }),
  data: defineEndpoint({
    method: 'GET',
    path: `${base}/dynamicYbpDy/queryData`,
    summary: '动态图表的数据：在日期范围内运行其详情算法，返回数据行（无行时为空列表）',
    tag,
    query: DynamicChartDataQuerySchema,
    data: DynamicChartDataWireSchema,
  }),
};
