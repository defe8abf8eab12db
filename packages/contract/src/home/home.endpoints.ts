import { defineEndpoint } from '../platform/endpoint.ts';
import { WorkbenchSchema } from './home.schema.ts';

/**
 * 首页工作台. The spec names the /index route but no endpoint for it, so the path is ours: one GET that
 * answers the whole page (to-do counts, deadlines, latest events) for the signed-in person. The fields
 * are English: there are no legacy names to keep.
 */
export const homeEndpoints = {
  workbench: defineEndpoint({
    method: 'GET',
    path: '/api/home/workbench',
    summary: '首页工作台：我的待办件数、14 天内到期事项与最新动态',
    tag: '首页',
    data: WorkbenchSchema,
  }),
};
