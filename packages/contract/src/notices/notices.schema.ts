import { z } from 'zod';
import { PagingQuerySchema } from '../platform/envelope.ts';
import { NOTICE_CATEGORIES, NOTICE_READ_FILTERS } from './notices.enums.ts';

export const NoticeMessageSchema = z.object({
  id: z.string().describe('消息 id'),
  category: z.enum(NOTICE_CATEGORIES).describe('类别'),
  kind: z.string().describe('事件'),
  title: z.string().describe('标题：事件与对象'),
  body: z.string().describe('说明：谁、做了什么、原因'),
  link: z.string().describe('打开的页面（应用内路径，空为无）'),
  actorName: z.string().nullable().describe('引起消息的人（系统发出时为空）'),
  createdAt: z.string().describe('时间 yyyy-MM-dd HH:mm:ss（学校时区）'),
  read: z.boolean().describe('已读'),
});
export type NoticeMessage = z.infer<typeof NoticeMessageSchema>;

export const NoticeListQuerySchema = PagingQuerySchema.extend({
  category: z.enum(NOTICE_CATEGORIES, { error: '消息类别不正确' }).optional().describe('类别'),
  read: z.enum(NOTICE_READ_FILTERS, { error: '已读状态只能是已读或未读' }).optional().describe('已读状态'),
});
export type NoticeListQuery = z.infer<typeof NoticeListQuerySchema>;

export const NoticeBellSchema = z.object({
  unread: z.number().int().min(0).describe('未读条数'),
  latest: z.array(NoticeMessageSchema).describe('最新的几条（已读未读都有），最新在前'),
});
export type NoticeBell = z.infer<typeof NoticeBellSchema>;

export const NoticeIdParamsSchema = z.object({ id: z.string().min(1).max(64).describe('消息 id') });

export const NoticeReadAllSchema = z.object({ count: z.number().int().min(0).describe('标为已读的条数') });
