import { type DimensionWire, standardsEndpoints as E } from '@eduqa/contract';
import { Button, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { call } from '../../../shared/api/client.ts';
import { notify } from '../../../shared/ui/feedback.tsx';
import { ConfirmLink } from '../../system/components/confirm-link.tsx';
import { PageCard } from '../../system/components/page-card.tsx';
import { PagedTable } from '../../system/components/paged-table.tsx';
import { useDialog } from '../../system/components/use-dialog.ts';
import { PAGE_SIZE } from '../../system/paging.ts';
import { useCanManage, useDimensions, useRefreshStandards } from '../api.ts';
import { DimensionFormModal } from '../components/dimension-form-modal.tsx';

/** 维度管理: dimension types, searched and paged on the server. */
export default function DimensionsPage() {
  const canManage = useCanManage();
  const refresh = useRefreshStandards();
  const [keyword, setKeyword] = useState<string>();
  const [pageNum, setPageNum] = useState(1);
  const { data, isFetching } = useDimensions({ keyword, pageNum, pageSize: PAGE_SIZE });
  const dialog = useDialog<DimensionWire>();

  const remove = async (dimension: DimensionWire) => {
    try {
      await call(E.dimensionDelete, { body: { pk_Dimension_Id: dimension.pk_Dimension_Id }, json: true });
    } catch {
      return;
    }
    notify.success(`已删除维度「${dimension.dimension_Name}」`);
    await refresh();
  };

  const columns: TableColumnsType<DimensionWire> = [
    { title: '维度名称', dataIndex: 'dimension_Name', ellipsis: true },
    { title: '显示名称', dataIndex: 'display_Name', ellipsis: true },
    { title: '排序', dataIndex: 'sort', width: 80 },
    ...(canManage
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 140,
            render: (_: unknown, dimension: DimensionWire) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => dialog.show(dimension)}>
                  编辑
                </Button>
                <ConfirmLink
                  title={`确定删除维度「${dimension.dimension_Name}」吗？`}
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
    >
      <PagedTable<DimensionWire>
        search={{
          placeholder: '请输入维度名称或显示名称',
          onSearch: (value) => {
            setKeyword(value || undefined);
            setPageNum(1);
          },
        }}
        rowKey="pk_Dimension_Id"
        columns={columns}
        rows={data?.records ?? []}
        isLoading={isFetching}
        serverPage={{ current: pageNum, total: data?.total ?? 0, onChange: setPageNum }}
      />
      <DimensionFormModal open={dialog.open} dimension={dialog.target} onClose={dialog.hide} />
    </PageCard>
  );
}
