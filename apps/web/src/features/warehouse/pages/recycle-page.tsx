import type { TableWire } from '@eduqa/contract';
import { Button, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { purgeTable, restoreTable, useRecycle, warehouseKeys } from '../api.ts';

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');

/** 回收站: deleted tables with their rows, restored whole or purged after a confirmation. */
export function RecyclePage() {
  const [keyword, setKeyword] = useState('');
  const { list, page } = useRecycle(keyword);
  const run = useAction(warehouseKeys.all);
  const navigate = useNavigate();
  const columns: TableColumnsType<TableWire> = [
    { title: '表名称', dataIndex: 'bmc', ellipsis: true },
    { title: '所属仓库', dataIndex: 'ckmc', ellipsis: true },
    { title: '字段数', dataIndex: 'zdsl', width: 90 },
    {
      title: '数据行数',
      dataIndex: 'hs',
      width: 100,
      render: (n: number | null) => (n === null ? '未建物理表' : n),
    },
    { title: '删除时间', dataIndex: 'scsj', width: 180, render: time },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, t) => (
        <Space size={0}>
          <ConfirmLink
            title={`确定恢复数据表「${t.bmc}」吗？`}
            description="表及其数据将恢复到原仓库。"
            okText="恢复"
            onConfirm={() => run(() => restoreTable(t.id), '数据表已恢复')}
          >
            恢复
          </ConfirmLink>
          <ConfirmLink
            title={`确定彻底删除数据表「${t.bmc}」吗？`}
            description={`表及其${t.hs ?? 0}行数据将被永久删除，不可恢复。`}
            okText="彻底删除"
            isDanger
            onConfirm={() => run(() => purgeTable(t.id), '数据表已彻底删除')}
          >
            彻底删除
          </ConfirmLink>
        </Space>
      ),
    },
  ];
  return (
    <PageCard title="回收站">
      <Button style={{ marginBottom: 16 }} onClick={() => navigate('..')}>
        返回数据仓库
      </Button>
      <PagedTable<TableWire>
        search={{ placeholder: '请输入表名称', onSearch: setKeyword }}
        rowKey="id"
        columns={columns}
        rows={list.data?.records ?? []}
        isLoading={list.isFetching}
        serverPage={page}
      />
    </PageCard>
  );
}
