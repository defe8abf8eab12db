import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

export const healthEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary: '健康检查：数据库驱动与迁移版本',
    tag: '系统',
    data: z.object({
      status: z.literal('ok').describe('状态'),
      driver: z.enum(['pglite', 'postgres']).describe('数据库驱动'),
      migrations: z.object({
        applied: z.number().int().describe('已执行的迁移数'),
        available: z.number().int().describe('程序自带的迁移数'),
        latest: z.number().nullable().describe('最新迁移的时间戳'),
      }),
    }),
  }),
  /** A route that touches nothing: the floor the benchmarks compare against. */
  ping: defineEndpoint({
    method: 'GET',
    path: '/api/ping',
    summary: '连通性检查（不访问数据库）',
    tag: '系统',
    data: z.literal('pong'),
  }),
};
