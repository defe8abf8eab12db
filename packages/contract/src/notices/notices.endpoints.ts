import { defineEndpoint } from '../platform/endpoint.ts';
import { pageOf } from '../platform/envelope.ts';
import {
  NoticeBellSchema,
  NoticeIdParamsSchema,
  NoticeListQuerySchema,
  NoticeMessageSchema,
  NoticeReadAllSchema,
} from './notices.schema.ts';

/**
 * 消息中心 (issue 29). The spec has no messages, so the paths are ours, under the personal centre's base; each
 * answers only the signed-in person's own messages.
 */
const base = '/api/user/notices';
const tag = '消息中心';

export const noticeEndpoints = {
  bell: defineEndpoint({
    method: 'GET',
    path: `${base}/bell`,
    summary: '消息铃：未读条数与最新几条',
    tag,
    data: NoticeBellSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: base,
    summary: '我的消息（按类别、已读状态筛选，分页，最新在前）',
    tag,
    query: NoticeListQuerySchema,
    data: pageOf(NoticeMessageSchema),
  }),
  read: defineEndpoint({
    method: 'POST',
    path: `${base}/{id}/read`,
    summary: '标为已读',
    tag,
    params: NoticeIdParamsSchema,
    data: NoticeMessageSchema,
  }),
  readAll: defineEndpoint({
    method: 'POST',
    path: `${base}/read-all`,
    summary: '全部标为已读',
    tag,
    data: NoticeReadAllSchema,
  }),
};
