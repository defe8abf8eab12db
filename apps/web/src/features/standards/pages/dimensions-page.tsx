import type { DimensionType } from '@eduqa/contract';
import { Button, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { ConfirmLink } from '../../../shared/ui/confirm-link.tsx';
import { notify } from '../../../shared/ui/feedback.tsx';
import { PageCard } from '../../../shared/ui/page-card.tsx';
import { PagedTable } from '../../../shared/ui/paged-table.tsx';
import { PAGE_SIZE } from '../../../shared/ui/paging.tsx';
import { useDialog } from '../../../shared/ui/use-dialog.ts';
import { deleteDimension, useCanManage, useDimensions, useRefreshStandards } from '../api.ts';
import { DimensionExcelActions } from '../components/dimension-excel-actions.tsx';
import { DimensionFormModal } from '../components/dimension-form-modal.tsx';

/** 维度管理: dimension types, searched and paged on the server; Excel export, template and import. */
export default function DimensionsPage() {
  const canManage = useCanManage();
  const refresh = useRefreshStandards();
  const [keyword, setKeyword] = useState<string>();
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useDimensions({ keyword, pageNum, pageSize: PAGE_SIZE });
  const dialog = useDialog<DimensionType>();

  const remove = async (dimension: DimensionType) => {
    try {
      await deleteDimension(dimension.id);
    } catch {
      return;
    }
    notify.success(`已删除维度「${dimension.name}」`);
    await refresh();
  };

  const columns: TableColumnsType<DimensionType> = [
    { title: '维度名称', dataIndex: 'name', ellipsis: true },
    { title: '显示名称', dataIndex: 'displayName', ellipsis: true },
    { title: '排序', dataIndex: 'sort', width: 80 },
    ...(canManage
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 140,
            render: (_: unknown, dimension: DimensionType) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => dialog.show(dimension)}>
                  编辑
                </Button>
                <ConfirmLink
                  title={`确定删除维度「${dimension.name}」吗？`}
                  okText="删除"
                  isDanger
                  onConfirm={() => remove(dimension)}
                >
                  删除
                </ConfirmLink>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <PageCard
      title="维度管理"
      {...(canManage ? { add: { label: '新增维度', onClick: () => dialog.show() } } : {})}
      actions={<DimensionExcelActions canManage={canManage} />}
    >
      <PagedTable<DimensionType>
        search={{
          placeholder: '请输入维度名称或显示名称',
          onSearch: (value) => {
            setKeyword(value || undefined);
            setPageNum(1);
          },
        }}
        rowKey="id"
        columns={columns}
        rows={data?.records ?? []}
        isLoading={isFetching}
        serverPage={{ current: pageNum, total: data?.total ?? 0, onChange: setPageNum }}
      />
      <DimensionFormModal open={dialog.open} dimension={dialog.target} onClose={dialog.hide} />
    </PageCard>
  );
}
