import {
  NOTICE_CATEGORIES,
  NOTICE_CATEGORY_LABELS,
  NOTICE_READ_FILTERS,
  type NoticeCategory,
  type NoticeMessage,
  type NoticeReadFilter,
} from '@eduqa/contract';
import { Badge, Button, Select, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { type FilterParsers, oneOf, useUrlFilters } from '../../../shared/routing/use-url-filters.ts';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { phoneTable, useIsPhone } from '../../../shared/ui/responsive.ts';
import { useNoticeActions, useNoticeBell, useNotices, useOpenNotice } from '../api.ts';
import { CATEGORY_OPTIONS } from '../settings/category-options.ts';
import { NoticePreferencesModal } from '../settings/preferences-modal.tsx';

interface NoticeFilters {
  category: NoticeCategory | undefined;
  read: NoticeReadFilter | undefined;
}
/** In the address, so a filtered list survives a reload and Back from an opened message. */
const PARSERS: FilterParsers<NoticeFilters> = {
  category: oneOf(NOTICE_CATEGORIES),
  read: oneOf(NOTICE_READ_FILTERS),
};
const NONE: NoticeFilters = { category: undefined, read: undefined };

export const READ_FILTER_LABELS: Record<NoticeReadFilter, string> = { unread: '未读', read: '已读' };
const READ_OPTIONS = NOTICE_READ_FILTERS.map((value) => ({ value, label: READ_FILTER_LABELS[value] }));

function noticeColumns(input: {
  onOpen: (notice: NoticeMessage) => void;
  onRead: (notice: NoticeMessage) => void;
}): TableColumnsType<NoticeMessage> {
  return [
    {
      title: '消息',
      key: 'title',
      render: (_, n) => (
        <div style={{ display: 'flex', gap: 8, minWidth: 0 }}>
          <Badge status={n.read ? 'default' : 'processing'} aria-label={n.read ? '已读' : '未读'} />
          <div style={{ minWidth: 0 }}>
            <Button
              type="link"
              size="small"
              style={{
                padding: 0,
                height: 'auto',
                fontWeight: n.read ? 400 : 600,
                whiteSpace: 'normal',
                textAlign: 'left',
              }}
              onClick={() => input.onOpen(n)}
            >
              {n.title}
            </Button>
            {n.body ? (
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                {n.body}
              </Typography.Paragraph>
            ) : null}
          </div>
        </div>
      ),
    },
    {
      title: '类别',
      key: 'category',
      width: 100,
      render: (_, n) => NOTICE_CATEGORY_LABELS[n.category],
    },
    { title: '发送人', key: 'actorName', width: 100, render: (_, n) => n.actorName ?? '系统' },
    { title: '时间', dataIndex: 'createdAt', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, n) =>
        n.read ? (
          <Typography.Text type="secondary">已读</Typography.Text>
        ) : (
          <Button type="link" size="small" onClick={() => input.onRead(n)}>
            标为已读
          </Button>
        ),
    },
  ];
}

/** 消息中心: the signed-in person's messages, filtered by category and read state, newest first. */
export function NoticesPage() {
  const [{ category, read }, setFilters] = useUrlFilters(PARSERS, NONE);
  const { list, page } = useNotices({ ...(category ? { category } : {}), ...(read ? { read } : {}) });
  const unread = useNoticeBell().data?.unread ?? 0;
  const { markRead, markAllRead } = useNoticeActions();
  const [isPreferencesOpen, setPreferencesOpen] = useState(false);
  const onOpen = useOpenNotice();
  const isPhone = useIsPhone();
  const table = phoneTable({
    isPhone,
    columns: noticeColumns({ onOpen, onRead: (n) => void markRead(n.id) }),
    nameKey: 'title',
    nameWidth: 200,
    actionKey: 'actions',
    actionWidth: 90,
    phoneX: 660,
  });
  return (
    <PageCard
      title="消息中心"
      actions={
        <Space wrap>
          <Button onClick={() => setPreferencesOpen(true)}>消息设置</Button>
          <Tooltip title={unread === 0 ? '没有未读消息' : undefined}>
            <Button disabled={unread === 0} onClick={() => void markAllRead()}>
              全部标为已读
            </Button>
          </Tooltip>
        </Space>
      }
    >
      <PagedTable<NoticeMessage>
        filters={
          <>
            <Select
              aria-label="类别"
              placeholder="类别"
              allowClear
              style={{ width: 140 }}
              options={CATEGORY_OPTIONS}
              value={category}
              onChange={(value?: NoticeCategory) => setFilters({ category: value })}
            />
            <Select
              aria-label="状态"
              placeholder="状态"
              allowClear
              style={{ width: 110 }}
              options={READ_OPTIONS}
              value={read}
              onChange={(value?: NoticeReadFilter) => setFilters({ read: value })}
            />
          </>
        }
        rowKey="id"
        columns={table.columns}
        rows={list.data?.records ?? []}
        isLoading={list.isLoading}
        serverPage={page}
        {...(table.scroll?.x ? { scrollX: Number(table.scroll.x) } : {})}
        emptyText="暂无消息"
      />
      <NoticePreferencesModal open={isPreferencesOpen} onClose={() => setPreferencesOpen(false)} />
    </PageCard>
  );
}
