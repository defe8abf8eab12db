import { defineEndpoint } from '../platform/endpoint.ts';
import {
  MeasureQuerySchema,
  MeasureResultSchema,
  ScreenOverviewQuerySchema,
  ScreenOverviewSchema,
} from './measures.schema.ts';

/**
 * 内置指标 and 数据大屏. The spec names neither path, so they are ours, under the dashboards base
 * (`/api/herm-sjgl`, where the `ybp` cards live); the fields are English: there are no legacy names to keep.
 */
export const measuresEndpoints = {
  query: defineEndpoint({
    method: 'GET',
    path: '/api/herm-sjgl/measure/query',
    summary: '内置指标：查询一个指标（全校口径；待办事项为本人）',
    tag: '数据大屏',
    query: MeasureQuerySchema,
    data: MeasureResultSchema,
  }),
  screenOverview: defineEndpoint({
    method: 'GET',
    path: '/api/herm-sjgl/screen/overview',
    summary: '数据大屏：学校概览的全部指标（一次请求）',
    tag: '数据大屏',
    query: ScreenOverviewQuerySchema,
    data: ScreenOverviewSchema,
  }),
};
