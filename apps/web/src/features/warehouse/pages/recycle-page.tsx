import type { WarehouseTable } from '@eduqa/contract';
import { Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { RecycleBin, RestoreLink } from '../../../shared/ui/recycle-bin.tsx';
import { purgeTable, restoreTable, useRecycle, warehouseKeys } from '../api.ts';

const columns: TableColumnsType<WarehouseTable> = [
  { title: '表名称', dataIndex: 'name', ellipsis: true },
  { title: '所属仓库', dataIndex: 'warehouseName', ellipsis: true },
  { title: '字段数', dataIndex: 'fieldCount', width: 90 },
  {
    title: '数据行数',
    dataIndex: 'rowCount',
    width: 100,
    render: (n: number | null) => (n === null ? '未建物理表' : n),
  },
];

/** 回收站: deleted tables with their rows, restored whole or purged after a confirmation. */
export function RecyclePage() {
  const [keyword, setKeyword] = useState('');
  const paged = useRecycle(keyword);
  const run = useAction(warehouseKeys.all);
  return (
    <RecycleBin<WarehouseTable>
      title="回收站"
      backLabel="返回数据仓库"
      searchPlaceholder="请输入表名称"
      onSearch={setKeyword}
      columns={columns}
      deletedAt={(t) => t.deletedAt?.toISOString() ?? null}
      actions={{
        width: 150,
        render: (t) => (
          <Space size={0}>
            <RestoreLink
              noun="数据表"
              name={t.name}
              description="表及其数据将恢复到原仓库。"
              onConfirm={() => run(() => restoreTable(t.id), '数据表已恢复')}
            />
            <ConfirmLink
              title={`确定彻底删除数据表「${t.name}」吗？`}
              description={`表及其${t.rowCount ?? 0}行数据将被永久删除，不可恢复。`}
              okText="彻底删除"
              isDanger
              onConfirm={() => run(() => purgeTable(t.id), '数据表已彻底删除')}
            >
              彻底删除
            </ConfirmLink>
          </Space>
        ),
      }}
      paged={paged}
    />
  );
}
