import { TABLE_EMPTY_TEXT } from '@eduqa/contract';
import { Button, Result, Space, Table } from 'antd';
import { useState } from 'react';
import { useAction } from '../../../shared/api/use-action.ts';
import { PAGE_SIZE, PAGINATION } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { type CoverRow, reportKeys, useCovers } from './api.ts';
import { coverColumns } from './cover-columns.tsx';
import { CoverFormModal } from './cover-form-modal.tsx';

/** 报告封面: exactly one is the default, used when a generation names none. */
export function CoversTab({ canManage }: { canManage: boolean }) {
  const [pageNum, setPageNum] = useState(1);
  const covers = useCovers({ pageNum, pageSize: PAGE_SIZE });
  const form = useDialog<null>();
  const act = useAction(reportKeys.all);

  const columns = coverColumns({ canManage, act });

  return (
    <>
      {canManage ? (
        <Space style={{ marginBottom: 16 }}>
          <Button type="primary" onClick={() => form.show(null)}>
            新增封面
          </Button>
        </Space>
      ) : null}
      {covers.isError ? (
        <Result status="error" title="加载失败" subTitle={covers.error.message} />
      ) : (
        <Table<CoverRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={covers.data?.records ?? []}
          loading={covers.isLoading}
          locale={{ emptyText: TABLE_EMPTY_TEXT }}
          pagination={{
            ...PAGINATION,
            current: pageNum,
            total: covers.data?.total ?? 0,
            onChange: setPageNum,
          }}
        />
      )}
      <CoverFormModal open={form.open} onClose={form.hide} />
    </>
  );
}
