import { CheckOutlined } from '@ant-design/icons';
import type { ValueNotice } from '@eduqa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type FilterParsers, oneOf, useUrlFilters } from '../../../shared/routing/use-url-filters.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PAGINATION } from '../../../shared/ui/paging.tsx';
import { type NoticeFilters, readValueNotice, useValueNotices } from '../api.ts';

const READ_FILTER = [
  { value: '0', label: '未确认' },
  { value: '1', label: '已确认' },
];

/** Opens on 未确认; cleared, the address says `all` so the default does not come back. */
const NOTICE_FILTERS: FilterParsers<{ read: '0' | '1' | 'all' }> = { read: oneOf(['0', '1', 'all']) };

const shown = (text: string) =>
  text === '' ? <Typography.Text type="secondary">（空）</Typography.Text> : text;

/**
 * 数据变更提醒: a filler committed a value other than the one the school already held for them (数据只采一次).
 * The source's owner reads what changed, corrects the source if the filler is right, and confirms.
 */
export default function ValueNoticesPage() {
  const [{ read }, setRead] = useUrlFilters(NOTICE_FILTERS, { read: '0' });
  const filters: NoticeFilters = read === 'all' ? {} : { read };
  const { list, page } = useValueNotices(filters);
  const queryClient = useQueryClient();
  const [busyId, setBusyId] = useState<string | null>(null);

  const confirm = async (notice: ValueNotice) => {
    setBusyId(notice.id);
    try {
      await readValueNotice(notice.id);
      notify.success('已确认');
      await queryClient.invalidateQueries({ queryKey: ['forms', 'valueNotices'] });
    } catch {
      // the client has shown the server's message
    } finally {
      setBusyId(null);
    }
  };

  const columns: TableColumnsType<ValueNotice> = [
    { title: '提交的表单', dataIndex: 'formName', ellipsis: true },
    { title: '字段', dataIndex: 'fieldLabel', width: 120, ellipsis: true },
    { title: '填报人', dataIndex: 'objectName', width: 100, ellipsis: true },
    { title: '部门', dataIndex: 'departmentName', width: 120, ellipsis: true },
    { title: '数据来源', dataIndex: 'source', ellipsis: true },
    { title: '来源中的值', dataIndex: 'knownValue', ellipsis: true, render: shown },
    { title: '提交的值', dataIndex: 'newValue', ellipsis: true, render: shown },
    { title: '提交时间', dataIndex: 'createdAt', width: 170 },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_: unknown, notice: ValueNotice) =>
        notice.isRead ? (
          <Tag>已确认</Tag>
        ) : (
          <Button
            size="small"
            icon={<CheckOutlined />}
            loading={busyId === notice.id}
            onClick={() => void confirm(notice)}
          >
            确认
          </Button>
        ),
    },
  ];

  return (
    <PageCard title="数据变更提醒">
      <Typography.Paragraph type="secondary">
        填报人提交的值与学校已有的数据（其他表单已审核的数据或数据仓库）不同时，提醒数据来源的负责人核对。
      </Typography.Paragraph>
      <Select
        aria-label="确认状态"
        allowClear
        placeholder="全部"
        style={{ width: 140, marginBottom: 16 }}
        options={READ_FILTER}
        value={filters.read}
        onChange={(next?: '0' | '1') => setRead({ read: next ?? 'all' })}
      />
      <Table<ValueNotice>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        pagination={{ ...PAGINATION, ...page }}
        scroll={{ x: 1200 }}
        locale={{ emptyText: '暂无数据变更提醒' }}
      />
    </PageCard>
  );
}
