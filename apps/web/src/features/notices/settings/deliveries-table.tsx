import {
  DELIVERY_CHANNEL_LABELS,
  DELIVERY_CHANNELS,
  DELIVERY_STATE_LABELS,
  DELIVERY_STATES,
  type DeliveryChannel,
  type DeliveryState,
  type NoticeDelivery,
} from '@eduqa/contract';
import { Select, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { PAGE_SIZE } from '../../../shared/ui/paging.tsx';
import { useDeliveries } from './api.ts';

interface Filter {
  pageNum: number;
  pageSize: number;
  keyword?: string | undefined;
  state?: DeliveryState | undefined;
  channel?: DeliveryChannel | undefined;
}

const STATE_COLORS: Record<DeliveryState, string> = { pending: 'gold', sent: 'green', failed: 'red' };

const columns: TableColumnsType<NoticeDelivery> = [
  { title: '时间', dataIndex: 'createdAt', width: 170, fixed: 'left' },
  {
    title: '渠道',
    dataIndex: 'channel',
    width: 90,
    render: (c: DeliveryChannel) => DELIVERY_CHANNEL_LABELS[c],
  },
  { title: '收件人', dataIndex: 'recipientName', width: 140 },
  { title: '标题', dataIndex: 'subject' },
  {
    title: '状态',
    dataIndex: 'state',
    width: 100,
    render: (state: DeliveryState) => <Tag color={STATE_COLORS[state]}>{DELIVERY_STATE_LABELS[state]}</Tag>,
  },
  { title: '尝试次数', dataIndex: 'attempts', width: 90 },
  { title: '原因', dataIndex: 'lastError', width: 220, render: (error: string | null) => error ?? '' },
];

/** 推送记录: every e-mail and robot post with its state; a failure shows its reason (时间, 渠道, 收件人, 原因). */
export function DeliveriesTable() {
  const [query, setQuery] = useState<Filter>({ pageNum: 1, pageSize: PAGE_SIZE });
  const { data, isLoading } = useDeliveries(query);
  const set = (change: Partial<Filter>) =>
    setQuery((q) => ({ ...q, ...change, pageNum: change.pageNum ?? 1 }));
  return (
    <PagedTable<NoticeDelivery>
      search={{ placeholder: '收件人或标题', onSearch: (keyword) => set({ keyword: keyword || undefined }) }}
      filters={
        <>
          <Select<DeliveryState>
            aria-label="状态"
            placeholder="全部状态"
            allowClear
            style={{ width: 120 }}
            options={DELIVERY_STATES.map((value) => ({ value, label: DELIVERY_STATE_LABELS[value] }))}
            onChange={(state) => set({ state })}
          />
          <Select<DeliveryChannel>
            aria-label="渠道"
            placeholder="全部渠道"
            allowClear
            style={{ width: 120 }}
            options={DELIVERY_CHANNELS.map((value) => ({ value, label: DELIVERY_CHANNEL_LABELS[value] }))}
            onChange={(channel) => set({ channel })}
          />
        </>
      }
      rowKey="id"
      columns={columns}
      rows={data?.records ?? []}
      isLoading={isLoading}
      scrollX={1000}
      emptyText="暂无推送记录"
      serverPage={{
        current: query.pageNum,
        total: data?.total ?? 0,
        onChange: (pageNum) => set({ pageNum }),
      }}
    />
  );
}
