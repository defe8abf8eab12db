import {
  NOTICE_MESSAGES as M,
  NOTICE_BELL_LATEST,
  type NoticeBell,
  type NoticeCategory,
  type NoticeListQuery,
  type NoticeMessage,
} from '@eduqa/contract';
import type { Actor } from '../../platform/access.ts';
import { notFound } from '../../platform/errors.ts';
import { formatDateTime } from '../../platform/time.ts';
import type { NoticeRow, NoticesRepo } from './notices.repo.ts';

export function toNoticeMessage(row: NoticeRow): NoticeMessage {
  return {
    id: row.id,
    category: row.category as NoticeCategory,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    actorName: row.actorName,
    createdAt: formatDateTime(row.createdAt) ?? '',
    read: row.readAt !== null,
  };
}

/** 消息中心: the signed-in person's own messages, read and marked. */
export function createNoticesService(deps: { repo: NoticesRepo; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async bell(actor: Actor): Promise<NoticeBell> {
      const [unread, latest] = await Promise.all([
        repo.unreadCount(actor.userId),
        repo.latest(actor.userId, NOTICE_BELL_LATEST),
      ]);
      return { unread, latest: latest.map(toNoticeMessage) };
    },

    async list(actor: Actor, query: NoticeListQuery) {
      const { pageNum, pageSize, ...filter } = query;
      const page = await repo.page(actor.userId, filter, { pageNum, pageSize });
      return { records: page.records.map(toNoticeMessage), total: page.total };
    },

    async markRead(actor: Actor, id: string): Promise<NoticeMessage> {
      const row = await repo.markRead(actor.userId, id, now());
      if (!row) throw notFound(M.notFound);
      return toNoticeMessage(row);
    },

    async markAllRead(actor: Actor) {
      return { count: await repo.markAllRead(actor.userId, now()) };
    },

    /** The newest messages, for the workbench's 最近动态. */
    async latest(actor: Actor, limit: number): Promise<NoticeMessage[]> {
      return (await repo.latest(actor.userId, limit)).map(toNoticeMessage);
    },
  };
}

export type NoticesService = ReturnType<typeof createNoticesService>;
