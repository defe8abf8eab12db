import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** What 关于 shows a signed-in user: which program, which version, on which database, at which migration. */
export const AboutSchema = z.object({
  systemName: z.string().describe('系统名称'),
  version: z.string().describe('程序版本（package.json）'),
  database: z.enum(['pglite', 'postgres']).describe('数据库：pglite 为内置数据库'),
  migration: z.object({
    count: z.number().int().describe('已执行的迁移数'),
    tag: z.string().nullable().describe('最新已执行迁移的名称，如 0023_audit_trail；本程序不认识时为 null'),
  }),
});
export type About = z.infer<typeof AboutSchema>;

export const aboutEndpoints = {
  about: defineEndpoint({
    method: 'GET',
    path: '/api/user/about',
    summary: '关于：系统名称、版本、数据库与迁移级别',
    tag: '系统',
    data: AboutSchema,
  }),
};

export const DATABASE_LABELS: Record<About['database'], string> = {
  pglite: 'PGlite 内置',
  postgres: 'PostgreSQL',
};
