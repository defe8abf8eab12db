import {
  NOTICE_POLL_SECONDS,
  type NoticeListQuery,
  type NoticeMessage,
  noticeEndpoints,
} from '@eduqa/contract';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call } from '../../shared/api/client.ts';
import { useAction } from '../../shared/api/use-action.ts';
import { type FiltersOf, usePagedQuery } from '../../shared/api/use-paged-query.ts';

/**
 * 消息中心's queries under one root, so that a read anywhere (the bell's drawer, the list, the home page)
 * refreshes the bell's count and every list. The fields are the contract's English names: no wire mapping.
 */
export const noticeKeys = {
  all: ['notices'] as const,
  bell: ['notices', 'bell'] as const,
  list: (query: NoticeListQuery) => ['notices', 'list', query] as const,
};

/** The home workbench lists the newest messages too (最新动态): a read there must show there. */
const WORKBENCH_KEY = ['home', 'workbench'] as const;

/**
 * The bell: the unread count and the newest messages, asked again every NOTICE_POLL_SECONDS and when the
 * window gets the focus back, so a message arrives without a reload. Silent: a failed poll keeps the last
 * count rather than toasting every half minute.
 */
export function useNoticeBell() {
  return useQuery({
    queryKey: noticeKeys.bell,
    queryFn: () => call(noticeEndpoints.bell, { silent: true }),
    refetchInterval: NOTICE_POLL_SECONDS * 1000,
    refetchOnWindowFocus: true,
  });
}

/** 消息中心's list, paged by the server, newest first. */
export function useNotices(filters: FiltersOf<NoticeListQuery>) {
  return usePagedQuery({
    queryKey: noticeKeys.list,
    queryFn: (query: NoticeListQuery) => call(noticeEndpoints.list, { query }),
    filters,
  });
}

/** Marking read, one or all; each refreshes the bell, the lists and the home page's 最新动态. */
export function useNoticeActions() {
  const act = useAction(noticeKeys.all, WORKBENCH_KEY);
  return {
    markRead: (id: string) => act(() => call(noticeEndpoints.read, { params: { id } })),
    markAllRead: () =>
      act(
        () => call(noticeEndpoints.readAll),
        ({ count }) => (count > 0 ? `已将 ${count} 条消息标为已读` : '没有未读消息'),
      ),
  };
}

/**
 * Opening a message: marks it read (when it is not yet) and goes to its link, a path of the hash router
 * ('' opens nothing). The page is opened without waiting for the read: a refused read has been shown.
 */
export function useOpenNotice(after?: () => void) {
  const navigate = useNavigate();
  const { markRead } = useNoticeActions();
  return (notice: NoticeMessage) => {
    if (!notice.read) void markRead(notice.id);
    after?.();
    if (notice.link) navigate(notice.link);
  };
}
